import type { Role } from '@parceldesk/shared/roles';
import type { Database } from '../db/client';
import { prepareStatement, runPrepared } from '../db/prepared';

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
};

/**
 * One query: the session must be live, the account active and its courier not suspended.
 * Anything else means the token no longer opens anything. It runs on every signed-in request, on
 * every instance (revocation takes effect at once): a prepared statement (issue 16).
 */
const principalBySession = prepareStatement<PrincipalRow, [sessionId: string]>('auth_principal_by_session', `
  select s.id as session_id, s.principal_type, s.principal_id, s.impersonator_id,
    coalesce(u.role, 'customer') as role,
    coalesce(u.courier_id, c2.courier_id) as courier_id,
    coalesce(u.branch_id, c2.branch_id) as branch_id,
    u.permissions, r.permissions as role_permissions,
    coalesce(u.is_active, c2.is_active) as is_active,
    co.status as courier_status
  from sessions s
  left join users u on s.principal_type = 'user' and u.id = s.principal_id
  left join roles r on r.id = u.role_id
  left join customers c2 on s.principal_type = 'customer' and c2.id = s.principal_id
  left join couriers co on co.id = coalesce(u.courier_id, c2.courier_id)
  -- Issue 15 #9: an impersonation session lives only while the issuer's session does, up a
  -- chain of two (super admin, then courier admin, then customer).
  left join sessions iss on iss.id = s.impersonator_session_id
  left join sessions iss2 on iss2.id = iss.impersonator_session_id
  where s.id = $1 and s.revoked_at is null and s.expires_at > now()
    and (s.impersonator_session_id is null or (iss.revoked_at is null and iss.expires_at > now()))
    and (iss.impersonator_session_id is null or (iss2.revoked_at is null and iss2.expires_at > now()))`);

export async function loadPrincipal(db: Database, sessionId: string): Promise<Principal | null> {
  const [row] = await runPrepared(db, principalBySession, [sessionId]);
  if (!row || !row.is_active) return null;
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
