import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SpreadsheetKind } from './file-types';

/** A cell as the worker hands it back: a number, text, or a formula (never evaluated). */
export type Cell = { t: 'n'; v: number } | { t: 's'; v: string } | { t: 'f'; v: string } | null;

export type ParseResult =
  | { ok: true; rows: Cell[][] }
  | { ok: false; reason: 'unreadable' | 'too_many_rows' | 'timeout' | 'busy' };

export interface ParseLimits {
  /** Data rows allowed after the header row. */
  maxRows: number;
  /** Columns read from the left; the rest of a row is ignored. */
  maxColumns: number;
  timeoutMs: number;
  memoryMb: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { maxRows: 20_000, maxColumns: 50, timeoutMs: 15_000, memoryMb: 256 };

const xlsxPath = createRequire(import.meta.url).resolve('xlsx');

/**
 * The worker's source. xlsx 0.18.5 has known prototype-pollution and ReDoS issues, so untrusted
 * files are parsed only here: a fresh isolate per file, with a heap cap and a time limit, that
 * returns plain arrays. Whatever a crafted file does to the parser dies with the worker. Kept as
 * plain CommonJS text so it runs the same under tsx, vitest and the esbuild bundle.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
// Loading xlsx is most of a worker's start-up: done before the job arrives (a warm spare).
const XLSX = require(workerData.xlsxPath);
parentPort.once('message', ({ kind, bytes, maxRows, maxColumns }) => {
  try {
    const options = { sheets: 0, sheetRows: maxRows + 2, cellFormula: true, cellHTML: false, cellText: false,
      cellDates: false, cellStyles: false, bookVBA: false, bookDeps: false, WTF: false };
    let book;
    if (kind === 'csv') {
      let text;
      try { text = new TextDecoder('utf-8', { fatal: true }).decode(bytes); }
      catch { text = new TextDecoder('windows-1252').decode(bytes); }
      book = XLSX.read(text.replace(/^\uFEFF/, ''), { ...options, type: 'string', raw: true, cellFormula: false });
    } else {
      book = XLSX.read(bytes, { ...options, type: 'buffer' });
    }
    const name = book.SheetNames[0];
    const sheet = name === undefined ? undefined : book.Sheets[name];
    if (!sheet || !sheet['!ref']) {
      // xlsx reads a workbook whose sheet XML is damaged as an empty sheet; an empty workbook is
      // no rate file either, so both read as unreadable. An empty CSV is simply empty.
      parentPort.postMessage(kind === 'csv' ? { ok: true, rows: [] } : { ok: false, reason: 'unreadable' });
    } else {
      const full = XLSX.utils.decode_range(sheet['!fullref'] || sheet['!ref']);
      if (full.e.r > maxRows) {
        parentPort.postMessage({ ok: false, reason: 'too_many_rows' });
      } else {
        // Rows and columns from A1, so an index + 1 is the row number the user sees.
        const range = XLSX.utils.decode_range(sheet['!ref']);
        const lastColumn = Math.min(range.e.c, maxColumns - 1);
        const rows = [];
        for (let r = 0; r <= range.e.r; r += 1) {
          const row = [];
          for (let c = 0; c <= lastColumn; c += 1) {
            const cell = sheet[XLSX.utils.encode_cell({ r, c })];
            if (!cell || cell.t === 'z') row.push(null);
            else if (cell.f !== undefined) row.push({ t: 'f', v: '=' + String(cell.f) });
            else if (cell.t === 'n' && typeof cell.v === 'number') row.push({ t: 'n', v: cell.v });
            else if (cell.t === 'e') row.push({ t: 's', v: String(cell.w || '#ERROR') });
            else if (cell.v === undefined || cell.v === null) row.push(null);
            else row.push({ t: 's', v: String(cell.t === 'd' ? (cell.w || cell.v) : cell.v) });
          }
          rows.push(row);
        }
        parentPort.postMessage({ ok: true, rows });
      }
    }
  } catch (error) {
    parentPort.postMessage({ ok: false, reason: 'unreadable' });
  }
});
`;

const MAX_PARALLEL = 2;
const MAX_WAITING = 20;
let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<(() => void) | null> {
  if (running >= MAX_PARALLEL) {
    if (waiting.length >= MAX_WAITING) return null;
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/**
 * Parses the first sheet of an uploaded spreadsheet in a worker thread. At most two parse at
 * once (each may use `memoryMb`); beyond a short queue the answer is 'busy'.
 */
export async function parseSpreadsheet(data: Buffer, kind: SpreadsheetKind, limits: ParseLimits = DEFAULT_PARSE_LIMITS): Promise<ParseResult> {
  const release = await slot();
  if (!release) return { ok: false, reason: 'busy' };
  try {
    return await runWorker(data, kind, limits);
  } finally {
    release();
  }
}

interface ParserWorker {
  worker: Worker;
  /** Set once the worker died while waiting (out of memory while loading, for example). */
  dead: boolean;
}

/** One spare worker, xlsx already loaded, waits for the next file; each file still gets a fresh one. */
let spare: ParserWorker | null = null;

function spawn(memoryMb: number): ParserWorker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { xlsxPath },
    resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
    stdout: true,
    stderr: true,
  });
  // Whatever the parser prints about a hostile file is discarded, not logged.
  worker.stdout.resume();
  worker.stderr.resume();
  const entry: ParserWorker = { worker, dead: false };
  worker.once('exit', () => {
    entry.dead = true;
  });
  worker.on('error', () => {
    entry.dead = true;
  });
  worker.unref(); // a waiting spare never keeps the process alive
  return entry;
}

function takeWorker(memoryMb: number): ParserWorker {
  const taken = spare && !spare.dead && memoryMb === DEFAULT_PARSE_LIMITS.memoryMb ? spare : null;
  if (taken) spare = null;
  return taken ?? spawn(memoryMb);
}

function warmSpare() {
  if (!spare || spare.dead) spare = spawn(DEFAULT_PARSE_LIMITS.memoryMb);
}

/** Starts a spare worker loading xlsx while an upload is still arriving (the first one after start). */
export function prepareSpreadsheetParser(): void {
  if (running < MAX_PARALLEL) warmSpare();
}

function runWorker(data: Buffer, kind: SpreadsheetKind, limits: ParseLimits): Promise<ParseResult> {
  const bytes = new Uint8Array(data); // a private copy the worker can own
  const { worker } = takeWorker(limits.memoryMb);
  worker.ref();
  return new Promise<ParseResult>((resolve) => {
    let settled = false;
    const finish = (result: ParseResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    worker.once('message', (message: ParseResult) => finish(message));
    // Out of memory, a crash or an exit without an answer: the file could not be read.
    worker.once('error', () => finish({ ok: false, reason: 'unreadable' }));
    worker.once('exit', () => finish({ ok: false, reason: 'unreadable' }));
    worker.postMessage({ kind, bytes, maxRows: limits.maxRows, maxColumns: limits.maxColumns }, [bytes.buffer]);
  }).finally(warmSpare);
}
