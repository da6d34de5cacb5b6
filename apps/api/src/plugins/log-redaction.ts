import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Query parameters whose values are credentials; matched on the decoded, lower-cased name. */
const SECRET_PARAMS = new Set(['token', 'access_token', 'refresh_token', 'password', 'secret', 'api_key', 'apikey', 'key', 'signature', 'sig', 'code']);

/** Routes whose query string is never logged at all (issue 15, item 6: the live-events token). */
const NO_QUERY_ROUTES = new Set(['/api/events/stream']);

/** Decodes a query parameter name as a parser would (`+` is a space), repeatedly, so `%2574oken` is judged as `token`. */
function decodedName(raw: string): string | null {
  let name = raw.replace(/\+/g, ' ');
  for (let i = 0; i < 4; i++) {
    let next: string;
    try {
      next = decodeURIComponent(name);
    } catch {
      return null;
    }
    if (next === name) break;
    name = next;
  }
  return name.trim().toLowerCase().replace(/\[\]$/, '');
}

/**
 * The URL as logged: on NO_QUERY_ROUTES the path alone, elsewhere every parameter whose decoded
 * name is a credential (or cannot be decoded) has its value replaced. Redacting by the raw name
 * missed `?%74oken=` (issue 15, item 6).
 */
export function redactUrl(url: string, route?: string): string {
  const at = url.indexOf('?');
  if (at === -1) return url;
  const path = url.slice(0, at);
  if ((route && NO_QUERY_ROUTES.has(route)) || NO_QUERY_ROUTES.has(path)) return path;
  const query = url.slice(at + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq === -1 ? pair : pair.slice(0, eq);
    const decoded = decodedName(name);
    if (decoded !== null && !SECRET_PARAMS.has(decoded)) return pair;
    return `${name}=[redacted]`;
  });
  return `${path}?${query.join('&')}`;
}

/** The `req` serializer of the app's logger: the fields pino's default logs, with the URL redacted. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url, request.routeOptions?.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

type LoggerOption = FastifyServerOptions['logger'];

/**
 * The logger configuration with the redacting serializer in it. It lives in the logger's own
 * configuration (not a hook), so whatever destination the logger writes to, synchronous or not,
 * only ever receives redacted URLs.
 */
export function withLogRedaction(logger: LoggerOption): LoggerOption {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, req: serializeRequest } } as LoggerOption;
}
