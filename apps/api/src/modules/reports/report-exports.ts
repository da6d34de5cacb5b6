import ExcelJS from 'exceljs';
import type { ReportColumn, ReportFormat, ReportResponse, ReportTable } from '@parceldesk/shared/schemas/reports';
import { csv } from '../../lib/csv';
import { openPdf } from '../../lib/pdf-fonts';

export interface ExportFile { fileName: string; contentType: string; data: Buffer }

/** What the file is about: the courier (or the network) and the filters, written above every table. */
export interface ReportHeading { subject: string; filters: [string, string][] }

/** A figure as it reads in CSV and PDF: money in J$ / US$ with two decimals, weight in lb. */
function text(column: ReportColumn, value: string | number | null | undefined): string {
  if (column.kind === 'text') return String(value ?? '');
  const n = Number(value ?? 0);
  if (column.kind === 'money' || column.kind === 'usd') return (n / 100).toFixed(2);
  if (column.kind === 'weight') return n.toFixed(2);
  return String(n);
}
/** A figure as a spreadsheet number: money in J$ (not cents), so sums and charts work in the sheet. */
function figure(column: ReportColumn, value: string | number | null | undefined): string | number {
  if (column.kind === 'text') return String(value ?? '');
  const n = Number(value ?? 0);
  return column.kind === 'money' || column.kind === 'usd' ? n / 100 : n;
}
const totalRow = (table: ReportTable) => table.columns.map((c, i) => (c.kind === 'text' ? (i === 0 ? 'TOTAL' : '') : table.totals[c.key] ?? 0));
const columnTitle = (c: ReportColumn) => (c.kind === 'money' ? `${c.label} (J$)` : c.label);

export function headingRows(report: ReportResponse, heading: ReportHeading): [string, string][] {
  return [['Report', report.title], ['Courier', heading.subject], ['From', report.from], ['To', report.to], ['Grouped by', report.groupBy], ...heading.filters];
}

function reportCsv(report: ReportResponse, heading: ReportHeading): Buffer {
  const rows: (string | number)[][] = headingRows(report, heading).map(([a, b]) => [a, b]);
  for (const table of report.tables) {
    rows.push([], [table.title], table.columns.map(columnTitle));
    for (const row of table.rows) rows.push(table.columns.map((c) => text(c, row[c.key])));
    rows.push(table.columns.map((c, i) => (c.kind === 'text' ? (i === 0 ? 'TOTAL' : '') : text(c, table.totals[c.key]))));
  }
  return Buffer.from(csv(rows));
}

/** One sheet per table: the heading, the column titles, a row per report row, the TOTAL row (figures, not formulas). */
async function reportXlsx(report: ReportResponse, heading: ReportHeading): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'ParcelDesk';
  for (const table of report.tables) {
    // Sheet names: at most 31 characters, none of []:*?/\.
    const sheet = book.addWorksheet(table.title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31));
    for (const [name, value] of headingRows(report, heading)) sheet.addRow([name, value]).getCell(1).font = { bold: true };
    sheet.addRow([]);
    const head = sheet.addRow(table.columns.map(columnTitle));
    head.font = { bold: true };
    for (const row of table.rows) sheet.addRow(table.columns.map((c) => figure(c, row[c.key])));
    const totals = sheet.addRow(table.columns.map((c, i) => (c.kind === 'text' ? (i === 0 ? 'TOTAL' : '') : figure(c, table.totals[c.key]))));
    totals.font = { bold: true };
    table.columns.forEach((c, i) => {
      const column = sheet.getColumn(i + 1);
      column.width = c.kind === 'text' ? 24 : 16;
      if (c.kind === 'money' || c.kind === 'usd' || c.kind === 'weight') column.numFmt = '#,##0.00';
    });
    sheet.views = [{ state: 'frozen', ySplit: head.number }];
  }
  return Buffer.from(await book.xlsx.writeBuffer({ useSharedStrings: false }));
}

/** Landscape Letter: the heading, then each table with its TOTAL row, over as many pages as needed. */
async function reportPdf(report: ReportResponse, heading: ReportHeading): Promise<Buffer> {
  const { doc, bytes } = openPdf(`${report.title} ${report.from} to ${report.to}`, { size: 'LETTER', layout: 'landscape', margin: 36 });
  const left = 36;
  const width = doc.page.width - 72;
  const bottom = doc.page.height - 48;
  doc.font('Bold').fontSize(15).text(`${heading.subject}: ${report.title}`, left, 36);
  doc.font('Regular').fontSize(9).text(headingRows(report, heading).slice(2).map(([a, b]) => `${a}: ${b}`).join('   ·   '), left, 58, { width });
  let y = doc.y + 6;
  for (const note of report.notes) { doc.fontSize(8).text(note, left, y, { width }); y = doc.y + 2; }
  for (const table of report.tables) {
    const cell = width / table.columns.length;
    const line = (values: string[], bold: boolean) => {
      if (y > bottom) { doc.addPage(); y = 36; }
      doc.font(bold ? 'Bold' : 'Regular').fontSize(8);
      values.forEach((value, i) => {
        const column = table.columns[i]!;
        doc.text(value, left + i * cell, y, { width: cell - 6, align: column.kind === 'text' ? 'left' : 'right', lineBreak: false, ellipsis: true });
      });
      y += 12;
    };
    y += 10;
    if (y > bottom - 40) { doc.addPage(); y = 36; }
    doc.font('Bold').fontSize(11).text(table.title, left, y);
    y = doc.y + 4;
    line(table.columns.map(columnTitle), true);
    if (table.rows.length === 0) line(['No data for this range', ...table.columns.slice(1).map(() => '')], false);
    for (const row of table.rows) line(table.columns.map((c) => text(c, row[c.key])), false);
    line(totalRow(table).map((v, i) => (table.columns[i]!.kind === 'text' ? String(v) : text(table.columns[i]!, v))), true);
  }
  doc.end();
  return bytes;
}

/** GET /reports/{report}/export: the same tables the screen shows, in the chosen format. */
export async function exportReport(report: ReportResponse, heading: ReportHeading, format: ReportFormat): Promise<ExportFile> {
  const name = `${report.report.replace(/_/g, '-')}-${report.from}-to-${report.to}`;
  switch (format) {
    case 'xlsx': return { fileName: `${name}.xlsx`, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: await reportXlsx(report, heading) };
    case 'csv': return { fileName: `${name}.csv`, contentType: 'text/csv; charset=utf-8', data: reportCsv(report, heading) };
    case 'pdf': return { fileName: `${name}.pdf`, contentType: 'application/pdf', data: await reportPdf(report, heading) };
  }
}


