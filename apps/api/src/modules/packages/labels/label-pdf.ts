import bwipjs from 'bwip-js/node';
import { openPdf } from '../../../lib/pdf-fonts';
import { labelDate, labelPieces, labelWeight, type LabelData } from './label-data';

/** 4×6 inches in PDF points. */
export const LABEL_WIDTH_PT = 288;
export const LABEL_HEIGHT_PT = 432;
const MARGIN = 14;
const INNER = LABEL_WIDTH_PT - 2 * MARGIN;

type Doc = PDFKit.PDFDocument;

function code128(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 16, includetext: false, paddingwidth: 0, paddingheight: 0 });
}

function qrCode(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'qrcode', text, scale: 4 });
}

/** Writes `text` on one line at the largest size up to `size` that fits `width`. */
function fitLine(doc: Doc, text: string, x: number, y: number, options: { width: number; size: number; font: string; minSize?: number }) {
  let size = options.size;
  doc.font(options.font);
  while (size > (options.minSize ?? 7) && doc.fontSize(size).widthOfString(text) > options.width) size -= 0.5;
  doc.fontSize(size).text(text, x, y, { width: options.width, lineBreak: false, ellipsis: true });
  return size;
}

async function drawLabel(doc: Doc, label: LabelData) {
  doc.addPage({ size: [LABEL_WIDTH_PT, LABEL_HEIGHT_PT], margin: 0 });
  const [barcode, qr] = await Promise.all([code128(label.packageNumber), qrCode(label.packageNumber)]);

  // Courier and the service in a black box: the first thing a sorter looks for.
  fitLine(doc, label.courierName, MARGIN, MARGIN + 4, { width: INNER - 84, size: 13, font: 'Bold' });
  doc.rect(LABEL_WIDTH_PT - MARGIN - 74, MARGIN, 74, 34).fill('#000');
  doc.fillColor('#fff').font('Bold').fontSize(22).text(label.service, LABEL_WIDTH_PT - MARGIN - 74, MARGIN + 6, { width: 74, align: 'center', lineBreak: false });
  doc.fillColor('#000');
  doc.moveTo(MARGIN, 56).lineTo(LABEL_WIDTH_PT - MARGIN, 56).lineWidth(1.5).stroke();

  // Whose it is and where it goes.
  fitLine(doc, label.isUnknown ? `UNKNOWN: ${label.customerName || 'no name'}` : label.customerName, MARGIN, 64, { width: INNER, size: 20, font: 'Bold' });
  fitLine(doc, label.mailboxNumber || '—', MARGIN, 92, { width: INNER, size: 30, font: 'Bold' });
  fitLine(doc, `Pickup: ${label.branchName}`, MARGIN, 132, { width: INNER, size: 13, font: 'Regular' });
  doc.moveTo(MARGIN, 152).lineTo(LABEL_WIDTH_PT - MARGIN, 152).lineWidth(1.5).stroke();

  // The package number as Code 128 (warehouse scanners) with its text underneath.
  doc.image(barcode, MARGIN + 6, 162, { fit: [INNER - 12, 70], align: 'center', valign: 'center' });
  doc.font('Bold').fontSize(15).text(label.packageNumber, MARGIN, 236, { width: INNER, align: 'center', lineBreak: false });
  doc.moveTo(MARGIN, 258).lineTo(LABEL_WIDTH_PT - MARGIN, 258).lineWidth(1.5).stroke();

  // QR for phone cameras, beside the figures.
  doc.image(qr, MARGIN, 268, { width: 104, height: 104 });
  const x = MARGIN + 116;
  const width = INNER - 116;
  const rows: [string, string][] = [
    ['Weight', labelWeight(label.weight)],
    ['Pieces', labelPieces(label)],
    ['Date', labelDate(label.receivedAt)],
  ];
  rows.forEach(([name, value], index) => {
    const y = 268 + index * 34;
    doc.font('Regular').fontSize(8).text(name.toUpperCase(), x, y, { width, lineBreak: false });
    fitLine(doc, value, x, y + 10, { width, size: 16, font: 'Bold' });
  });
  doc.font('Regular').fontSize(8).text('CARRIER TRACKING', MARGIN, 384, { width: INNER, lineBreak: false });
  fitLine(doc, label.trackingNumber, MARGIN, 394, { width: INNER, size: 13, font: 'Regular' });
}

/** One PDF with one 4×6 page per label, in order. */
export async function renderLabelsPdf(labels: readonly LabelData[], title = 'Package labels'): Promise<Buffer> {
  const { doc, bytes: done } = openPdf(title, { autoFirstPage: false, margin: 0 });
  for (const label of labels) await drawLabel(doc, label);
  doc.end();
  return done;
}
