import bwipjs from 'bwip-js/node';
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS } from '@parceldesk/shared/domain/billing';
import { formatMoney } from '@parceldesk/shared/domain/money';
import type { InvoiceDetail } from '@parceldesk/shared/schemas/invoices';
import { LOCAL_TIME_ZONE } from '../../lib/local-time';
import { openPdf } from '../../lib/pdf-fonts';

/** US Letter in points; the counter's printers take Letter. */
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 48;
const INNER = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_SPACE = 40;
/** A small bottom margin so the footer line fits without pdfkit starting a page. */
const MARGINS = { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 20 };

type Doc = PDFKit.PDFDocument;

export interface InvoicePdfData {
  invoice: InvoiceDetail;
  courierName: string;
  /** PNG or JPEG bytes of the courier's logo (pdfkit draws no other kind), or null: `loadCourierLogo` (invoice-logo.ts). */
  logo: Buffer | null;
}

const dateFormat = new Intl.DateTimeFormat('en-GB', { timeZone: LOCAL_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
const dateText = (iso: string) => dateFormat.format(new Date(iso));
const weightText = (lbs: number) => `${lbs.toFixed(2)} lb`;

/**
 * The Code 128 bars of `text` as widths in modules, bar first, alternating bar and space. Drawn as
 * vector rectangles: crisp at any printer resolution, and no PNG for pdfkit to decode and
 * re-compress on every invoice (a fifth of the PDF's CPU time when it was an image).
 */
function code128Modules(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, { includetext: false });
  if (!symbol || !('sbs' in symbol)) throw new Error('bwip-js gave no Code 128 bars');
  return symbol.sbs;
}

/** Draws the bars ending at `right`, their tops at `y`: 1.5 pt a module, narrower only when they would exceed `maxWidth`. */
function drawCode128(doc: Doc, text: string, right: number, y: number, maxWidth: number, height: number): void {
  const widths = code128Modules(text);
  const modules = widths.reduce((sum, width) => sum + width, 0);
  const module = Math.min(1.5, maxWidth / modules);
  let x = right - modules * module;
  widths.forEach((width, index) => {
    if (index % 2 === 0) doc.rect(x, y, width * module, height);
    x += width * module;
  });
  doc.fillColor('#000').fill();
}

/** Starts a new page when fewer than `needed` points remain above the footer. */
function ensureSpace(doc: Doc, needed: number): void {
  if (doc.y + needed > PAGE_HEIGHT - MARGIN - FOOTER_SPACE) {
    doc.addPage({ size: [PAGE_WIDTH, PAGE_HEIGHT], margins: MARGINS });
    doc.y = MARGIN;
  }
}

interface Column {
  title: string;
  width: number;
  align?: 'left' | 'right';
}

/** A simple table: a bold heading row, a rule, then the rows (each cell one line, cut with an ellipsis). */
function table(doc: Doc, columns: Column[], rows: string[][]): void {
  const drawRow = (cells: string[], font: 'Regular' | 'Bold') => {
    ensureSpace(doc, 18);
    const y = doc.y;
    let x = MARGIN;
    doc.font(font).fontSize(9);
    cells.forEach((cell, index) => {
      const column = columns[index]!;
      doc.text(cell, x + 2, y, { width: column.width - 4, align: column.align ?? 'left', lineBreak: false, ellipsis: true });
      x += column.width;
    });
    doc.y = y + 15;
  };
  drawRow(columns.map((column) => column.title), 'Bold');
  doc.moveTo(MARGIN, doc.y - 3).lineTo(MARGIN + INNER, doc.y - 3).lineWidth(0.5).stroke();
  for (const row of rows) drawRow(row, 'Regular');
  doc.y += 6;
}

function heading(doc: Doc, text: string): void {
  ensureSpace(doc, 40);
  doc.font('Bold').fontSize(11).text(text, MARGIN, doc.y, { width: INNER });
  doc.y += 4;
}

/**
 * The printable invoice (issue 13): the courier's logo and name, the customer and mailbox, the
 * packages with tracking numbers and weights, the lines, GCT, payments and balance, the bank
 * details line by line, and the invoice number as a Code 128 barcode the counter scans.
 */
export async function renderInvoicePdf(data: InvoicePdfData): Promise<Buffer> {
  const { invoice } = data;
  const { doc, bytes: done } = openPdf(`Invoice ${invoice.invoiceNumber}`, { size: [PAGE_WIDTH, PAGE_HEIGHT], margins: MARGINS, bufferPages: true });

  // Header: logo and courier on the left; INVOICE, number, barcode and dates on the right.
  let left = MARGIN;
  if (data.logo) {
    try {
      doc.image(data.logo, MARGIN, MARGIN, { fit: [72, 56] });
      left = MARGIN + 84;
    } catch {
      // A logo pdfkit cannot read prints as the name alone.
    }
  }
  doc.font('Bold').fontSize(16).text(data.courierName, left, MARGIN + 4, { width: 260, lineBreak: false, ellipsis: true });
  const rightX = MARGIN + INNER - 200;
  doc.font('Bold').fontSize(20).text('INVOICE', rightX, MARGIN, { width: 200, align: 'right' });
  doc.font('Bold').fontSize(12).text(invoice.invoiceNumber, rightX, MARGIN + 24, { width: 200, align: 'right' });
  // 1.5 pt per module: crisp for a counter scanner, with quiet zones around it.
  drawCode128(doc, invoice.invoiceNumber, MARGIN + INNER, MARGIN + 42, INNER - 280, 44);
  doc.font('Regular').fontSize(9)
    .text(`Issued ${dateText(invoice.issuedAt)}`, rightX, MARGIN + 92, { width: 200, align: 'right' })
    .text(`Status: ${INVOICE_STATUS_LABELS[invoice.status]}`, rightX, MARGIN + 104, { width: 200, align: 'right' });

  // Bill to.
  doc.font('Regular').fontSize(8).text('BILL TO', MARGIN, MARGIN + 70);
  doc.font('Bold').fontSize(12).text(invoice.customerName, MARGIN, MARGIN + 80, { width: 250 });
  doc.font('Regular').fontSize(10).text(`Mailbox ${invoice.mailboxNumber}`, MARGIN, doc.y, { width: 250 });
  if (invoice.branchName) doc.text(`Pickup branch: ${invoice.branchName}`, MARGIN, doc.y, { width: 250 });
  doc.y = Math.max(doc.y, MARGIN + 118) + 14;

  if (invoice.status === 'void') {
    doc.font('Bold').fontSize(14).fillColor('#b00020')
      .text(`VOID${invoice.voidReason ? `: ${invoice.voidReason}` : ''}`, MARGIN, doc.y, { width: INNER });
    if (invoice.replacedByInvoiceNumber) doc.font('Regular').fontSize(10).text(`Replaced by ${invoice.replacedByInvoiceNumber}`, MARGIN, doc.y, { width: INNER });
    doc.fillColor('#000');
    doc.y += 8;
  } else if (invoice.replacesInvoiceNumber) {
    doc.font('Regular').fontSize(10).text(`Replaces ${invoice.replacesInvoiceNumber}`, MARGIN, doc.y, { width: INNER });
    doc.y += 6;
  }

  heading(doc, 'Packages');
  table(doc, [
    { title: 'Package', width: 100 }, { title: 'Tracking number', width: 150 }, { title: 'Description', width: 126 },
    { title: 'Service', width: 44 }, { title: 'Weight', width: 48, align: 'right' }, { title: 'Billed', width: 48, align: 'right' },
  ], invoice.packages.map((pkg) => [
    pkg.packageNumber, pkg.trackingNumber, pkg.description ?? '', pkg.service.toUpperCase(), weightText(pkg.weight), `${pkg.chargeableWeight} lb`,
  ]));

  heading(doc, 'Charges');
  table(doc, [{ title: 'Description', width: INNER - 110 }, { title: 'Amount', width: 110, align: 'right' }],
    invoice.lines.map((line) => [line.addedAfterIssue ? `${line.description} (added ${dateText(line.addedAt)})` : line.description, formatMoney(line.amountCents)]));

  // Totals, right-aligned.
  ensureSpace(doc, 90);
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatMoney(invoice.subtotalCents), false],
    ['GCT', formatMoney(invoice.gctCents), false],
    ['Total', formatMoney(invoice.totalCents), true],
    ['Paid', formatMoney(invoice.paidCents), false],
    ['Balance due', formatMoney(invoice.status === 'void' ? 0 : invoice.balanceCents), true],
  ];
  for (const [name, value, bold] of totals) {
    const y = doc.y;
    doc.font(bold ? 'Bold' : 'Regular').fontSize(bold ? 11 : 10);
    doc.text(name, MARGIN + INNER - 260, y, { width: 140, align: 'right', lineBreak: false });
    doc.text(value, MARGIN + INNER - 110, y, { width: 108, align: 'right', lineBreak: false });
    doc.y = y + (bold ? 17 : 15);
  }
  doc.y += 8;

  if (invoice.payments.length > 0) {
    heading(doc, 'Payments');
    table(doc, [
      { title: 'Receipt', width: 100 }, { title: 'Date', width: 90 }, { title: 'Method', width: 110 }, { title: 'Reference', width: 126 },
      { title: 'Amount', width: INNER - 426, align: 'right' },
    ], invoice.payments.map((payment) => [
      payment.paymentNumber, dateText(payment.recordedAt), PAYMENT_METHOD_LABELS[payment.method],
      payment.status === 'void' ? `${payment.reference ?? ''} (void)`.trim() : payment.reference ?? '', formatMoney(payment.allocatedCents),
    ]));
  }

  if (invoice.bankDetails.length > 0 && invoice.status !== 'void') {
    heading(doc, 'Pay by bank transfer');
    doc.font('Regular').fontSize(10);
    for (const line of invoice.bankDetails) {
      ensureSpace(doc, 14);
      doc.text(line, MARGIN, doc.y, { width: INNER });
    }
    doc.text(`Reference: ${invoice.invoiceNumber}`, MARGIN, doc.y, { width: INNER });
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index += 1) {
    doc.switchToPage(index);
    doc.font('Regular').fontSize(8).fillColor('#555')
      .text(`${data.courierName} · ${invoice.invoiceNumber} · page ${index + 1} of ${range.count}`, MARGIN, PAGE_HEIGHT - MARGIN - 10, { width: INNER, align: 'center', lineBreak: false });
    doc.fillColor('#000');
  }
  doc.end();
  return done;
}
