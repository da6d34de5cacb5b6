import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { MANIFEST_STATUS_LABELS } from '@parceldesk/shared/domain/manifests';
import { PACKAGE_STATUS_LABELS } from '@parceldesk/shared/domain/packages';
import type { MissingParcel, ReconciliationScan, ReconciliationView } from '@parceldesk/shared/schemas/reconciliation';
import { SERVICE_LABELS } from '@parceldesk/shared/schemas/packages';
import type { DbOrTx } from '../../../db/client';
import { couriers, manifests } from '../../../db/schema/index';
import type { Principal } from '../../../lib/principal';
import { LOCAL_TIME_ZONE } from '../../../lib/local-time';
import { openPdf } from '../../../lib/pdf-fonts';
import { scanRows } from './reconciliation-scan-rows';
import { getReconciliation, missingParcels } from './reconciliation-view.service';

/**
 * The reconciliation report (issue 12): counts, every missing parcel, the extras with where they
 * belong, the damaged with their notes, and who scanned what and when. PDF and XLSX from the same
 * data, read afresh, so it is the manifest's record whenever it is downloaded.
 */
export interface ReportData {
  courierName: string;
  view: ReconciliationView;
  missing: MissingParcel[];
  scans: ReconciliationScan[];
}

export async function loadReport(db: DbOrTx, principal: Principal, manifestId: string): Promise<ReportData> {
  const view = await getReconciliation(db, principal, manifestId);
  const recId = view.reconciliation?.id ?? null;
  const [courier] = await db.select({ name: couriers.name }).from(manifests).innerJoin(couriers, eq(couriers.id, manifests.courierId))
    .where(eq(manifests.id, view.manifest.id));
  return {
    courierName: courier?.name ?? '',
    view,
    missing: await missingParcels(db, manifestId, recId, 100_000),
    scans: recId ? await scanRows(db, recId, { order: 'oldest' }) : [],
  };
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-JM', { timeZone: LOCAL_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' }) : '—');
const outcomeLabel = (scan: ReconciliationScan) => (scan.outcome === 'received' ? 'Received' : scan.outcome === 'damaged' ? 'Damaged' : 'Extra');
const belongs = (scan: ReconciliationScan) => (scan.belongsTo ? scan.belongsTo.manifestNumber : scan.packageNumber ? 'On no manifest' : 'Not a package of ours');

function headerRows(data: ReportData): [string, string][] {
  const { view } = data;
  const rec = view.reconciliation;
  return [
    ['Courier', data.courierName],
    ['Manifest', `${view.manifest.number} (${SERVICE_LABELS[view.manifest.service]}, ${view.manifest.origin} → ${view.manifest.destination})`],
    ['Manifest status', MANIFEST_STATUS_LABELS[view.manifest.status]],
    ['Checked in at', rec?.branchName ?? '—'],
    ['Started', rec ? `${when(rec.startedAt)} by ${rec.startedBy ?? '—'}` : 'Not started'],
    ['Finished', rec?.finishedAt ? `${when(rec.finishedAt)} by ${rec.finishedBy ?? '—'}` : 'Not finished'],
    ['Counts', `Expected ${view.counts.expected}, received ${view.counts.received}, missing ${view.counts.missing}, extra ${view.counts.extra}, damaged ${view.counts.damaged}`],
  ];
}

