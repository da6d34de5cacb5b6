import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_TOKEN_PREFIX, type ApiScope } from '@parceldesk/shared/api-scopes';
import type { Database } from '../db/client';
import { prepareStatement, runPrepared } from '../db/prepared';
import type { Principal } from './principal';

/**
 * Issue 17, API keys (docs/decisions/024-integrations.md). A token is `pdk_` + 32 random bytes
 * (base64url); only its sha256 is stored, so a database leak opens nothing. The lookup is by the
 * hash (unique index) and the stored hash is compared again in constant time.
 */
export function newKeyToken(): { token: string; prefix: string; hash: string } {
  const token = `${API_KEY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, prefix: token.slice(0, 12), hash: hashKeyToken(token) };
}

export const hashKeyToken = (token: string) => createHash('sha256').update(token).digest('hex');

export const isKeyToken = (token: string) => token.startsWith(API_KEY_TOKEN_PREFIX);

type KeyRow = {
  id: string;
  courier_id: string;
  token_hash: string;
  scopes: ApiScope[];
  revoked_at: Date | null;
  courier_status: string;
};

const keyByHash = prepareStatement<KeyRow, [hash: string]>('auth_api_key_by_hash', `
  select k.id, k.courier_id, k.token_hash, k.scopes, k.revoked_at, co.status as courier_status
  from integration_keys k join couriers co on co.id = k.courier_id
  where k.token_hash = $1`);

/** The key's last use (time and address), once a minute at most so a busy warehouse does not write on every call. */
const touchKey = prepareStatement<Record<string, never>, [id: string, ip: string]>('auth_api_key_touch', `
  update integration_keys set last_used_at = now(), last_used_ip = $2
  where id = $1 and (last_used_at is null or last_used_at < now() - interval '1 minute' or last_used_ip is distinct from $2)`);

export type KeyLookup =
  | { outcome: 'ok'; principal: Principal; scopes: readonly ApiScope[] }
  | { outcome: 'invalid' | 'revoked' };

/** The principal an API key acts as: its courier, as a courier admin would see it, on routes that admit keys. */
export async function loadKeyPrincipal(db: Database, token: string, ip: string): Promise<KeyLookup> {
  const hash = hashKeyToken(token);
  const [row] = await runPrepared(db, keyByHash, [hash]);
  if (!row || !timingSafeEqual(Buffer.from(row.token_hash), Buffer.from(hash))) return { outcome: 'invalid' };
  if (row.revoked_at || row.courier_status === 'suspended') return { outcome: 'revoked' };
  await runPrepared(db, touchKey, [row.id, ip]);
  return {
    outcome: 'ok',
    scopes: row.scopes,
    principal: {
      kind: 'api_key', id: row.id, role: 'courier_admin', courierId: row.courier_id, branchId: null,
      permissions: new Set(), sessionId: row.id, impersonatorId: null,
    },
  };
}
