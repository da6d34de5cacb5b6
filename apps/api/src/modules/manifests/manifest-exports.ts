import { and, asc, eq } from 'drizzle-orm';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { MANIFEST_STATUS_LABELS, placesOf } from '@parceldesk/shared/domain/manifests';
import { PACKAGE_STATUS_LABELS } from '@parceldesk/shared/domain/packages';
import type { ManifestExportFormat, ManifestTotals } from '@parceldesk/shared/schemas/manifests';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { csv } from '../../lib/csv';
import { openPdf } from '../../lib/pdf-fonts';
import { couriers, manifestPackages, packageFiles, packages, storedFiles } from '../../db/schema/index';
import type { ManifestRow } from './manifest-access';
import { byCustomer, byTrn, manifestLines, waybillOf, type ManifestLine } from './manifest-detail.service';

export interface ExportFile { fileName: string; contentType: string; data: Buffer }

const usd = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));
const lb = (weight: number) => weight.toFixed(2);

function totalsOf(lines: ManifestLine[]): ManifestTotals {
  return {
    packages: lines.length,
    pieces: lines.reduce((n, l) => n + l.pieces, 0),
    weight: lines.reduce((n, l) => n + Math.round(l.weight * 100), 0) / 100,
    chargeableWeight: lines.reduce((n, l) => n + l.chargeableWeight, 0),
    declaredValueCents: lines.reduce((n, l) => n + (l.declaredValueCents ?? 0), 0),
  };
}

function headerRows(manifest: ManifestRow, courierName: string): [string, string][] {
  const place = (code: string) => `${code} (${placesOf(manifest.service)[code] ?? code})`;
  return [
    ['Courier', courierName],
    ['Manifest', manifest.number],
    ['Service', SERVICE_LABELS[manifest.service]],
    ['Status', MANIFEST_STATUS_LABELS[manifest.status]],
    ['Carrier', manifest.carrier],
    [manifest.service === 'air' ? 'Master air waybill' : 'Bill of lading', waybillOf(manifest) ?? ''],
    [manifest.service === 'air' ? 'Flight' : 'Voyage', manifest.flightOrVoyage ?? ''],
    ['Origin', place(manifest.origin)],
    ['Destination', place(manifest.destination)],
    ['Departure date', manifest.departureDate ?? ''],
    ['Arrival date', manifest.arrivalDate ?? ''],
  ];
}

export const MANIFEST_CSV_COLUMNS = ['Package number', 'Tracking number', 'Consignee', 'Mailbox', 'TRN', 'Description', 'Pieces', 'Weight (lb)', 'Chargeable weight (lb)', 'Declared value (US$)', 'Status'];

function manifestCsv(lines: ManifestLine[]): Buffer {
  const totals = totalsOf(lines);
  return Buffer.from(csv([
    MANIFEST_CSV_COLUMNS,
    ...lines.map((l) => [l.packageNo, l.trackingNumber, l.consignee, l.mailboxNumber, l.trn ?? '', l.description ?? '', l.pieces, lb(l.weight), l.chargeableWeight, usd(l.declaredValueCents), PACKAGE_STATUS_LABELS[l.status]]),
    ['TOTAL', `${totals.packages} packages`, '', '', '', '', totals.pieces, lb(totals.weight), totals.chargeableWeight, usd(totals.declaredValueCents), ''],
  ]));
}

/**
 * The customs broker's file: one line per parcel, the consignee as customs knows them (name, TRN,
 * address, mailbox) and what the declaration needs (decision 012 lists the fields).
 */
export const BROKER_CSV_COLUMNS = ['Manifest', 'Waybill', 'House reference', 'Consignee name', 'TRN', 'Address', 'Mailbox number', 'Description', 'Pieces', 'Weight (lb)', 'Declared value (US$)', 'Tracking number', 'Invoice attached'];

function brokerCsv(manifest: ManifestRow, lines: ManifestLine[]): Buffer {
  return Buffer.from(csv([
    BROKER_CSV_COLUMNS,
    ...lines.map((l) => [manifest.number, waybillOf(manifest) ?? '', l.packageNo, l.consignee, l.trn ?? '', l.consigneeAddress, l.mailboxNumber, l.description ?? '', l.pieces, lb(l.weight), usd(l.declaredValueCents), l.trackingNumber, l.hasInvoice ? 'Yes' : 'No']),
  ]));
}

// ---------------------------------------------------------------------------------------------
// XLSX: the manifest sheet (header, one row per parcel, totals) and the two breakdowns.

