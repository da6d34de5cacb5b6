/** One answered cell of the matrix. */
export interface Cell {
  route: string;
  caller: string;
  status: number;
  /** What was expected instead, when the status is wrong. */
  failure: string | null;
  detail?: string;
}

/**
 * Routes down, callers across, statuses in the cells; a wrong cell is marked `!` and listed
 * below with what was expected.
 */
export function formatMatrix(cells: Cell[], callers: string[]): string {
  const routes = [...new Set(cells.map((c) => c.route))];
  const byKey = new Map(cells.map((c) => [`${c.route}\u0000${c.caller}`, c]));
  const width = Math.max(...routes.map((r) => r.length), 5);
  const header = `${'route'.padEnd(width)} | ${callers.map((c) => c.padEnd(5)).join(' ')}`;
  const lines = routes.map((route) => {
    const row = callers.map((caller) => {
      const cell = byKey.get(`${route}\u0000${caller}`);
      return (cell ? `${cell.status}${cell.failure ? '!' : ''}` : '-').padEnd(5);
    });
    return `${route.padEnd(width)} | ${row.join(' ')}`;
  });
  const failures = cells.filter((c) => c.failure).map((c) => `  ${c.route} as ${c.caller}: got ${c.status}, expected ${c.failure}${c.detail ? ` — ${c.detail}` : ''}`);
  return [header, '-'.repeat(header.length), ...lines, '', `${failures.length} wrong:`, ...failures].join('\n');
}

/** Tenancy probes: one line each, wrong ones marked. */
export function formatProbes(cells: Cell[]): string {
  return cells.map((c) => `${c.failure ? '!' : ' '} ${c.route} as ${c.caller}: ${c.status}${c.failure ? ` (expected ${c.failure})` : ''}${c.detail ? ` — ${c.detail}` : ''}`).join('\n');
}
