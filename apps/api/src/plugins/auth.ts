import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodType } from 'zod';
import { MSG } from '@parceldesk/shared/messages';
import { forbidden, unauthorized } from '../lib/app-error';
import type { Database } from '../db/client';
import { TokenError, type TokenSigner } from '../security/tokens';
import { canAccess, type Access } from '@parceldesk/shared/access';
import { checkSession, loadPrincipalWithProfile, sessionFingerprintSql, type CheckedSession, type Principal } from '../lib/principal';
import { carrySessionCheck, SessionGuesses, type DeferredSessionCheck } from '../lib/deferred-session';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import { isKeyToken, loadKeyPrincipal } from '../lib/api-keys';
import { API_KEY_ERRORS } from '@parceldesk/shared/api-scopes';
import { AppError } from '../lib/app-error';
import { writeAudit } from '../lib/audit';

declare module 'fastify' {
  /**
   * Every API route declares who may call it, next to the route: the shared `Access`, which the
   * web's screens read too. A route registered without one stops the server from starting; the
   * tenancy rule is proved by apps/api/src/test/access-matrix.
   */
  interface FastifyContextConfig {
    access?: Access;
    /** A multipart route's body as the API documentation shows it; the handler reads the parts itself. */
    multipartBody?: ZodType;
    /** The route answers with the caller's staff profile: the session check selects it too (one statement, issue 16). */
    staffProfile?: boolean;
    /**
     * The route only reads, returns its answer, and reads it with readTogether given
     * `request.deferredSession`, whose statement then checks the session too
     * (lib/deferred-session.ts; every list route does so through its query, without declaring it).
     */
    sessionInStatement?: boolean;
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The caller's staff profile, loaded with the session on routes declaring `staffProfile` (null for a customer). */
    staffProfile: AuthUser | null;
    /** A list route's session check, when its page's statement carries it (lib/deferred-session.ts). */
    deferredSession: DeferredSessionCheck | null;
  }
  interface FastifyInstance {
    /** Every /api route as registered, with its declaration: the access matrix and the fuzzer walk it. */
    apiRoutes: readonly ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  schema: FastifySchema | undefined;
  bodyLimit: number | undefined;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 ? token : null;
}

/** The bearer token's verified claims; messages mention "token" so the browser signs out (spec section 8). */
async function accessClaims(request: FastifyRequest, signer: TokenSigner) {
  const token = bearerToken(request);
  if (!token) throw unauthorized(MSG.authRequired);
  let claims;
  try {
    claims = await signer.verify(token);
  } catch (error) {
    throw unauthorized(error instanceof TokenError && error.reason === 'expired' ? MSG.sessionExpired : 'Invalid token');
  }
  if (claims.type !== 'access') throw unauthorized('Invalid token type');
  return claims;
}

/**
 * Checks the session the token names: it must be live and belong to the token's subject. On a
 * route declaring `staffProfile` the same statement also loads the caller's profile into the request.
 */
async function checkedSession(request: FastifyRequest, db: Database, claims: { sid: string; sub: string }): Promise<CheckedSession> {
  let found: CheckedSession | null;
  if (request.routeOptions.config.staffProfile) {
    const withProfile = await loadPrincipalWithProfile(db, claims.sid);
    found = withProfile;
    request.staffProfile = withProfile?.profile ?? null;
  } else {
    found = await checkSession(db, claims.sid);
  }
  if (!found || found.principal.id !== claims.sub) throw unauthorized(MSG.sessionExpired);
  return found;
}

export function authorize(principal: Principal, access: Access) {
  if (!canAccess(principal, access)) throw forbidden();
}

/**
 * A list route (a GET whose query names a page and its size; every one runs lib/list-query.ts):
 * its page's statement checks the session itself (lib/deferred-session.ts).
 */
export function isListRoute(method: string | readonly string[], schema: FastifySchema | undefined): boolean {
  if ([method].flat().some((m) => m !== 'GET')) return false;
  const shape = (schema?.querystring as { shape?: Record<string, unknown> } | undefined)?.shape;
  return Boolean(shape && 'page' in shape && 'pageSize' in shape);
}

/**
 * Issue 17, the second principal kind: `Authorization: Bearer pdk_…` is a courier's API key
 * (ADR 024). Only routes declaring `apiScope` admit one, and only with that scope; every refusal
 * carries a stable code. A session token never reaches this path (it does not start with `pdk_`).
 */
async function authenticateKey(request: FastifyRequest, db: Database, token: string, access: Access): Promise<Principal> {
  const apiScope = 'roles' in access ? access.apiScope : undefined;
  const found = await loadKeyPrincipal(db, token, request.ip);
  if (found.outcome !== 'ok') {
    throw found.outcome === 'revoked'
      ? new AppError(401, 'This API key has been revoked', undefined, API_KEY_ERRORS.revoked)
      : new AppError(401, 'Invalid API key', undefined, API_KEY_ERRORS.invalid);
  }
  if (!apiScope) throw new AppError(403, 'This route is not open to API keys', undefined, API_KEY_ERRORS.notAllowed);
  if (!found.scopes.includes(apiScope)) throw new AppError(403, `This API key lacks the ${apiScope} scope`, undefined, API_KEY_ERRORS.scopeMissing);
  return found.principal;
}

/** Adds the access check to every /api route from its declaration; it runs before body validation so an anonymous caller gets 401, not 400. */
export function registerAuth(app: FastifyInstance, db: Database, signer: TokenSigner) {
  app.decorateRequest('principal', null);
  app.decorateRequest('staffProfile', null);
  app.decorateRequest('deferredSession', null);
  const guesses = new SessionGuesses();
  /** The session check, remembered as the next request's guess (and forgotten when it fails). */
  const authenticate = async (request: FastifyRequest, claims: { sid: string; sub: string }): Promise<CheckedSession> => {
    try {
      const checked = await checkedSession(request, db, claims);
      guesses.remember(checked);
      return checked;
    } catch (error) {
      guesses.forget(claims.sid);
      throw error;
    }
  };
  // Issue 17: every call made with an API key is in the audit log as that key (what, answer, from where).
  // onSend, so the row is written before the caller has its answer.
  app.addHook('onSend', async (request, reply, payload) => {
    const principal = request.principal;
    if (principal?.kind !== 'api_key') return payload;
    await writeAudit(db, {
      courierId: principal.courierId, actorType: 'api_key', actorId: principal.id, action: 'api_key.call', ip: request.ip,
      details: { method: request.method, route: request.routeOptions.url ?? request.url, statusCode: reply.statusCode },
    }).catch((error: unknown) => request.log.error({ err: error }, 'API key call audit failed'));
    return payload;
  });
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} has no access declaration`);
    for (const method of [route.method].flat()) {
      apiRoutes.push({ method, url: route.url, access, schema: route.schema, bodyLimit: route.bodyLimit });
    }
    if ('public' in access) return;
    const deferrable = isListRoute(route.method, route.schema) || route.config?.sessionInStatement === true;
    const check = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (token && isKeyToken(token)) {
        request.principal = await authenticateKey(request, db, token, access);
        return;
      }
      const claims = await accessClaims(request, signer);
      // A list checks the session in its page's statement, starting from this session's last check.
      const guess = deferrable ? guesses.get(claims.sid) : undefined;
      if (guess && guess.principal.id === claims.sub && canAccess(guess.principal, access)) {
        request.principal = guess.principal;
        request.deferredSession = { guess, state: 'pending', fingerprintSql: sessionFingerprintSql };
        return;
      }
      const { principal } = await authenticate(request, claims);
      request.principal = principal;
      authorize(principal, access);
    };
    if (deferrable) {
      const handler = route.handler;
      // A query that fails validation reaches the handler below (and is refused there), so that a
      // session that is no longer live answers 401 before a 400 says anything about the query.
      route.attachValidation = true;
      /**
       * The answer of a handler that ran on a guess goes out only once a statement confirmed the
       * session, or the session was checked after it and found unchanged; a changed principal runs
       * the handler again (a list only reads). Every list handler returns its answer.
       */
      route.handler = async function deferredSessionHandler(this: FastifyInstance, request, reply) {
        const run = () => {
          if (request.validationError) throw request.validationError;
          return handler.call(this, request, reply);
        };
        const deferred = request.deferredSession;
        if (!deferred) return run();
        let outcome: { value: unknown } | { error: unknown };
        carrySessionCheck(request.query, deferred);
        try {
          outcome = { value: await run() };
        } catch (error) {
          outcome = { error };
        }
        if (reply.sent) throw new Error(`${route.method} ${route.url} sent its answer itself; a list route returns it`);
        if (deferred.state !== 'confirmed') {
          request.deferredSession = null;
          // The token was verified before the handler ran; its session is what is checked now.
          const { principal: guessed } = deferred.guess;
          const { principal, fingerprint } = await authenticate(request, { sid: guessed.sessionId, sub: guessed.id });
          if (deferred.state === 'changed' || fingerprint !== deferred.guess.fingerprint) {
            request.principal = principal;
            authorize(principal, access);
            return run();
          }
        }
        if ('error' in outcome) throw outcome.error;
        return outcome.value;
      };
    }
    const existing = route.preValidation;
    route.preValidation = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}

/** The signed-in principal of a route that declared roles; the auth hook has already run. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(MSG.authRequired);
  return request.principal;
}