async function manifestXlsx(manifest: ManifestRow, courierName: string, lines: ManifestLine[]): Promise<Buffer> {
  // exceljs's streaming writer: each row is serialised as it is committed, not kept as a cell model
  // and written at the end (about 60% of the in-memory workbook's CPU on 5,000 rows). Inline
  // strings: half the time of the shared-string table, the same file to Excel.
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  book.creator = 'ParcelDesk';
  const header = headerRows(manifest, courierName);
  const first = header.length + 3;
  const sheet = book.addWorksheet('Manifest', { views: [{ state: 'frozen', ySplit: first - 1 }] });
  sheet.columns = [18, 24, 26, 14, 14, 30, 8, 12, 12, 14, 14].map((width) => ({ width }));
  const bold = { bold: true };
  const add = (target: typeof sheet, values: (string | number)[], font?: typeof bold) => {
    const row = target.addRow(values);
    if (font) row.font = font;
    return row;
  };
  for (const [name, value] of header) {
    const row = sheet.addRow([name, value]);
    row.getCell(1).font = bold;
    row.commit();
  }
  sheet.addRow([]).commit();
  add(sheet, MANIFEST_CSV_COLUMNS, bold).commit();
  const figures = (row: ReturnType<typeof sheet.addRow>) => {
    for (const column of [8, 10]) row.getCell(column).numFmt = '0.00';
    row.commit();
  };
  for (const l of lines) {
    figures(add(sheet, [l.packageNo, l.trackingNumber, l.consignee, l.mailboxNumber, l.trn ?? '', l.description ?? '', l.pieces, l.weight, l.chargeableWeight, (l.declaredValueCents ?? 0) / 100, PACKAGE_STATUS_LABELS[l.status]]));
  }
  const totals = totalsOf(lines);
  // Figures, not formulas: the file reads the same in every program (and parses back in tests).
  figures(add(sheet, ['TOTAL', `${totals.packages} packages`, '', '', '', '', totals.pieces, totals.weight, totals.chargeableWeight, totals.declaredValueCents / 100, ''], bold));
  sheet.commit();

  for (const [title, rows] of [['By customer', byCustomer(lines)], ['By TRN', byTrn(lines)]] as const) {
    const part = book.addWorksheet(title);
    part.columns = [30, 14, 10, 8, 12, 14, 16].map((width) => ({ width }));
    add(part, [title === 'By TRN' ? 'TRN' : 'Customer', 'Mailbox', 'Packages', 'Pieces', 'Weight (lb)', 'Chargeable weight (lb)', 'Declared value (US$)'], bold).commit();
    for (const row of rows) add(part, [row.label, row.detail ?? '', row.packages, row.pieces, row.weight, row.chargeableWeight, row.declaredValueCents / 100]).commit();
    part.commit();
  }
  await book.commit();
  return Buffer.concat(chunks);
}

// ---------------------------------------------------------------------------------------------
// PDF: landscape Letter, the header block, the parcels in a table over as many pages as needed.

const PDF_COLUMNS: { title: string; width: number; align?: 'right'; value: (l: ManifestLine, i: number) => string }[] = [
  { title: '#', width: 28, align: 'right', value: (_, i) => String(i + 1) },
  { title: 'Package', width: 84, value: (l) => l.packageNo },
  { title: 'Tracking', width: 120, value: (l) => l.trackingNumber },
  { title: 'Consignee', width: 120, value: (l) => l.consignee },
  { title: 'Mailbox', width: 66, value: (l) => l.mailboxNumber },
  { title: 'TRN', width: 62, value: (l) => l.trn ?? '' },
  { title: 'Description', width: 114, value: (l) => l.description ?? '' },
  { title: 'Pcs', width: 26, align: 'right', value: (l) => String(l.pieces) },
  { title: 'Weight lb', width: 50, align: 'right', value: (l) => lb(l.weight) },
  { title: 'Value US$', width: 58, align: 'right', value: (l) => usd(l.declaredValueCents) },
];

