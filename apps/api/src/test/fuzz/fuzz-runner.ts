import fc from 'fast-check';
import type { TestApp } from '../test-app';
import { expectationFor } from '../access-matrix/expectations';
import type { MatrixRoute } from '../access-matrix/route-table';
import type { Caller, MatrixWorld } from '../access-matrix/world';
import { corpusFor } from './corpus';
import { changedTables, databaseFingerprint, violationsOf, type Answer } from './invariants';
import { requestArbitrary, type FuzzRequest } from './request-arbitrary';

export interface Violation {
  route: string;
  problem: string;
  count: number;
  example: string;
}

export interface FuzzReport {
  total: number;
  seed: number;
  seconds: number;
  byStatus: Map<number, number>;
  byCategory: Map<string, number>;
  violations: Violation[];
}

/** A request that gets no answer in this long is a violation too (a hung handler). */
const ANSWER_TIMEOUT_MS = 20_000;
const CHUNK = 50;

const excerpt = (text: string, max = 240) => JSON.stringify(text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);

function describeRequest(request: FuzzRequest & { caller: string }, answer: Answer): string {
  const payload = typeof request.payload === 'string' ? request.payload : request.payload?.toString('latin1');
  return [
    `${request.method} ${request.url.length > 300 ? `${request.url.slice(0, 300)}…` : request.url} as ${request.auth === 'caller' ? request.caller : request.auth}`,
    request.contentType ? `content-type: ${request.contentType}` : '',
    payload !== undefined ? `body: ${excerpt(payload)}` : '',
    `→ ${answer.status} ${answer.contentType} ${excerpt(answer.body, 300)}`,
  ].filter(Boolean).join('\n      ');
}

/** Who may call a route: every caller its declaration allows (a public route: all of them, anonymous included). */
function allowedCallers(route: MatrixRoute, world: MatrixWorld): Caller[] {
  const allowed = world.callers.filter((c) => ['public', 'allowed'].includes(expectationFor(route.access, c).kind));
  return allowed.length > 0 ? allowed : world.callers.filter((c) => c.role === 'super_admin');
}

/**
 * Sends `requests` generated requests spread evenly over the routes, as allowed callers, after
 * each route's fixed corpus (corpus.ts), and checks every answer against the invariants; a rejected request must leave every table as it
 * was (fingerprinted after every request, so a change is pinned on the request that made it).
 */
export async function runFuzz(test: TestApp, world: MatrixWorld, routes: MatrixRoute[], options: { requests: number; seed: number; log?: (line: string) => void }): Promise<FuzzReport> {
  const started = Date.now();
  const fingerprint = await databaseFingerprint(test.database.pool);
  const byStatus = new Map<number, number>();
  const byCategory = new Map<string, number>();
  const violations = new Map<string, Violation>();
  const perRoute = Math.max(1, Math.ceil(options.requests / routes.length));
  let total = 0;

  const record = (route: string, problem: string, describe: () => string) => {
    const key = `${route}\u0000${problem}`;
    const seen = violations.get(key);
    if (seen) seen.count += 1;
    else violations.set(key, { route, problem, count: 1, example: describe() });
  };

  async function runBatch(route: MatrixRoute, batch: (FuzzRequest & { caller: string })[]) {
    // Sessions are made before the fingerprint, so only what the requests themselves do shows.
    const tokens: Record<string, string>[] = [];
    for (const request of batch) {
      const caller = world.callers.find((c) => c.name === request.caller)!;
      if (request.auth === 'garbage') tokens.push({ authorization: `Bearer ${request.garbageToken}` });
      else tokens.push(request.auth === 'caller' ? await world.headersFor(caller) : {});
    }
    let before = await fingerprint();
    for (const [i, request] of batch.entries()) {
      const headers: Record<string, string> = { ...tokens[i] };
      if (request.contentType) headers['content-type'] = request.contentType;
      const pending = test.app.inject({ method: request.method as 'GET', url: request.url, headers, ...(request.payload !== undefined ? { payload: request.payload } : {}) });
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), ANSWER_TIMEOUT_MS); });
      const response = await Promise.race([pending, timeout]).finally(() => clearTimeout(timer));
      total += 1;
      byCategory.set(request.category, (byCategory.get(request.category) ?? 0) + 1);
      if (!response) {
        record(route.label, `no answer within ${ANSWER_TIMEOUT_MS / 1000} s`, () => describeRequest(request, { status: 0, contentType: '', body: '' }));
        continue;
      }
      if (response.statusCode < 400 && !['GET', 'HEAD'].includes(request.method)) {
        const caller = world.callers.find((c) => c.name === request.caller);
        if (caller) world.forgetTokens(caller);
      }
      const answer: Answer = { status: response.statusCode, contentType: String(response.headers['content-type'] ?? ''), body: response.body };
      byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
      for (const problem of violationsOf(request, answer, route.documentedStatuses)) record(route.label, problem, () => describeRequest(request, answer));
      // Work a route does after answering (reset and sign-up emails) belongs to that request.
      await test.app.afterResponse.idle();
      const after = await fingerprint();
      const changed = changedTables(before, after);
      if (answer.status >= 400 && changed.length > 0) record(route.label, `rejected (${answer.status}) but changed ${changed.join(', ')}`, () => describeRequest(request, answer));
      before = after;
    }
  }

  for (const [index, route] of routes.entries()) {
    const owned = await Promise.all(allowedCallers(route, world).map(async (caller) => {
      const own: Record<string, string> = { ...route.freeParams };
      for (const param of route.tenantParams) own[param.name] = await world.ownRow(param.kind, caller);
      return { caller, own };
    }));
    const first = owned[0]!;
    await runBatch(route, corpusFor(route, first.own).map((request) => ({ ...request, caller: first.caller.name })));
    const arbitrary = fc.oneof(...owned.map(({ caller, own }) => requestArbitrary(route, own).map((request) => ({ ...request, caller: caller.name }))));
    for (let done = 0; done < perRoute; done += CHUNK) {
      await runBatch(route, fc.sample(arbitrary, { numRuns: Math.min(CHUNK, perRoute - done), seed: options.seed + index * 7919 + done }));
    }
    options.log?.(`  ${route.label}: ${perRoute} requests`);
  }
  return { total, seed: options.seed, seconds: (Date.now() - started) / 1000, byStatus, byCategory, violations: [...violations.values()] };
}

export function formatReport(report: FuzzReport): string {
  const statuses = [...report.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `  ${status}: ${count}`);
  const categories = [...report.byCategory.entries()].sort(([, a], [, b]) => b - a).map(([name, count]) => `  ${name}: ${count}`);
  const violations = report.violations.map((v) => `  ${v.route}: ${v.problem} (×${v.count})\n      ${v.example}`);
  return [
    `fuzz: ${report.total} requests in ${report.seconds.toFixed(1)} s (seed ${report.seed}; replay with FUZZ_SEED=${report.seed})`,
    'by status:', ...statuses,
    'by kind of request:', ...categories,
    `${report.violations.length} distinct violations${report.violations.length ? ':' : ''}`, ...violations,
  ].join('\n');
}
