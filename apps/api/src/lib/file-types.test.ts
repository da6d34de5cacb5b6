import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { SAMPLE } from '../test/multipart';
import { cleanFileName, contentDisposition, logoContentType, rateSheetContentType, servedFileName, sniff, spreadsheetKind } from './file-types';
import { parseSpreadsheet } from './spreadsheet-parser';
import { listZipEntries, unpackedSize } from './zip-entries';

const XLSX = createRequire(import.meta.url)('xlsx') as typeof import('xlsx');

/** The same .xlsx with its first sheet's XML edited (the zip rewritten through SheetJS's CFB). */
function withSheetXml(data: Buffer, edit: (xml: string) => string): Buffer {
  const zip = XLSX.CFB.read(data, { type: 'buffer' });
  const entry = zip.FileIndex[zip.FullPaths.findIndex((name: string) => name.endsWith('xl/worksheets/sheet1.xml'))];
  if (!entry) throw new Error('no sheet1.xml in the workbook');
  entry.content = Buffer.from(edit(Buffer.from(entry.content as Uint8Array).toString('utf8')));
  return Buffer.from(XLSX.CFB.write(zip, { type: 'buffer', fileType: 'zip' }) as Uint8Array);
}

function xlsxOf(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Rates');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

const OLE = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(64)]);

describe('sniff and the per-upload type rules', () => {
  it('names files by their magic bytes', () => {
    expect(sniff(SAMPLE.png)).toBe('png');
    expect(sniff(SAMPLE.jpeg)).toBe('jpeg');
    expect(sniff(SAMPLE.gif)).toBe('gif');
    expect(sniff(SAMPLE.pdf)).toBe('pdf');
    expect(sniff(xlsxOf([[1]]))).toBe('zip');
    expect(sniff(OLE)).toBe('ole');
    expect(sniff(Buffer.from('weight,cost\r\n1,650\r\n'))).toBe('text');
    expect(sniff(Buffer.from('caf\xe9,1\n', 'latin1'))).toBe('text');
    expect(sniff(Buffer.from([0x00, 0x01, 0x02]))).toBe('unknown');
    expect(sniff(Buffer.alloc(0))).toBe('unknown');
  });

  it('accepts a logo only when the content is an image and the name says image', () => {
    expect(logoContentType(SAMPLE.png, 'a.PNG')).toBe('image/png');
    expect(logoContentType(SAMPLE.png, 'a.jpg')).toBe('image/png');
    expect(logoContentType(SAMPLE.png, 'a.svg')).toBeNull();
    expect(logoContentType(Buffer.from('<svg/>'), 'a.png')).toBeNull();
  });

  it('accepts a rate sheet only when content and extension agree, telling xlsx from docx inside the ZIP', () => {
    const xlsx = xlsxOf([['weight', 'cost']]);
    expect(rateSheetContentType(SAMPLE.pdf, 'r.pdf')).toBe('application/pdf');
    expect(rateSheetContentType(SAMPLE.png, 'r.pdf')).toBeNull();
    expect(rateSheetContentType(xlsx, 'r.xlsx')).toMatch(/spreadsheetml/);
    expect(rateSheetContentType(xlsx, 'r.docx')).toBeNull();
    expect(rateSheetContentType(OLE, 'r.doc')).toBe('application/msword');
    expect(rateSheetContentType(OLE, 'r.xls')).toBe('application/vnd.ms-excel');
    expect(rateSheetContentType(SAMPLE.pdf, 'r.xls')).toBeNull();
  });

  it('accepts bulk files: xlsx workbooks, OLE .xls and text .csv only', () => {
    expect(spreadsheetKind(xlsxOf([[1]]), 'a.xlsx')).toBe('xlsx');
    expect(spreadsheetKind(OLE, 'a.xls')).toBe('xls');
    expect(spreadsheetKind(Buffer.from('weight,cost\n'), 'a.csv')).toBe('csv');
    expect(spreadsheetKind(Buffer.from('weight,cost\n'), 'a.xlsx')).toBeNull();
    expect(spreadsheetKind(SAMPLE.png, 'a.csv')).toBeNull();
    expect(spreadsheetKind(Buffer.from('PK\x03\x04not really a zip'), 'a.xlsx')).toBeNull();
  });
});