export async function renderReportXlsx(data: ReportData): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'ParcelDesk';
  const summary = book.addWorksheet('Summary');
  for (const [name, value] of headerRows(data)) summary.addRow([name, value]).getCell(1).font = { bold: true };
  summary.addRow([]);
  for (const [name, value] of Object.entries(data.view.counts)) summary.addRow([name[0]?.toUpperCase() + name.slice(1), value]);
  summary.getColumn(1).width = 18;
  summary.getColumn(2).width = 70;
  const sheet = (name: string, head: string[], rows: (string | number | null)[][]) => {
    const ws = book.addWorksheet(name);
    ws.addRow(head).font = { bold: true };
    for (const row of rows) ws.addRow(row);
    head.forEach((_, i) => { ws.getColumn(i + 1).width = 22; });
  };
  sheet('Missing', ['Package', 'Tracking number', 'Customer', 'Status'],
    data.missing.map((p) => [p.packageNumber, p.trackingNumber, p.customerName, PACKAGE_STATUS_LABELS[p.status]]));
  sheet('Extras', ['Scanned code', 'Package', 'Customer', 'Belongs to', 'Scanned by', 'Scanned at'],
    data.view.extras.map((s) => [s.code, s.packageNumber, s.customerName, belongs(s), s.scannedBy, when(s.scannedAt)]));
  sheet('Damaged', ['Package', 'Customer', 'Note', 'Photo', 'Scanned by', 'Scanned at'],
    data.view.damaged.map((s) => [s.packageNumber, s.customerName, s.note, s.photoFileId ? 'Yes' : 'No', s.scannedBy, when(s.scannedAt)]));
  sheet('Scans', ['Scanned at', 'Scanned by', 'Device', 'Scanned code', 'Package', 'Outcome', 'Note'],
    data.scans.map((s) => [when(s.scannedAt), s.scannedBy, s.deviceId, s.code, s.packageNumber, outcomeLabel(s), s.note]));
  return Buffer.from(await book.xlsx.writeBuffer());
}

export function renderReportPdf(data: ReportData): Promise<Buffer> {
  const { doc, bytes: done } = openPdf(`Reconciliation ${data.view.manifest.number}`, { size: 'LETTER', margin: 36, bufferPages: true });
  const left = 36;
  const width = doc.page.width - 72;
  const bottom = () => doc.page.height - 48;

  doc.font('Bold').fontSize(15).text(`${data.courierName}: reconciliation of ${data.view.manifest.number}`, left, 36, { width });
  doc.moveDown(0.5);
  for (const [name, value] of headerRows(data)) doc.font('Bold').fontSize(9).text(`${name}: `, { continued: true }).font('Regular').text(value);

  const table = (title: string, head: string[], widths: number[], rows: string[][]) => {
    doc.moveDown(0.8);
    if (doc.y > bottom() - 40) doc.addPage();
    doc.font('Bold').fontSize(11).text(`${title} (${rows.length})`, left, doc.y, { width });
    const line = (cells: string[], font: string) => {
      if (doc.y > bottom()) doc.addPage();
      const y = doc.y;
      let x = left;
      let height = 0;
      doc.font(font).fontSize(7.5);
      cells.forEach((cell, i) => {
        const w = widths[i] ?? 60;
        height = Math.max(height, doc.heightOfString(cell || '—', { width: w - 4 }));
        doc.text(cell || '—', x, y, { width: w - 4 });
        x += w;
      });
      doc.y = y + height + 2;
      doc.x = left;
    };
    line(head, 'Bold');
    if (rows.length === 0) doc.font('Regular').fontSize(8).text('None', left, doc.y);
    for (const row of rows) line(row, 'Regular');
  };
  table('Missing', ['Package', 'Tracking number', 'Customer', 'Status'], [110, 170, 160, 100],
    data.missing.map((p) => [p.packageNumber, p.trackingNumber, p.customerName, PACKAGE_STATUS_LABELS[p.status]]));
  table('Extras', ['Scanned code', 'Package', 'Belongs to', 'Scanned by', 'At'], [140, 100, 110, 100, 90],
    data.view.extras.map((s) => [s.code, s.packageNumber ?? '', belongs(s), s.scannedBy ?? '', when(s.scannedAt)]));
  table('Damaged', ['Package', 'Customer', 'Note', 'Photo', 'Scanned by'], [100, 110, 200, 40, 90],
    data.view.damaged.map((s) => [s.packageNumber ?? '', s.customerName ?? '', s.note ?? '', s.photoFileId ? 'Yes' : 'No', s.scannedBy ?? '']));
  table('Who scanned what and when', ['At', 'By', 'Device', 'Code', 'Package', 'Outcome'], [90, 90, 70, 130, 90, 70],
    data.scans.map((s) => [when(s.scannedAt), s.scannedBy ?? '', s.deviceId ?? '', s.code, s.packageNumber ?? '', outcomeLabel(s)]));

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    doc.font('Regular').fontSize(7).text(`${data.view.manifest.number} reconciliation · page ${i + 1} of ${range.count}`, left, doc.page.height - 30, { width, align: 'right', lineBreak: false });
  }
  doc.end();
  return done;
}
