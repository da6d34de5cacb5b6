import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiKeyList } from '@parceldesk/shared/schemas/integrations';
import { createTestApp, type TestApp } from '../../test/test-app';
import { packageWorld, type PackageWorld } from '../packages/package-test-kit';
import { createKey } from './integration-test-kit';

let t: TestApp;
let w: PackageWorld;
let other: PackageWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await packageWorld(t.app, t.database.db);
  other = await packageWorld(t.app, t.database.db);
});
afterAll(() => t.close());

describe('API keys (Settings → Integrations)', () => {
  it('a key is shown once, stored hashed, listed by prefix with its last use, and audited as itself', async () => {
    const key = await createKey(t.app, w.as.admin, ['customers:read', 'warehouse:push'], 'Tasoko');
    expect(key.token).toMatch(/^pdk_[A-Za-z0-9_-]{43}$/);
    expect(key.key.prefix).toBe(key.token.slice(0, 12));
    expect(key.message).toBe('API key created. Copy it now: it will not be shown again.');
    const stored = await t.database.pool.query('select token_hash from integration_keys where id = $1', [key.key.id]);
    expect(stored.rows[0].token_hash).not.toContain(key.token.slice(4));
    expect(stored.rows[0].token_hash).toHaveLength(64);

    const listed = (await t.app.inject({ method: 'GET', url: '/api/integrations/api-keys', headers: w.as.admin })).json<ApiKeyList>();
    expect(JSON.stringify(listed)).not.toContain(key.token);
    expect(listed.data.find((k) => k.id === key.key.id)).toMatchObject({ name: 'Tasoko', lastUsedAt: null, revokedAt: null });

    const pulled = await t.app.inject({ method: 'GET', url: '/api/packing/v2/customers', headers: { ...key.headers }, remoteAddress: '203.0.113.9' });
    expect(pulled.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/integrations/api-keys', headers: w.as.admin })).json<ApiKeyList>();
    expect(after.data.find((k) => k.id === key.key.id)).toMatchObject({ lastUsedIp: '203.0.113.9' });
    expect(after.data.find((k) => k.id === key.key.id)?.lastUsedAt).not.toBeNull();
  });

  it('refuses a revoked key, an unknown key, a key without the scope, and keys on routes not open to them, with stable codes', async () => {
    const reader = await createKey(t.app, w.as.admin, ['packages:read']);
    const noScope = await t.app.inject({ method: 'GET', url: '/api/packing/v2/customers', headers: reader.headers });
    expect(noScope.statusCode).toBe(403);
    expect(noScope.json()).toMatchObject({ code: 'api_key.scope_missing', message: 'This API key lacks the customers:read scope' });

    const closed = await t.app.inject({ method: 'GET', url: '/api/integrations/api-keys', headers: reader.headers });
    expect(closed.statusCode).toBe(403);
    expect(closed.json().code).toBe('api_key.route_not_open_to_keys');

    const bogus = await t.app.inject({ method: 'GET', url: '/api/packing/v2/customers', headers: { authorization: 'Bearer pdk_not-a-real-key' } });
    expect(bogus.statusCode).toBe(401);
    expect(bogus.json().code).toBe('api_key.invalid');

    const key = await createKey(t.app, w.as.admin, ['customers:read']);
    expect((await t.app.inject({ method: 'POST', url: `/api/integrations/api-keys/${key.key.id}/revoke`, headers: other.as.admin })).statusCode).toBe(404);
    const revoked = await t.app.inject({ method: 'POST', url: `/api/integrations/api-keys/${key.key.id}/revoke`, headers: w.as.admin });
    expect(revoked.json()).toMatchObject({ message: 'API key revoked' });
    const again = await t.app.inject({ method: 'GET', url: '/api/packing/v2/customers', headers: key.headers });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'api_key.revoked', message: 'This API key has been revoked' });
    expect((await t.app.inject({ method: 'POST', url: `/api/integrations/api-keys/${key.key.id}/revoke`, headers: w.as.admin })).statusCode).toBe(409);
  });

  it('keys are the courier admin\'s: staff cannot list or create them, another courier sees none of them', async () => {
    await createKey(t.app, w.as.admin, ['packages:read'], 'Mine');
    expect((await t.app.inject({ method: 'GET', url: '/api/integrations/api-keys', headers: w.as.clerk })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/integrations/api-keys', headers: w.as.clerk, payload: { name: 'x', scopes: ['packages:read'] } })).statusCode).toBe(403);
    const theirs = (await t.app.inject({ method: 'GET', url: '/api/integrations/api-keys', headers: other.as.admin })).json<ApiKeyList>();
    expect(theirs.data.map((k) => k.name)).not.toContain('Mine');
    const bad = await t.app.inject({ method: 'POST', url: '/api/integrations/api-keys', headers: w.as.admin, payload: { name: ' ', scopes: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({ name: 'Please enter a name for the key', scopes: 'Choose at least one scope' });
  });

  it('a key reads packages of its own courier only (packages:read), and its calls are in the audit log as that key', async () => {
    const key = await createKey(t.app, w.as.admin, ['packages:read'], 'Reporting');
    const list = await t.app.inject({ method: 'GET', url: '/api/packages', headers: key.headers });
    expect(list.statusCode).toBe(200);
    const theirPackage = await t.app.inject({ method: 'POST', url: '/api/packages/receive', headers: other.as.admin, payload: { trackingNumber: `1Z${Date.now()}99`, weight: 1 } });
    const id = theirPackage.json().package.id as string;
    expect((await t.app.inject({ method: 'GET', url: `/api/packages/${id}`, headers: key.headers })).statusCode).toBe(404);
    const calls = await t.database.pool.query("select details from audit_logs where actor_type = 'api_key' and actor_id = $1 and action = 'api_key.call' order by created_at", [key.key.id]);
    expect(calls.rows.map((r) => r.details)).toEqual([
      { method: 'GET', route: '/api/packages', statusCode: 200 },
      { method: 'GET', route: '/api/packages/:id', statusCode: 404 },
    ]);
    const log = await t.app.inject({ method: 'GET', url: '/api/audit-logs?search=api_key.call', headers: w.as.admin });
    expect(log.json().data[0]).toMatchObject({ actorType: 'api_key', actorName: `API key Reporting (${key.key.prefix})` });
  });
});
