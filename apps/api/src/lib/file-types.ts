import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { listZipEntries, type ZipEntry } from './zip-entries';

/**
 * What a file is, judged by its bytes (magic numbers) and never by the browser's content type.
 * Office files come in two containers: ZIP (xlsx, docx) and OLE compound files (xls, doc).
 */
export type Sniffed = 'jpeg' | 'png' | 'gif' | 'pdf' | 'zip' | 'ole' | 'text' | 'unknown';

const startsWith = (data: Buffer, bytes: readonly number[]) => data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

export function sniff(data: Buffer): Sniffed {
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (data.subarray(0, 6).toString('latin1') === 'GIF87a' || data.subarray(0, 6).toString('latin1') === 'GIF89a') return 'gif';
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (isPlainText(data)) return 'text';
  return 'unknown';
}

/** Text: no NUL and no control characters other than tab, line breaks and form feed. */
function isPlainText(data: Buffer): boolean {
  if (data.length === 0) return false;
  for (const byte of data) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/** The lower-case extension of a file name ('.xlsx'), or ''. */
export function extensionOf(fileName: string): string {
  return path.extname(fileName).toLowerCase();
}

/** An OOXML package of the given kind: its parts live under xl/ (Excel) or word/ (Word). */
export function ooxmlKind(entries: readonly ZipEntry[]): 'xlsx' | 'docx' | null {
  const names = new Set(entries.map((e) => e.name));
  if (!names.has('[Content_Types].xml')) return null;
  if (entries.some((e) => e.name.startsWith('xl/'))) return 'xlsx';
  if (entries.some((e) => e.name.startsWith('word/'))) return 'docx';
  return null;
}

export const CONTENT_TYPES = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  csv: 'text/csv; charset=utf-8',
} as const;

/** A logo is a JPEG, PNG or GIF by content, named like an image (SVG is refused: it can carry script). */
export function logoContentType(data: Buffer, fileName: string): string | null {
  const kind = sniff(data);
  if (kind !== 'jpeg' && kind !== 'png' && kind !== 'gif') return null;
  return ['.jpg', '.jpeg', '.png', '.gif'].includes(extensionOf(fileName)) ? CONTENT_TYPES[kind] : null;
}

/** A rate sheet: PDF, Excel or Word, where the content and the extension agree. */
export function rateSheetContentType(data: Buffer, fileName: string): string | null {
  const extension = extensionOf(fileName);
  const kind = sniff(data);
  if (extension === '.pdf') return kind === 'pdf' ? CONTENT_TYPES.pdf : null;
  if (extension === '.xls' || extension === '.doc') return kind === 'ole' ? CONTENT_TYPES[extension === '.xls' ? 'xls' : 'doc'] : null;
  if (extension === '.xlsx' || extension === '.docx') {
    const entries = kind === 'zip' ? listZipEntries(data) : null;
    const wanted = extension === '.xlsx' ? 'xlsx' : 'docx';
    return entries && ooxmlKind(entries) === wanted ? CONTENT_TYPES[wanted] : null;
  }
  return null;
}

export type SpreadsheetKind = 'xlsx' | 'xls' | 'csv';

/** A bulk rate file: xlsx (a ZIP holding a workbook), xls (an OLE file) or csv (plain text). */
export function spreadsheetKind(data: Buffer, fileName: string): SpreadsheetKind | null {
  const extension = extensionOf(fileName);
  const kind = sniff(data);
  if (extension === '.xlsx') {
    const entries = kind === 'zip' ? listZipEntries(data) : null;
    return entries && ooxmlKind(entries) === 'xlsx' ? 'xlsx' : null;
  }
  if (extension === '.xls') return kind === 'ole' ? 'xls' : null;
  if (extension === '.csv') return kind === 'text' ? 'csv' : null;
  return null;
}

/** A file name safe to store and to echo in a header: no path, no control characters, bounded. */
export function cleanFileName(fileName: string, fallback: string): string {
  const base = path.basename(fileName.replace(/\\/g, '/')).replace(/[\p{Cc}\p{Cf}]/gu, '').trim();
  if (!base || base === '.' || base === '..') return fallback;
  if (base.length <= 200) return base;
  const extension = extensionOf(base).slice(0, 10);
  return base.slice(0, 200 - extension.length) + extension;
}

/** The extensions a served content type may carry; the first is the one given when the name's does not fit. */
const EXTENSIONS_OF: Record<string, readonly string[]> = {
  [CONTENT_TYPES.jpeg]: ['.jpg', '.jpeg', '.jpe'],
  [CONTENT_TYPES.png]: ['.png'],
  [CONTENT_TYPES.gif]: ['.gif'],
  [CONTENT_TYPES.pdf]: ['.pdf'],
  [CONTENT_TYPES.xlsx]: ['.xlsx'],
  [CONTENT_TYPES.xls]: ['.xls'],
  [CONTENT_TYPES.docx]: ['.docx'],
  [CONTENT_TYPES.doc]: ['.doc'],
  [CONTENT_TYPES.csv]: ['.csv'],
};

/**
 * The name a stored file is served under: its own, with the extension swapped for one matching
 * the content type sniffed at upload when they disagree (issue 15: `invoice.html` holding a JPEG
 * downloads as `invoice.jpg`, so nothing opens it as something it is not). The stored name is kept.
 */
export function servedFileName(fileName: string, contentType: string): string {
  const allowed = EXTENSIONS_OF[contentType];
  if (!allowed) return fileName;
  const extension = extensionOf(fileName);
  if (allowed.includes(extension)) return fileName;
  const stem = extension ? fileName.slice(0, -extension.length) : fileName;
  return `${stem || 'file'}${allowed[0]}`;
}

/**
 * `attachment` or `inline` with an ASCII fallback name and the exact UTF-8 name (RFC 6266); with
 * the content type, the name's extension is made to match it (servedFileName).
 */
export function contentDisposition(type: 'attachment' | 'inline', storedName: string, contentType?: string): string {
  const fileName = contentType ? servedFileName(storedName, contentType) : storedName;
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** Bytes we serve are never sniffed into something else, and never run as a page. */
export function fileHeaders(reply: FastifyReply, contentType: string): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
}

/** A stored file (ticket attachment, package document or photo): images open in the page, anything else downloads. */
export function sendStoredFile(reply: FastifyReply, file: { data: Buffer; contentType: string; fileName: string }) {
  const disposition = file.contentType.startsWith('image/') ? 'inline' : 'attachment';
  return fileHeaders(reply, file.contentType)
    .header('content-disposition', contentDisposition(disposition, file.fileName, file.contentType))
    .header('cache-control', 'private, max-age=3600')
    .send(file.data);
}
