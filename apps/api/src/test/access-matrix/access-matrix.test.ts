import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { registerAuth } from '../../plugins/auth';
import { createTokenSigner } from '../../security/tokens';
import { createTestApp, type TestApp } from '../test-app';
import { expectationFor, mismatch } from './expectations';
import { formatMatrix, formatProbes, type Cell } from './report';
import { apiRouteTable, fillPath, type MatrixRoute } from './route-table';
import { solveValidInput } from './valid-input';
import { seedWorld, type Caller, type MatrixWorld } from './world';

/**
 * Issue 6, access matrix: every route the server registered × every kind of caller, with the
 * expected answer derived from the route's own `config.access` declaration (packages/shared/src/access.ts).
 * New routes are covered as they are registered; nothing here lists routes by hand.
 */
// Every route × every caller: about 200 routes by ~12 callers. It grows with each feature and is
// slow on a loaded 2-core machine, so it gets more time than the project's default (not a timed test).
const MATRIX_TIMEOUT_MS = 180_000;

describe('access matrix', () => {
  let test: TestApp;
  let world: MatrixWorld;
  let routes: MatrixRoute[];
  let problems: string[];

  beforeAll(async () => {
    test = await createTestApp();
    world = await seedWorld(test);
    ({ routes, problems } = apiRouteTable(test.app));
    // Deletions last, so the rows other cells name still exist while they run.
    routes.sort((x, y) => Number(x.method === 'DELETE') - Number(y.method === 'DELETE'));
  });
  afterAll(() => test?.close());

  const messageOf = (body: string) => {
    try {
      return String((JSON.parse(body) as { message?: unknown }).message ?? '').slice(0, 140);
    } catch {
      return body.slice(0, 140);
    }
  };

  async function call(route: MatrixRoute, caller: Caller, rows: Record<string, string>, body?: unknown, query?: Record<string, unknown>) {
    const queryValues: Record<string, string> = {};
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined && value !== null) queryValues[name] = String(value);
    for (const param of route.tenantParams) if (param.in === 'query' && rows[param.name]) queryValues[param.name] = rows[param.name]!;
    const response = await test.app.inject({
      method: route.method as 'GET',
      url: fillPath(route.url, rows),
      query: queryValues,
      headers: await world.headersFor(caller),
      ...(body === undefined ? {} : { payload: body as object }),
    });
    if (response.statusCode < 400 && !['GET', 'HEAD'].includes(route.method)) world.forgetTokens(caller);
    return { status: response.statusCode, message: messageOf(response.body) };
  }

  /** The caller's own row for every parameter; for a DELETE a fresh row as the last path parameter, so each caller deletes its own. */
  async function ownRows(route: MatrixRoute, caller: Caller): Promise<Record<string, string>> {
    const rows: Record<string, string> = { ...route.freeParams };
    const deleted = route.method === 'DELETE' ? route.pathParams[route.pathParams.length - 1] : undefined;
    for (const param of route.tenantParams) {
      try {
        rows[param.name] = await world.ownRow(param.kind, caller, param.name === deleted);
      } catch (error) {
        throw new Error(`${route.label} (${param.name}): ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    return rows;
  }

  it('every /api route declares who may call it, and what each parameter naming a row names', () => {
    expect(routes.length, 'the route table is empty: is the auth plugin collecting routes?').toBeGreaterThan(15);
    expect(problems, `\n${problems.join('\n')}`).toEqual([]);
  });

  it('a route registered without a declaration stops the server from starting, naming the route', () => {
    const app = Fastify();
    registerAuth(app, {} as Database, createTokenSigner('x'.repeat(32)));
    expect(() => app.get('/api/undeclared/:id', () => 'x')).toThrow('Route GET /api/undeclared/:id has no access declaration');
  });

  it('every route answers every caller as its declaration says (401 anonymous, 403 wrong role or permission, never 5xx)', async () => {
    const cells: Cell[] = [];
    for (const route of routes) {
      // A HEAD twin runs its GET's hooks and handler: the anonymous caller's 401 proves the check is attached.
      const callers = route.isHeadTwin ? world.callers.filter((c) => !c.role) : world.callers;
      // Callers of one route are independent (own rows, fresh ones for a DELETE): ask them at once.
      cells.push(...await Promise.all(callers.map(async (caller): Promise<Cell> => {
        const expectation = expectationFor(route.access, caller);
        const { status, message } = await call(route, caller, await ownRows(route, caller));
        const failure = mismatch(expectation, status);
        return { route: route.label, caller: caller.name, status, failure, detail: failure ? message : undefined };
      })));
    }
    const wrong = cells.filter((c) => c.failure);
    expect(wrong.length, `\n${formatMatrix(cells, world.callers.map((c) => c.name))}`).toBe(0);
  }, MATRIX_TIMEOUT_MS);

  it("a courier caller naming another courier's row gets 404 (403 for someone else's own-only id), a customer naming another customer's record 404", async () => {
    const probes: Cell[] = [];
    let probed = 0;
    for (const route of routes) {
      if ('public' in route.access || route.isHeadTwin) continue;
      const checked = route.tenantParams.filter((p) => p.kind !== 'api_key');
      if (checked.length === 0) continue;
      const body = route.body ? solveValidInput(route.body, randomUUID) : { value: undefined };
      const query = route.query ? solveValidInput(route.query, randomUUID) : { value: undefined };
      const unsolved = 'problem' in body ? `no valid body found (${body.problem})` : 'problem' in query ? `no valid query found (${query.problem})` : undefined;
      const payload = 'value' in body ? body.value : undefined;
      const queryValue = ('value' in query ? query.value : undefined) as Record<string, unknown> | undefined;
      const eligible = world.callers.filter((caller) => caller.courier && expectationFor(route.access, caller).kind === 'allowed');
      // Each caller probes with its own rows, so callers run side by side.
      await Promise.all(eligible.map(async (caller) => {
        for (const param of checked) {
          for (const foreign of world.foreignRows(param.kind, caller, `${route.label} ${param.name}`)) {
            const rows = { ...(await ownRows(route, caller)), [param.name]: foreign.id };
            const answer = await call(route, caller, rows, payload, queryValue);
            probed += 1;
            const failure = answer.status === foreign.status ? null : String(foreign.status);
            probes.push({ route: `${route.label} ${param.name}=${foreign.what}`, caller: caller.name, status: answer.status, failure, detail: failure ? unsolved ?? answer.message : undefined });
          }
          // The same request with the caller's own row must get further, or the 404 above proves nothing.
          const control = await call(route, caller, await ownRows(route, caller), payload, queryValue);
          const controlFailure = control.status >= 500 || [401, 403, 404].includes(control.status) ? 'not 401/403/404/5xx with its own row' : null;
          probes.push({ route: `${route.label} ${param.name}=own`, caller: caller.name, status: control.status, failure: controlFailure, detail: controlFailure ? unsolved ?? control.message : undefined });
        }
      }));
    }
    expect(probed, 'no route names a row: is the tenancy declaration being read?').toBeGreaterThan(0);
    const wrong = probes.filter((p) => p.failure);
    expect(wrong.length, `\n${formatProbes(probes)}`).toBe(0);
  }, MATRIX_TIMEOUT_MS);
});