describe('listZipEntries', () => {
  it('reads the central directory of a workbook, and refuses anything else', () => {
    const entries = listZipEntries(xlsxOf([['weight', 'cost'], [1, 650]]));
    expect(entries?.map((e) => e.name)).toEqual(expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml', 'xl/worksheets/sheet1.xml']));
    expect(unpackedSize(entries ?? [])).toBeGreaterThan(0);
    expect(listZipEntries(SAMPLE.pdf)).toBeNull();
    expect(listZipEntries(Buffer.alloc(10))).toBeNull();
  });

  it('reads the declared unpacked sizes, so a ZIP bomb is refused before anything inflates it', () => {
    const xlsx = xlsxOf([['weight', 'cost'], [1, 650]]);
    const bomb = Buffer.from(xlsx);
    // Rewrite one central-directory entry to declare a 3 GB unpacked size.
    const at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(3_000_000_000, at + 24);
    expect(unpackedSize(listZipEntries(bomb) ?? [])).toBeGreaterThan(2_999_000_000);
  });
});

describe('file names in headers', () => {
  it('keeps the original name, without paths or control characters, with an ASCII fallback', () => {
    expect(cleanFileName('C:\\Users\\x\\Rates 2025.pdf', 'f')).toBe('Rates 2025.pdf');
    expect(cleanFileName('../../etc/passwd', 'f')).toBe('passwd');
    expect(cleanFileName('a\r\nb.pdf', 'f')).toBe('ab.pdf');
    expect(cleanFileName('', 'fallback')).toBe('fallback');
    expect(cleanFileName(`${'x'.repeat(300)}.pdf`, 'f')).toMatch(/^x{196}\.pdf$/);
    expect(contentDisposition('attachment', 'Tarifa "aire" ñ.pdf')).toBe(
      `attachment; filename="Tarifa _aire_ _.pdf"; filename*=UTF-8''Tarifa%20%22aire%22%20%C3%B1.pdf`,
    );
  });
});

describe('servedFileName (issue 15)', () => {
  it('keeps a name whose extension fits the content, and swaps one that does not', () => {
    expect(servedFileName('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(servedFileName('invoice.html', 'image/jpeg')).toBe('invoice.jpg');
    expect(servedFileName('rates.xlsx.exe', 'application/pdf')).toBe('rates.xlsx.pdf');
    expect(servedFileName('scan', 'image/png')).toBe('scan.png');
    expect(servedFileName('.png', 'application/pdf')).toBe('.png.pdf');
    expect(servedFileName('list.txt', 'text/csv; charset=utf-8')).toBe('list.csv');
    expect(contentDisposition('attachment', 'a.svg', 'image/png')).toMatch(/^attachment; filename="a\.png"/);
  });
});

describe('parseSpreadsheet (in a worker thread)', () => {
  it('returns cells as numbers, text and formulas, row 1 first', async () => {
    const data = xlsxOf([['weight', 'cost'], ['1 lb', 650]]);
    expect(await parseSpreadsheet(data, 'xlsx')).toEqual({
      ok: true,
      rows: [[{ t: 's', v: 'weight' }, { t: 's', v: 'cost' }], [{ t: 's', v: '1 lb' }, { t: 'n', v: 650 }]],
    });
    const csv = await parseSpreadsheet(Buffer.from('weight,cost\n=1+1,650\n'), 'csv');
    expect(csv).toEqual({ ok: true, rows: [[{ t: 's', v: 'weight' }, { t: 's', v: 'cost' }], [{ t: 's', v: '=1+1' }, { t: 's', v: '650' }]] });
  });

  it('gives up on a file that takes too long and on one over the row limit, and stays usable afterwards', async () => {
    const rows = Buffer.from(`weight,cost\n${Array.from({ length: 3000 }, (_, i) => `${i + 1},1`).join('\n')}\n`);
    expect(await parseSpreadsheet(rows, 'csv', { maxRows: 100_000, maxColumns: 5, timeoutMs: 1, memoryMb: 64 })).toEqual({ ok: false, reason: 'timeout' });
    expect(await parseSpreadsheet(rows, 'csv', { maxRows: 2999, maxColumns: 5, timeoutMs: 15_000, memoryMb: 64 })).toEqual({ ok: false, reason: 'too_many_rows' });
    const fine = await parseSpreadsheet(rows, 'csv', { maxRows: 3000, maxColumns: 5, timeoutMs: 15_000, memoryMb: 64 });
    expect(fine.ok && fine.rows.length).toBe(3001);
  });

  it('counts the rows an .xlsx actually holds, not its declared <dimension> (issue 15)', async () => {
    const rows = [['weight', 'cost'], ['1 lb', 650], ['2 lbs', 900], ['3 lbs', 1100], ['4 lbs', 1300]];
    const data = withSheetXml(xlsxOf(rows), (xml) => xml.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:B2"/>'));
    const parsed = await parseSpreadsheet(data, 'xlsx');
    expect(parsed.ok && parsed.rows.length).toBe(5);
    expect(parsed.ok && parsed.rows[4]).toEqual([{ t: 's', v: '4 lbs' }, { t: 'n', v: 1300 }]);
  });

  it('a crafted file cannot reach the main thread\'s prototypes, nor hold it past the time cap (issue 15)', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const hostile = [['__proto__', 'constructor'], ['prototype', '__defineGetter__'], ['toString', 'polluted']];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(hostile), '__proto__');
    for (const [data, kind] of [
      [XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer, 'xlsx'],
      [XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer, 'xls'],
      [Buffer.from('__proto__,constructor\nprototype,polluted\n'), 'csv'],
    ] as const) {
      const parsed = await parseSpreadsheet(data, kind);
      expect(parsed.ok, kind).toBe(true);
      if (parsed.ok) for (const row of parsed.rows) expect(Object.getPrototypeOf(row), kind).toBe(Array.prototype);
    }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    // A 4 MB file given 150 ms: the answer comes at the cap, and the main thread kept running meanwhile.
    const big = Buffer.from(`weight,cost\n${'"1 lb ""quoted""",650\n'.repeat(200_000)}`);
    // A timer due at once must fire before the answer: a parse on the main thread would hold every
    // timer until it finished, and its answer would come first (a microtask beats any timer).
    const order: string[] = [];
    setTimeout(() => order.push('timer'), 1);
    const started = Date.now();
    const result = await parseSpreadsheet(big, 'csv', { maxRows: 1_000_000, maxColumns: 5, timeoutMs: 150, memoryMb: 64 });
    order.push('answer');
    const elapsed = Date.now() - started;
    expect(result).toEqual({ ok: false, reason: 'timeout' });
    expect(order).toEqual(['timer', 'answer']);
    // A generous margin for two shared cores under a full test run: the cap is 150 ms, a whole parse takes seconds.
    expect(elapsed).toBeLessThan(3_000);
  });

  it('reads a damaged workbook as unreadable rather than throwing', async () => {
    expect(await parseSpreadsheet(OLE, 'xls')).toEqual({ ok: false, reason: 'unreadable' });
    expect(await parseSpreadsheet(Buffer.from('PK\x03\x04garbage'), 'xlsx')).toEqual({ ok: false, reason: 'unreadable' });
  });
});
