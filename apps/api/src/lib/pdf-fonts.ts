import PDFDocument from 'pdfkit';
import { fileURLToPath } from 'node:url';

/**
 * The fonts every server-made PDF uses (labels, invoices, receipts): DejaVu, Bitstream Vera
 * licence, bundled with the app so every name prints, not only Latin-1, and no system font is
 * needed. In the esbuild bundle they sit in dist/fonts (build.mjs copies them), next to the bundle
 * as they sit next to this file in the source.
 */
export const PDF_FONT_REGULAR = fileURLToPath(new URL('./fonts/DejaVuSans.ttf', import.meta.url));
export const PDF_FONT_BOLD = fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url));

/** Registers the two fonts as 'Regular' and 'Bold' on a pdfkit document. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  doc.registerFont('Regular', PDF_FONT_REGULAR);
  doc.registerFont('Bold', PDF_FONT_BOLD);
}

/**
 * A pdfkit document with the bundled fonts registered, titled and signed ParcelDesk, and the
 * promise of its bytes once the caller has drawn it and called `doc.end()`. Every server-made PDF
 * (labels, invoices, receipts, manifests, reconciliation reports) starts here.
 */
export function openPdf(title: string, options: PDFKit.PDFDocumentOptions = {}): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({ ...options, info: { Title: title, Creator: 'ParcelDesk' } });
  registerPdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}
