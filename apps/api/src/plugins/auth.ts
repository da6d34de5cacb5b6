import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodType } from 'zod';
import { MSG } from '@parceldesk/shared/messages';
import { forbidden, unauthorized } from '../lib/app-error';
import type { Database } from '../db/client';
import { TokenError, type TokenSigner } from '../security/tokens';
import { canAccess, type Access } from '@parceldesk/shared/access';
import { loadPrincipal, loadPrincipalWithProfile, type Principal } from '../lib/principal';
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
  }
  interface FastifyRequest {
    principal: Principal | null;
    /** The caller's staff profile, loaded with the session on routes declaring `staffProfile` (null for a customer). */
    staffProfile: AuthUser | null;
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

/**
 * Verifies the bearer token and its live session; messages mention "token" so the browser signs out (spec section 8).
 * On a route declaring `staffProfile` the same statement also loads the caller's profile into the request.
 */
export async function authenticate(request: FastifyRequest, db: Database, signer: TokenSigner): Promise<Principal> {
  const token = bearerToken(request);
  if (!token) throw unauthorized(MSG.authRequired);
  let claims;
  try {
    claims = await signer.verify(token);
  } catch (error) {
    throw unauthorized(error instanceof TokenError && error.reason === 'expired' ? MSG.sessionExpired : 'Invalid token');
  }
  if (claims.type !== 'access') throw unauthorized('Invalid token type');
  let principal: Principal | null;
  if (request.routeOptions.config.staffProfile) {
    const found = await loadPrincipalWithProfile(db, claims.sid);
    principal = found?.principal ?? null;
    request.staffProfile = found?.profile ?? null;
  } else {
    principal = await loadPrincipal(db, claims.sid);
  }
  if (!principal || principal.id !== claims.sub) throw unauthorized(MSG.sessionExpired);
  return principal;
}

export function authorize(principal: Principal, access: Access) {
  if (!canAccess(principal, access)) throw forbidden();
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
    const check = async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (token && isKeyToken(token)) {
        request.principal = await authenticateKey(request, db, token, access);
        return;
      }
      const principal = await authenticate(request, db, signer);
      request.principal = principal;
      authorize(principal, access);
    };
    const existing = route.preValidation;
    route.preValidation = existing ? [check, ...(Array.isArray(existing) ? existing : [existing])] : [check];
  });
}

/** The signed-in principal of a route that declared roles; the auth hook has already run. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized(MSG.authRequired);
  return request.principal;
}
