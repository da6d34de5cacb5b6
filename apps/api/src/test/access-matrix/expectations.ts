import type { Access } from '@parceldesk/shared/access';
import type { Caller } from './world';

/** What a caller must get from a route, derived from the route's own declaration only. */
export type Expectation =
  | { kind: 'public' }
  | { kind: 'unauthenticated' }
  | { kind: 'forbidden'; why: string }
  | { kind: 'allowed' };

/** Answers that prove the caller got past the access check (the empty body then fails validation, or the row is missing…). */
const GOT_THROUGH_4XX = new Set([400, 404, 409, 413, 415, 422, 429]);

export function expectationFor(access: Access, caller: Caller): Expectation {
  if ('public' in access) return { kind: 'public' };
  if (!caller.role) return { kind: 'unauthenticated' };
  if (!access.roles.includes(caller.role)) return { kind: 'forbidden', why: `role ${caller.role} is not in [${access.roles.join(', ')}]` };
  const gated = caller.role === 'branch_manager' || caller.role === 'staff';
  // A list of permissions admits whoever holds any one of them.
  const wanted: readonly string[] = access.permission === undefined ? [] : typeof access.permission === 'string' ? [access.permission] : access.permission;
  if (gated && wanted.length > 0 && !wanted.some((permission) => caller.permissions.has(permission))) {
    return { kind: 'forbidden', why: `${caller.role} lacks ${wanted.join(' or ')}` };
  }
  return { kind: 'allowed' };
}

/** Null when the status meets the expectation, else what was expected. */
export function mismatch(expectation: Expectation, status: number): string | null {
  if (status >= 500) return 'never a 5xx';
  switch (expectation.kind) {
    case 'public':
      return status === 401 || status === 403 ? 'public: never 401/403' : null;
    case 'unauthenticated':
      return status === 401 ? null : 'anonymous: 401';
    case 'forbidden':
      return status === 403 ? null : `403 (${expectation.why})`;
    case 'allowed':
      return status < 400 || GOT_THROUGH_4XX.has(status) ? null : 'allowed: not 401/403';
  }
}
