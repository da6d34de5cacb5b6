import type { ScriptFigures } from './browser-js';
import type { ColdStartFigures } from './cold-start';
import type { LighthouseFigures } from './lighthouse';
import type { LoadFigures } from './load';
import type { SeedFigures } from './seed';

export interface LoadRow extends LoadFigures {
  kind: 'limit' | 'floor' | 'profile' | 'list' | 'sign-in' | 'receive' | 'tracking';
  /** This row over the bare Fastify row (a): req/s, p50 and p99. */
  ratio: { requestsPerSecond: number; p50: number; p99: number };
  /** This row's req/s over the floor row (f), bare Fastify + one primary-key SELECT (issue 16). */
  floorRatio?: number;
}

export interface BulkUploadFigures { worstMs: number | null; targetMs: number | null; lines: string[]; exitCode: number | null }

export interface Target { name: string; target: string; measured: string; met: boolean | null }

export interface BenchResults {
  date: string;
  machine: { cpus: number; cpuModel: string; memoryGb: number; node: string; platform: string; loadAverageAtStart: number };
  settings: { connections: number; secondsPerRun: number; database: string };
  seed: SeedFigures;
  load: LoadRow[];
  skippedLists: { path: string; reason: string }[];
  serverRssMbAfterRun: number | null;
  coldStart: ColdStartFigures | null;
  /** ratio: login over bare React; routerRatio: bare React + React Router over bare React (the floor the architecture sets). */
  javascript: { login: ScriptFigures; bareReact: ScriptFigures; withRouter?: ScriptFigures; ratio: number; routerRatio?: number } | null;
  lighthouse: LighthouseFigures[];
  bulkUpload: BulkUploadFigures | null;
  targets: Target[];
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

export function withRatios(rows: (LoadFigures & { kind: LoadRow['kind'] })[]): LoadRow[] {
  const limit = rows.find((r) => r.kind === 'limit');
  const floor = rows.find((r) => r.kind === 'floor');
  return rows.map((row) => ({
    ...row,
    floorRatio: floor ? round(row.requestsPerSecond / floor.requestsPerSecond) : NaN,
    ratio: {
      requestsPerSecond: limit ? round(row.requestsPerSecond / limit.requestsPerSecond) : NaN,
      p50: limit && limit.p50Ms > 0 ? round(row.p50Ms / limit.p50Ms) : NaN,
      p99: limit && limit.p99Ms > 0 ? round(row.p99Ms / limit.p99Ms) : NaN,
    },
  }));
}

/** At least this share of the floor's req/s (issue 16). */
const FLOOR_SHARE = { profile: 0.45, list: 0.3 } as const;
const percent = (ratio: number | undefined) => (ratio === undefined || Number.isNaN(ratio) ? 'n/a' : `${Math.round(ratio * 100)}%`);

/** The issues' targets (6 and 16), measured and reported, never asserted. */
export function evaluateTargets(results: Omit<BenchResults, 'targets'>): Target[] {
  const targets: Target[] = [];
  for (const row of results.load.filter((r) => r.kind === 'profile' || r.kind === 'list')) {
    const share = FLOOR_SHARE[row.kind as 'profile' | 'list'];
    const floorRatio = row.floorRatio ?? NaN;
    targets.push({
      name: `${row.name}: p99 at 10 connections`, target: '< 25 ms', measured: `${row.p99Ms} ms`, met: row.p99Ms < 25,
    }, {
      name: `${row.name}: throughput vs the floor (f)`, target: `>= ${share * 100}%`, measured: percent(floorRatio), met: Number.isNaN(floorRatio) ? null : floorRatio >= share,
    });
  }
  // Issue 11: a scan saved, and the public tracking lookup.
  for (const row of results.load.filter((r) => r.kind === 'receive' || r.kind === 'tracking')) {
    const limit = row.kind === 'receive' ? 100 : 10;
    targets.push({ name: `${row.name}: p99 at 10 connections`, target: `< ${limit} ms`, measured: `${row.p99Ms} ms`, met: row.p99Ms < limit });
  }
  if (results.javascript) {
    targets.push({ name: 'JavaScript of /courier/login vs bare React (gzip)', target: '<= 1.6x', measured: `${results.javascript.ratio}x`, met: results.javascript.ratio <= 1.6 });
  }
  if (results.coldStart) {
    targets.push({ name: 'Cold start to first 200 (existing data dir)', target: '< 3 s', measured: `${(results.coldStart.coldStartMs / 1000).toFixed(2)} s`, met: results.coldStart.coldStartMs < 3000 });
  }
  for (const run of results.lighthouse) {
    for (const category of ['performance', 'accessibility'] as const) {
      const score = run[category];
      targets.push({ name: `Lighthouse ${category}, ${run.page} (${run.formFactor})`, target: '>= 95', measured: score === null ? 'n/a' : String(score), met: score === null ? null : score >= 95 });
    }
  }
  if (results.bulkUpload?.worstMs != null && results.bulkUpload.targetMs != null) {
    targets.push({ name: 'Bulk upload, 10,000-row .xlsx (worst of 3)', target: `<= ${results.bulkUpload.targetMs} ms`, measured: `${results.bulkUpload.worstMs} ms`, met: results.bulkUpload.worstMs <= results.bulkUpload.targetMs });
  }
  return targets;
}

function table(header: string[], rows: (string | number)[][]): string {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
}

/** The Markdown the README's Performance section carries. */
export function markdown(results: BenchResults): string {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const parts = [
    `Measured ${results.date.slice(0, 10)} on ${results.machine.cpus} cores (${results.machine.cpuModel}), ${results.machine.memoryGb} GB, Node ${results.machine.node}, ` +
      `1-minute load average ${results.machine.loadAverageAtStart} at the start; ` +
      `autocannon ${results.settings.connections} connections, ${results.settings.secondsPerRun} s per row; ` +
      `seed ${results.seed.couriers} couriers, ${results.seed.customers.toLocaleString('en-US')} customers, ${results.seed.users} staff-side users, ${results.seed.shippingRates.toLocaleString('en-US')} shipping rates, ` +
      `${(results.seed.tickets ?? 0).toLocaleString('en-US')} tickets with ${(results.seed.ticketMessages ?? 0).toLocaleString('en-US')} messages (${results.settings.database}).`,
    '',
    table(['Case', 'Path', 'req/s', 'p50 ms', 'p99 ms', 'req/s vs (f)', 'req/s vs (a)', 'p99 vs (a)'],
      results.load.map((r) => [r.name, `\`${r.path}\``, r.requestsPerSecond, r.p50Ms, r.p99Ms, percent(r.floorRatio), percent(r.ratio.requestsPerSecond), `${r.ratio.p99}x`])),
    '',
    table(['Figure', 'Measured'], [
      ['Server RSS after the load runs', results.serverRssMbAfterRun === null ? 'n/a' : `${results.serverRssMbAfterRun} MB`],
      ...(results.coldStart ? [['Cold start, existing data dir (first start, with initdb)', `${results.coldStart.coldStartMs} ms (${results.coldStart.firstStartMs} ms)`]] : []),
      ...(results.javascript ? [
        ['JavaScript for /courier/login (gzip -9, files)', `${kb(results.javascript.login.gzipBytes)} (${results.javascript.login.files} files, ${kb(results.javascript.login.rawBytes)} raw)`],
        ['JavaScript for bare React + ReactDOM (same Vite config)', `${kb(results.javascript.bareReact.gzipBytes)} (${results.javascript.bareReact.files} files)`],
        ...(results.javascript.withRouter ? [[
          'JavaScript for bare React + React Router (the router every page loads)',
          `${kb(results.javascript.withRouter.gzipBytes)} (${results.javascript.routerRatio}x bare React)`,
        ]] : []),
      ] : []),
      ...results.lighthouse.map((l) => [
        `Lighthouse ${l.page} (${l.formFactor}): performance / accessibility`,
        `${l.performance ?? 'n/a'} / ${l.accessibility ?? 'n/a'} (LCP ${l.largestContentfulPaintMs} ms, TBT ${l.totalBlockingTimeMs} ms${l.opportunities.length ? `; largest savings: ${l.opportunities.map((o) => `${o.id} ${o.savingsMs} ms`).join(', ')}` : ''}${l.accessibilityIssues?.length ? `; accessibility audits failed: ${l.accessibilityIssues.join(', ')}` : ''})`,
      ]),
      ...(results.bulkUpload ? [['Bulk upload, 10,000-row .xlsx, worst of 3 (bench/bulk-upload.bench.ts)', results.bulkUpload.worstMs === null ? 'no figure' : `${results.bulkUpload.worstMs} ms`]] : []),
    ]),
    '',
    table(['Target (issues 6, 16)', 'Goal', 'Measured', 'Met'], results.targets.map((t) => [t.name, t.target, t.measured, t.met === null ? 'n/a' : t.met ? 'yes' : '**no**'])),
  ];
  return parts.join('\n');
}
