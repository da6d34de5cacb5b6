import { sql, type SQL } from 'drizzle-orm';
import type { Role } from '@parceldesk/shared/roles';
import type { Database } from '../db/client';
import type { AuthUser } from '@parceldesk/shared/schemas/auth';
import { prepareStatement, runPrepared } from '../db/prepared';
import { authUserOf, type AuthUserRow } from './profiles';

/** Who is calling: loaded from the live session on every authenticated request. */
export interface Principal {
  /** `api_key`: a courier's API key (lib/api-keys.ts), admitted only by routes declaring `apiScope`; `id` is the key's. */
  kind: 'user' | 'customer' | 'api_key';
  id: string;
  role: Role;
  courierId: string | null;
  branchId: string | null;
  permissions: Set<string>;
  sessionId: string;
  impersonatorId: string | null;
}

/**
 * A live session's principal and its fingerprint: what the session check read, as one value (md5
 * of the row's columns). Equal fingerprints are the same principal; a statement that checks the
 * session itself answers one to compare (plugins/deferred-session.ts).
 */
export interface CheckedSession {
  principal: Principal;
  fingerprint: string;
}

type PrincipalRow = {
  session_id: string;
  principal_type: 'user' | 'customer';
  principal_id: string;
  impersonator_id: string | null;
  role: Role;
  courier_id: string | null;
  branch_id: string | null;
  permissions: string[] | null;
  role_permissions: string[] | null;
  is_active: boolean;
  courier_status: string | null;
  fingerprint: string;
};

/** The session check's FROM and WHERE (with extra joins): one text for both statements below, so they cannot drift. */
const sessionFromWhere = (extraJoins = '') => `
  from sessions s
  left join users u on s.principal_type = 'user' and u.id = s.principal_id
  left join roles r on r.id = u.role_id${extraJoins}
  left join customers c2 on s.principal_type = 'customer' and c2.id = s.principal_id
  left join couriers co on co.id = coalesce(u.courier_id, c2.courier_id)
  -- Issue 15 #9: an impersonation session lives only while the issuer's session does, up a
  -- chain of two (super admin, then courier admin, then customer).
  left join sessions iss on iss.id = s.impersonator_session_id
  left join sessions iss2 on iss2.id = iss.impersonator_session_id
  where s.id = $1 and s.revoked_at is null and s.expires_at > now()
    and (s.impersonator_session_id is null or (iss.revoked_at is null and iss.expires_at > now()))
    and (iss.impersonator_session_id is null or (iss2.revoked_at is null and iss2.expires_at > now()))`;

/** Every value a principal is made of, as `[expression, column]`. */
const PRINCIPAL_VALUES = [
  ['s.id', 'session_id'], ['s.principal_type', 'principal_type'], ['s.principal_id', 'principal_id'], ['s.impersonator_id', 'impersonator_id'],
  [`coalesce(u.role, 'customer')`, 'role'],
  ['coalesce(u.courier_id, c2.courier_id)', 'courier_id'],
  ['coalesce(u.branch_id, c2.branch_id)', 'branch_id'],
  ['u.permissions', 'permissions'], ['r.permissions', 'role_permissions'],
  ['coalesce(u.is_active, c2.is_active)', 'is_active'],
  ['co.status', 'courier_status'],
] as const;

/** The fingerprint of the row the session check reads: any change to the principal changes it. */
const FINGERPRINT = `md5(json_build_array(${PRINCIPAL_VALUES.map(([expression]) => expression).join(', ')})::text)`;

const PRINCIPAL_COLUMNS = [...PRINCIPAL_VALUES.map(([expression, column]) => `${expression} as ${column}`), `${FINGERPRINT} as fingerprint`].join(',\n    ');

/**
 * One query: the session must be live, the account active and its courier not suspended.
 * Anything else means the token no longer opens anything. It runs on every signed-in request, on
 * every instance (revocation takes effect at once): a prepared statement (issue 16).
 */
const principalBySession = prepareStatement<PrincipalRow, [sessionId: string]>('auth_principal_by_session', `
  select ${PRINCIPAL_COLUMNS}
  ${sessionFromWhere()}`);

type PrincipalWithProfileRow = PrincipalRow & Omit<AuthUserRow, 'id' | 'permissions' | 'role' | 'role_permissions' | 'courier_id' | 'branch_id'>;

/**
 * The same check for GET /auth/profile, which every staff screen loads first: it also selects the
 * staff profile from the rows the check already joins (the user, role and courier) plus the
 * user's branch, so the profile is one statement instead of two (issue 16).
 */
const principalWithProfileBySession = prepareStatement<PrincipalWithProfileRow, [sessionId: string]>('auth_principal_with_profile_by_session', `
  select ${PRINCIPAL_COLUMNS},
    u.first_name, u.last_name, u.email, co.name as courier_name, co.code as courier_code, co.logo_url as courier_logo_url,
    b.name as branch_name
  ${sessionFromWhere(`
  left join branches b on b.id = u.branch_id`)}`);

function principalOf(row: PrincipalRow): Principal | null {
  if (!row.is_active) return null;
  if (row.courier_status === 'suspended' && !row.impersonator_id) return null;
  return {
    kind: row.principal_type,
    id: row.principal_id,
    role: row.role,
    courierId: row.courier_id,
    branchId: row.branch_id,
    permissions: new Set([...(row.permissions ?? []), ...(row.role_permissions ?? [])]),
    sessionId: row.session_id,
    impersonatorId: row.impersonator_id,
  };
}

/**
 * The session check as a scalar subquery of another statement (issue 16: a list's page checks
 * the session in its own statement): the fingerprint of the session's principal, or null when
 * the session is no longer live. It reads the same rows under the same conditions as the check.
 */
export function sessionFingerprintSql(sessionId: SQL): SQL {
  const [before, after, ...rest] = `(select ${FINGERPRINT} ${sessionFromWhere()})`.split('$1');
  if (before === undefined || after === undefined || rest.length > 0) throw new Error('The session check names its session once');
  return sql.join([sql.raw(before), sessionId, sql.raw(after)]);
}

/** The session's principal, or null when the session no longer opens anything. */
export async function checkSession(db: Database, sessionId: string): Promise<CheckedSession | null> {
  const [row] = await runPrepared(db, principalBySession, [sessionId]);
  const principal = row ? principalOf(row) : null;
  return row && principal ? { principal, fingerprint: row.fingerprint } : null;
}

export async function loadPrincipal(db: Database, sessionId: string): Promise<Principal | null> {
  return (await checkSession(db, sessionId))?.principal ?? null;
}

/** The principal and, for a staff-side user, their profile as GET /auth/profile answers it. */
export async function loadPrincipalWithProfile(db: Database, sessionId: string): Promise<CheckedSession & { profile: AuthUser | null } | null> {
  const [row] = await runPrepared(db, principalWithProfileBySession, [sessionId]);
  const principal = row ? principalOf(row) : null;
  if (!row || !principal) return null;
  const profile = row.principal_type === 'user'
    ? authUserOf({
      ...row, id: row.principal_id, role: row.role as AuthUserRow['role'], permissions: row.permissions ?? [],
      courier_id: row.courier_id, branch_id: row.branch_id,
    }, row.impersonator_id)
    : null;
  return { principal, profile, fingerprint: row.fingerprint };
}
