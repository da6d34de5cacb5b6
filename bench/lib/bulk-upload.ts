import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './processes';
import type { BulkUploadFigures } from './report';

const SUMMARY = /^worst (\d+) ms, target (\d+) ms/;
const LIMIT_MS = 300_000;

/**
 * Runs bench/bulk-upload.bench.ts (issue 4's figure, written separately) when it exists and reads
 * its summary line: "worst <n> ms, target <n> ms: met|NOT met". Null when the file is absent.
 * Bounded: a child that has printed its summary gets 10 s to exit, and 5 minutes in all.
 */
export async function runBulkUploadBench(log: (line: string) => void): Promise<BulkUploadFigures | null> {
  const script = path.join(repoRoot, 'bench/bulk-upload.bench.ts');
  if (!existsSync(script)) return null;
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: repoRoot, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let note: string | null = null;
  const kill = (why: string) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    note = why;
    child.kill('SIGKILL');
  };
  const overall = setTimeout(() => kill(`killed after ${LIMIT_MS / 1000} s`), LIMIT_MS);
  let grace: NodeJS.Timeout | undefined;
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    if (!grace && output.split('\n').some((line) => SUMMARY.test(line))) grace = setTimeout(() => kill('did not exit within 10 s of its summary; killed'), 10_000);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const exitCode = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  clearTimeout(overall);
  clearTimeout(grace);
  const lines = output.split('\n').map((l) => l.trimEnd()).filter(Boolean);
  if (note) lines.push(`(runner: ${note})`);
  for (const line of lines) log(`  ${line}`);
  const summary = lines.map((l) => SUMMARY.exec(l)).find(Boolean);
  return { worstMs: summary ? Number(summary[1]) : null, targetMs: summary ? Number(summary[2]) : null, lines, exitCode };
}
