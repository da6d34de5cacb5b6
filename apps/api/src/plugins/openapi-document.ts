import { z } from 'zod';
import type { Access } from '@parceldesk/shared/access';
import { API_KEY_ERRORS, API_KEY_TOKEN_PREFIX, API_SCOPE_LABELS, API_SCOPES, type ApiScope } from '@parceldesk/shared/api-scopes';
import { apiErrorBodySchema } from '@parceldesk/shared/schemas/common';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_HEADERS } from '@parceldesk/shared/schemas/webhooks';
import type { Env } from '../env';
import { errorExamples, OPERATION_EXAMPLES, type NamedExample } from './openapi-examples';

/**
 * What the OpenAPI document says beyond the route schemas (issue 17, public API): how to
 * authenticate, the error model, paging, the rate limits as security/rate-limit.ts applies them,
 * webhooks, and who may call each route — generated from the same `config.access` declarations
 * the auth hook enforces, so the documentation cannot drift from what the server does.
 */

interface DocumentedRoute { method: string; url: string; access: Access }
type Media = { schema?: unknown; example?: unknown; examples?: Record<string, NamedExample> };
type Response = { description?: string; content?: Record<string, Media> };
type Operation = {
  security?: unknown[]; responses?: Record<string, Response>; description?: string; 'x-access'?: unknown;
  requestBody?: { content?: Record<string, Media> }; parameters?: { in: string; name: string; example?: unknown }[];
};
type OpenApiObject = { info?: { description?: string }; paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

export const SECURITY_SCHEMES = {
  session: {
    type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
    description: 'The token a sign-in answers (POST /api/auth/...login). It names a server-side session: sign-out, a password change or a suspended courier ends it at once, on every instance.',
  },
  apiKey: {
    type: 'http', scheme: 'bearer', bearerFormat: `${API_KEY_TOKEN_PREFIX}… API key`,
    description: `A courier's API key (Settings → Integrations), sent as \`Authorization: Bearer ${API_KEY_TOKEN_PREFIX}…\`. It opens only the operations whose \`x-access.apiScope\` it holds, for its own courier only; every call is audited as the key.`,
  },
} as const;

/** The error body (`apiErrorBodySchema` of shared) as the document's `Error` component. */
const errorSchema = z.toJSONSchema(apiErrorBodySchema, { target: 'openapi-3.0' });

/** The stable meaning of each status this API answers with an error body. */
export const ERROR_RESPONSES: Record<string, string> = {
  400: 'The request is malformed or a field is invalid (`fieldErrors` names the fields).',
  401: 'No valid session (missing, expired or revoked token). A message mentioning "token" means: sign in again.',
  403: 'Signed in, but this role or permission may not call the route.',
  404: 'Not found — also the answer for another courier\'s record, whatever its id: tenants are never revealed.',
  409: 'The record\'s current state forbids it (an illegal status move, a duplicate); `code` says which rule.',
  422: 'The input is fine but the courier\'s data cannot serve it yet (for example pricing without rates).',
  429: 'Too many attempts; `Retry-After` says when to try again (see Rate limits).',
};

const who = (access: Access): string => {
  if ('public' in access) return 'public';
  const permission = access.permission === undefined ? '' : ` (branch managers and staff need ${[access.permission].flat().join(' or ')})`;
  const people = access.roles.length > 0 ? `${access.roles.join(', ')}${permission}` : '';
  const key = access.apiScope ? `an API key with \`${access.apiScope}\`` : '';
  return [people, key].filter(Boolean).join('; or ');
};

const scopeOf = (access: Access): ApiScope | undefined => ('roles' in access ? access.apiScope : undefined);

/** Which operations each key scope opens, read from the routes' declarations (never a hand-kept list). */
export function scopeTable(routes: readonly DocumentedRoute[]): string[] {
  return API_SCOPES.flatMap((scope) => {
    const opened = routes.filter((route) => route.method !== 'HEAD' && scopeOf(route.access) === scope).map((route) => `\`${route.method} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}\``);
    return [`- **\`${scope}\`** (${API_SCOPE_LABELS[scope]}): ${opened.length > 0 ? opened.join(', ') : 'no operation yet'}`];
  });
}

type LimitsEnv = Pick<Env, 'RATE_LIMIT_WINDOW_SECONDS' | 'RATE_LIMIT_IP_MAX' | 'RATE_LIMIT_ACCOUNT_MAX' | 'TRACK_RATE_LIMIT_PER_MINUTE'>;

export function describeApi(env: LimitsEnv, routes: readonly DocumentedRoute[]): string {
  return [
    'The ParcelDesk REST API: the one the web app uses, documented for integrators. Every path is under `/api`; bodies and answers are JSON unless a route says otherwise.',
    '',
    '## Authentication',
    '- **Session** (`Authorization: Bearer <token>`): the token of a sign-in. Each operation lists who may call it (`x-access`: roles and, for branch managers and staff, the permission).',
    `- **API key** (\`Authorization: Bearer ${API_KEY_TOKEN_PREFIX}…\`): a courier admin creates keys with scopes; a key opens only the operations declaring its scope (\`x-access.apiScope\`), for its own courier.`,
    '- Public operations need no token.',
    '',
    '## What each API key scope opens',
    ...scopeTable(routes),
    '',
    '## Errors',
    'Every error answers `{ message, fieldErrors?, code? }` with one of these statuses, whose meaning does not change:',
    ...Object.entries(ERROR_RESPONSES).map(([status, text]) => `- **${status}**: ${text}`),
    `- API key refusals carry \`code\`: ${Object.values(API_KEY_ERRORS).map((code) => `\`${code}\``).join(', ')} (401 for the first two, 403 for the others).`,
    '- **5xx**: our fault; the body never carries internals. Retry writes only with an `Idempotency-Key` where the route accepts one.',
    '',
    '## Pagination',
    'List routes take `page` (from 1), `pageSize` (10, 25, 50 or 100), `sort` and `order` (`asc`/`desc`), `search`, and `filters` (a JSON object: column → value, several values, or `{ from, to }`). They answer `{ data, total, page, pageSize, ... }`; `total` counts every match.',
    '',
    '## Rate limits',
    'Counted in PostgreSQL in fixed windows, so every instance counts together. They guard sign-in and password reset, not ordinary reads and writes:',
    `- sign-in and password reset: ${env.RATE_LIMIT_IP_MAX} attempts per IP address and ${env.RATE_LIMIT_ACCOUNT_MAX} failures per account per ${env.RATE_LIMIT_WINDOW_SECONDS} s window;`,
    `- public tracking (GET /api/track/{number}): ${env.TRACK_RATE_LIMIT_PER_MINUTE} lookups per IP address per minute;`,
    '- a courier\'s test email: per IP address, in the sign-in window.',
    'Over a limit the answer is 429 with `Retry-After` (seconds).',
    '',
    '## Webhooks',
    `A courier admin subscribes URLs to events (Settings → Webhooks): ${WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}. Each event is POSTed as \`{ id, type, createdAt, data }\` with the headers:`,
    `- \`${WEBHOOK_HEADERS.id}\`: the event id — the same on every retry and resend: keep the ids you processed and ignore a repeat;`,
    `- \`${WEBHOOK_HEADERS.event}\`: the event type;`,
    `- \`${WEBHOOK_HEADERS.timestamp}\`: Unix seconds when this attempt was signed;`,
    `- \`${WEBHOOK_HEADERS.signature}\`: \`v1=\` + hex HMAC-SHA256 of \`{timestamp}.{raw body}\` keyed with the endpoint's secret (\`whsec_…\`, shown once at creation).`,
    'Verify: recompute the HMAC over the raw bytes, compare in constant time, and refuse a timestamp more than 5 minutes from your clock (replay). Answer 2xx within 10 s; anything else is retried with exponential backoff (about 30 s, 1, 2, 4 … minutes, 8 retries), then marked failed; the delivery log shows each answer and can resend.',
  ].join('\n');
}

