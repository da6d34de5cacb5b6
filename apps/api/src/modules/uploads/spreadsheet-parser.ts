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

const resolveModule = createRequire(import.meta.url).resolve;
/** Absolute paths, so the worker loads the same packages under tsx, vitest and the esbuild bundle. */
const modulePaths = { xlsx: resolveModule('xlsx'), exceljs: resolveModule('exceljs'), csvParse: resolveModule('csv-parse/sync') };

/**
 * The worker's source (issue 15). .xlsx is read with exceljs and .csv with csv-parse, both
 * maintained; SheetJS `xlsx` 0.18.5 (the last on the registry, with a prototype-pollution and a
 * ReDoS advisory) reads only legacy .xls. All three run here and nowhere else: a fresh isolate
 * per file, with a heap cap and a time limit, that returns plain arrays, so whatever a crafted
 * file does to a parser dies with the worker. Rows are counted from the cells actually present,
 * never from a workbook's declared <dimension>. Plain CommonJS text so it runs the same under
 * tsx, vitest and the esbuild bundle.
 */
const WORKER_SOURCE = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const paths = workerData.modulePaths;
// Loading the parsers is most of a worker's start-up: exceljs and csv-parse load before the job
// arrives (a warm spare); SheetJS only for a legacy .xls, the rare kind.
const ExcelJS = require(paths.exceljs);
const { parse: parseCsv } = require(paths.csvParse);

function text(value) {
  return { t: 's', v: String(value) };
}

/** An exceljs cell value as the app's Cell: formulas are kept as text (never evaluated). */
function fromExcel(value) {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? { t: 'n', v: value } : null;
  if (typeof value === 'string') return text(value);
  if (typeof value === 'boolean') return text(value ? 'TRUE' : 'FALSE');
  if (value instanceof Date) return text(Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10));
  if (typeof value === 'object') {
    if (typeof value.formula === 'string') return { t: 'f', v: '=' + value.formula };
    if (typeof value.sharedFormula === 'string') return { t: 'f', v: '=' + value.sharedFormula };
    if (Array.isArray(value.richText)) return text(value.richText.map((part) => String(part && part.text || '')).join(''));
    if (typeof value.text === 'string') return text(value.text);
    if (typeof value.error === 'string') return text(value.error);
  }
  return null;
}

async function readXlsx(bytes, maxRows, maxColumns) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const sheet = book.worksheets[0];
  if (!sheet) return { ok: false, reason: 'unreadable' };
  const rows = [];
  let width = 0;
  let tooMany = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (tooMany) return;
    if (rowNumber > maxRows + 1) { tooMany = true; return; }
    const cells = [];
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (column > maxColumns) return;
      const value = fromExcel(cell.value);
      if (value) { cells[column - 1] = value; width = Math.max(width, column); }
    });
    rows[rowNumber - 1] = cells;
  });
  if (tooMany) return { ok: false, reason: 'too_many_rows' };
  // An empty workbook is no rate file: unreadable, as before.
  if (width === 0) return { ok: false, reason: 'unreadable' };
  const out = [];
  for (let r = 0; r < rows.length; r += 1) {
    const cells = rows[r] || [];
    const row = [];
    for (let c = 0; c < width; c += 1) row.push(cells[c] || null);
    out.push(row);
  }
  return { ok: true, rows: out };
}

function readCsv(bytes, maxRows, maxColumns) {
  let source;
  try { source = new TextDecoder('utf-8', { fatal: true }).decode(bytes); }
  catch { source = new TextDecoder('windows-1252').decode(bytes); }
  const records = parseCsv(source.replace(/^\uFEFF/, ''), { relax_column_count: true, relax_quotes: true, skip_empty_lines: false, to_line: maxRows + 2 });
  if (records.length > maxRows + 1) return { ok: false, reason: 'too_many_rows' };
  let width = 0;
  for (const record of records) width = Math.max(width, Math.min(record.length, maxColumns));
  return { ok: true, rows: records.map((record) => {
    const row = [];
    for (let c = 0; c < width; c += 1) {
      const value = record[c];
      row.push(value === undefined || value === '' ? null : text(value));
    }
    return row;
  }) };
}

/** Legacy .xls (BIFF) only: SheetJS, as before. */
function readXls(bytes, maxRows, maxColumns) {
  const XLSX = require(paths.xlsx);
  const book = XLSX.read(bytes, { type: 'buffer', sheets: 0, sheetRows: maxRows + 2, cellFormula: true, cellHTML: false, cellText: false,
    cellDates: false, cellStyles: false, bookVBA: false, bookDeps: false, WTF: false });
  const name = book.SheetNames[0];
  const sheet = name === undefined ? undefined : book.Sheets[name];
  if (!sheet || !sheet['!ref']) return { ok: false, reason: 'unreadable' };
  const full = XLSX.utils.decode_range(sheet['!fullref'] || sheet['!ref']);
  if (full.e.r > maxRows) return { ok: false, reason: 'too_many_rows' };
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
      else if (cell.t === 'e') row.push(text(cell.w || '#ERROR'));
      else if (cell.v === undefined || cell.v === null) row.push(null);
      else row.push(text(cell.t === 'd' ? (cell.w || cell.v) : cell.v));
    }
    rows.push(row);
  }
  return { ok: true, rows };
}

parentPort.once('message', async ({ kind, bytes, maxRows, maxColumns }) => {
  try {
    const result = kind === 'csv' ? readCsv(bytes, maxRows, maxColumns)
      : kind === 'xlsx' ? await readXlsx(bytes, maxRows, maxColumns)
      : readXls(bytes, maxRows, maxColumns);
    parentPort.postMessage(result);
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

/** One spare worker, its parsers already loaded, waits for the next file; each file still gets a fresh one. */
let spare: ParserWorker | null = null;

function spawn(memoryMb: number): ParserWorker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { modulePaths },
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

/** Starts a spare worker loading the parsers while an upload is still arriving (the first one after start). */
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