async function manifestPdf(manifest: ManifestRow, courierName: string, lines: ManifestLine[]): Promise<Buffer> {
  const { doc, bytes: done } = openPdf(`Manifest ${manifest.number}`, { size: 'LETTER', layout: 'landscape', margin: 36, bufferPages: true });
  const left = 36;
  const bottom = doc.page.height - 48;
  doc.font('Bold').fontSize(16).text(`${courierName}: cargo manifest ${manifest.number}`, left, 36);
  const header = headerRows(manifest, courierName).slice(2);
  header.forEach(([name, value], index) => {
    const x = left + (index % 3) * 240;
    const y = 62 + Math.floor(index / 3) * 14;
    doc.font('Bold').fontSize(8).text(`${name}: `, x, y, { continued: true, lineBreak: false }).font('Regular').text(value || '—', { lineBreak: false });
  });
  const totals = totalsOf(lines);
  let y = 62 + Math.ceil(header.length / 3) * 14 + 6;
  doc.font('Bold').fontSize(9).text(`Totals: ${totals.packages} packages, ${totals.pieces} pieces, ${lb(totals.weight)} lb actual, ${totals.chargeableWeight} lb chargeable, US$ ${usd(totals.declaredValueCents)} declared`, left, y);
  y += 20;
  const drawHead = () => {
    let x = left;
    doc.font('Bold').fontSize(7.5);
    for (const column of PDF_COLUMNS) {
      doc.text(column.title, x, y, { width: column.width - 4, align: column.align ?? 'left', lineBreak: false });
      x += column.width;
    }
    y += 11;
    doc.moveTo(left, y - 2).lineTo(left + PDF_COLUMNS.reduce((w, c) => w + c.width, 0), y - 2).lineWidth(0.5).stroke();
    doc.font('Regular');
  };
  drawHead();
  // Cells are cut to their column by measured width and placed by hand (pdfkit's width, align and
  // ellipsis options lay each cell out as a paragraph). Text that Helvetica's WinAnsi covers is set
  // in Helvetica, about 6× faster than laying DejaVu out through fontkit on 5,000 rows; anything
  // else (a name in another script) falls back to DejaVu, so every name still prints.
  doc.registerFont('Cell', 'Helvetica');
  const fontFor = (text: string) => (/^[\x20-\x7e\u00a0-\u00ff]*$/.test(text) ? 'Cell' : 'Regular');
  const fit = (text: string, width: number): string => {
    if (doc.widthOfString(text) <= width) return text;
    let cut = text.slice(0, Math.max(1, Math.floor(width / 3.6)));
    while (cut.length > 1 && doc.widthOfString(`${cut}...`) > width) cut = cut.slice(0, -1);
    return `${cut}...`;
  };
  // pdfkit's font() is slow (about 1 ms a call on this machine): switch only when the font changes.
  let current = '';
  const use = (font: string) => {
    if (font !== current) doc.font(font).fontSize(7.5);
    current = font;
  };
  lines.forEach((line, index) => {
    if (y > bottom) {
      doc.addPage();
      y = 36;
      drawHead();
      current = '';
    }
    let x = left;
    for (const column of PDF_COLUMNS) {
      const value = column.value(line, index);
      use(fontFor(value));
      const text = fit(value, column.width - 4);
      const at = column.align === 'right' ? x + column.width - 4 - doc.widthOfString(text) : x;
      doc.text(text, at, y, { lineBreak: false });
      x += column.width;
    }
    y += 10.5;
  });
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    doc.font('Regular').fontSize(7).text(`${manifest.number} · page ${i + 1} of ${range.count}`, left, doc.page.height - 30, { lineBreak: false });
  }
  doc.end();
  return done;
}

// ---------------------------------------------------------------------------------------------
// Supplier invoices of every parcel, one ZIP (names start with the package number).

async function invoicesZip(db: DbOrTx, manifest: ManifestRow): Promise<Buffer> {
  const files = await db.select({ packageNo: packages.packageNo, fileName: storedFiles.fileName, data: storedFiles.data })
    .from(manifestPackages)
    .innerJoin(packages, eq(packages.id, manifestPackages.packageId))
    .innerJoin(packageFiles, eq(packageFiles.packageId, packages.id))
    .innerJoin(storedFiles, eq(storedFiles.id, packageFiles.storedFileId))
    .where(and(eq(manifestPackages.manifestId, manifest.id), eq(packageFiles.kind, 'invoice')))
    .orderBy(asc(packages.packageNo), asc(packageFiles.createdAt));
  const entries: Record<string, Uint8Array> = {};
  for (const file of files) {
    // Path separators and characters archive tools refuse (control characters too) become '_'.
    const safe = [...file.fileName].map((c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? '_' : c)).join('');
    let name = `${file.packageNo}-${safe}`;
    for (let n = 2; entries[name]; n += 1) name = `${file.packageNo}-${n}-${safe}`;
    entries[name] = new Uint8Array(file.data);
  }
  return Buffer.from(zipSync(entries, { level: 6 }));
}

/** GET /manifests/{id}/export: the same lines in every format. */
export async function exportManifest(db: DbOrTx, manifest: ManifestRow, format: ManifestExportFormat): Promise<ExportFile> {
  if (format === 'invoices') return { fileName: `${manifest.number}-invoices.zip`, contentType: 'application/zip', data: await invoicesZip(db, manifest) };
  const [[courier], lines] = await Promise.all([
    db.select({ name: couriers.name }).from(couriers).where(eq(couriers.id, manifest.courierId)),
    manifestLines(db, manifest.id),
  ]);
  const courierName = courier?.name ?? '';
  switch (format) {
    case 'pdf': return { fileName: `${manifest.number}.pdf`, contentType: 'application/pdf', data: await manifestPdf(manifest, courierName, lines) };
    case 'xlsx': return { fileName: `${manifest.number}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await manifestXlsx(manifest, courierName, lines) };
    case 'csv': return { fileName: `${manifest.number}.csv`, contentType: 'text/csv; charset=utf-8', data: manifestCsv(lines) };
    case 'broker': return { fileName: `${manifest.number}-broker.csv`, contentType: 'text/csv; charset=utf-8', data: brokerCsv(manifest, lines) };
  }
}
