import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Role } from '@parceldesk/shared/roles';
import { createTestApp, type TestApp } from '../test/test-app';
import { makeCourier, makeCustomer, makeUser, signIn } from '../test/factories';

/**
 * Issue 16: every signed-in request pays the session check, and a route runs no more statements
 * than it needs on top of it. Counted at the pg client of the app's pool (test/statement-counter.ts):
 * the profile is the session check, which selects the profile too (1); a list is the session check
 * and one statement for the page with its total (2), its dropdown options coming from the list
 * options cache once warm.
 */
const PROFILE_BUDGET = 1;
const LIST_BUDGET = 2;

describe('statement budget of signed-in requests', () => {
  let t: TestApp;
  const tokens: Partial<Record<Role, Record<string, string>>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const courier = await makeCourier(t.database.db);
    for (let n = 0; n < 3; n += 1) await makeCustomer(t.database.db, courier, { lastName: `Budget ${n}` });
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier });
    const superAdmin = await makeUser(t.database.db, { role: 'super_admin' });
    tokens.courier_admin = (await signIn(t.app, admin)).headers;
    tokens.super_admin = (await signIn(t.app, superAdmin)).headers;
  });
  afterAll(() => t?.close());

  /** Statements of one request: the fewest of up to `tries` (a list's options cache trusts itself once its listener is connected). */
  async function statementsOf(url: string, headers: Record<string, string>, tries = 1, budget = 0): Promise<{ count: number; texts: string[] }> {
    let best: { count: number; texts: string[] } | null = null;
    for (let attempt = 0; attempt < tries; attempt += 1) {
      t.statements.reset();
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
      const seen = { count: t.statements.count, texts: [...t.statements.texts] };
      if (!best || seen.count < best.count) best = seen;
      if (best.count <= budget) break;
      if (attempt < tries - 1) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return best!;
  }

  it('GET /api/auth/profile runs 1 statement: the session check, which loads the profile with it', async () => {
    const { count, texts } = await statementsOf('/api/auth/profile', tokens.courier_admin!);
    expect(count, texts.join('\n---\n')).toBeLessThanOrEqual(PROFILE_BUDGET);
  });

  it('GET /api/dashboard/summary runs 2 statements: the session check and every figure in one read', async () => {
    for (const role of ['courier_admin', 'super_admin'] as const) {
      const { count, texts } = await statementsOf('/api/dashboard/summary', tokens[role]!);
      expect(count, `${role}:\n${texts.join('\n---\n')}`).toBeLessThanOrEqual(2);
    }
  });

  it('PUT /api/users/{id} with the same email runs 2 statements (the session with the profile, then the audit row and the names), and both are saved', async () => {
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier: await makeCourier(t.database.db) });
    const { headers } = await signIn(t.app, admin);
    t.statements.reset();
    const response = await t.app.inject({ method: 'PUT', url: `/api/users/${admin.id}`, headers, payload: { firstName: 'Renamed', lastName: 'Admin', email: admin.email.toUpperCase() } });
    expect(response.statusCode, response.body).toBe(200);
    expect(t.statements.count, t.statements.texts.join('\n---\n')).toBeLessThanOrEqual(2);
    expect(response.json<{ user: { first_name: string; last_name: string; email: string } }>().user).toMatchObject({ first_name: 'Renamed', last_name: 'Admin', email: admin.email });
    const profile = await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers });
    expect(profile.json<{ user: { first_name: string } }>().user.first_name).toBe('Renamed');
    const { rows } = await t.database.pool.query(`select count(*)::int as n from audit_logs where action = 'user.profile_updated' and target_id = $1`, [admin.id]);
    expect(rows[0].n).toBe(1);
  });

  it('POST /api/auth/login runs 4 statements: the throttle, the account with its courier, the session with its audit row, the profile', async () => {
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier: await makeCourier(t.database.db) });
    t.statements.reset();
    const { headers } = await signIn(t.app, admin);
    expect(t.statements.count, t.statements.texts.join('\n---\n')).toBeLessThanOrEqual(4);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })).statusCode).toBe(200);
    const { rows } = await t.database.pool.query(`select count(*)::int as n from audit_logs where action = 'auth.sign_in' and actor_id = $1`, [admin.id]);
    expect(rows[0].n).toBe(1);
  });

  it('checks the session on every request, so a revoked session is refused at once', async () => {
    const admin = await makeUser(t.database.db, { role: 'courier_admin', courier: await makeCourier(t.database.db) });
    const { headers } = await signIn(t.app, admin);
    for (let n = 0; n < 2; n += 1) {
      const { texts } = await statementsOf('/api/auth/profile', headers);
      expect(texts.filter((text) => /from sessions/.test(text))).toHaveLength(1);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/profile', headers })).statusCode).toBe(401);
  });

  it('every list endpoint runs at most 2 statements (session, page with total) once its dropdown options are cached', async () => {
    const isList = (schema: unknown) => {
      const shape = (schema as { querystring?: z.ZodObject } | undefined)?.querystring?.shape;
      return Boolean(shape && 'page' in shape && 'pageSize' in shape);
    };
    const lists = t.app.apiRoutes.filter((route) => route.method === 'GET' && !route.url.includes(':') && !('public' in route.access) && isList(route.schema));
    // The lists this issue names must be among them (packages join when they exist).
    expect(lists.map((route) => route.url)).toEqual(expect.arrayContaining(['/api/customers', '/api/tickets']));
    const over: string[] = [];
    for (const route of lists) {
      if ('public' in route.access) continue;
      const role = route.access.roles.includes('courier_admin') ? 'courier_admin' : route.access.roles.includes('super_admin') ? 'super_admin' : null;
      if (!role) continue;
      const url = `${route.url}?page=1&pageSize=25`;
      // The first read fills the options cache; the invalidation listener may still be connecting.
      const { count, texts } = await statementsOf(url, tokens[role]!, 30, LIST_BUDGET);
      if (count > LIST_BUDGET) over.push(`${url} as ${role}: ${count} statements\n${texts.join('\n---\n')}`);
    }
    expect(over, over.join('\n\n')).toEqual([]);
  }, 90_000);
});