const json = (holder: { content?: Record<string, Media> } | undefined): Media | undefined => holder?.content?.['application/json'];

/** Puts the operation's examples (openapi-examples.ts) on its query parameters, body and answers, and the error body's on each error answer. */
function addExamples(operation: Operation, key: string, isKeyOperation: boolean) {
  const examples = OPERATION_EXAMPLES[key];
  for (const parameter of operation.parameters ?? []) {
    const value = parameter.in === 'query' ? examples?.query?.[parameter.name] : undefined;
    if (value !== undefined) parameter.example = value;
  }
  const body = json(operation.requestBody);
  if (body && examples?.request) {
    delete body.example;
    body.examples = examples.request;
  }
  for (const [status, response] of Object.entries(operation.responses ?? {})) {
    const media = json(response);
    if (!media) continue;
    const named = examples?.responses[status] ?? ((media.schema as { $ref?: string } | undefined)?.$ref === '#/components/schemas/Error' ? errorExamples(status, isKeyOperation) : undefined);
    if (named && Object.keys(named).length > 0) {
      delete media.example;
      media.examples = named;
    }
  }
}

/** Adds security, error responses and the access declaration to every operation of the document. */
export function enrichOpenApi(document: OpenApiObject, routes: readonly DocumentedRoute[], env: LimitsEnv): OpenApiObject {
  const byKey = new Map(routes.map((route) => [`${route.method.toLowerCase()} ${route.url.replace(/:([A-Za-z]+)/g, '{$1}')}`, route.access]));
  for (const [path, operations] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const access = byKey.get(`${method} ${path}`);
      if (!access) continue;
      const isPublic = 'public' in access;
      const scope = scopeOf(access);
      const isKeyOnly = !isPublic && access.roles.length === 0;
      operation.security = isPublic ? [] : [...(isKeyOnly ? [] : [{ session: [] }]), ...(scope ? [{ apiKey: [] }] : [])];
      operation['x-access'] = isPublic ? { public: true } : { roles: access.roles, permission: access.permission ?? null, apiScope: scope ?? null };
      operation.description = [operation.description, `**Who may call it:** ${who(access)}.`].filter(Boolean).join('\n\n');
      const statuses = isPublic ? ['400', '404', '409', '429'] : ['400', '401', '403', '404', '409'];
      operation.responses = { ...operation.responses };
      for (const status of statuses) {
        operation.responses[status] ??= { description: ERROR_RESPONSES[status], content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
      }
      addExamples(operation, `${method.toUpperCase()} ${path}`, scope !== undefined);
    }
  }
  document.info = { ...document.info, description: describeApi(env, routes) };
  document.components = { ...document.components, securitySchemes: SECURITY_SCHEMES, schemas: { ...(document.components?.schemas as object), Error: errorSchema } };
  return document;
}
