// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- fontkit ships no types; a reference (not tsconfig) lets every project compiling this file (api, bench, e2e) see them
/// <reference path="./fontkit.d.ts" />
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

/**
 * The fonts every server-made PDF uses (labels, invoices, receipts): DejaVu, Bitstream Vera
 * licence, bundled with the app so every name prints, not only Latin-1, and no system font is
 * needed. In the esbuild bundle they sit in dist/fonts (build.mjs copies them), next to the bundle
 * as they sit next to this file in the source.
 */
export const PDF_FONT_REGULAR = fileURLToPath(new URL('./fonts/DejaVuSans.ttf', import.meta.url));
export const PDF_FONT_BOLD = fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url));

/**
 * The two fonts read and parsed once per process: pdfkit re-reads and re-parses a font file for
 * every document it is given by path (about a third of an invoice PDF's CPU time, issue 13's
 * "Performance"), but takes a parsed fontkit font as well and makes its own subset per document
 * from it. The parsed font only caches glyphs and layouts, which every document may share.
 */
let parsed: { regular: unknown; bold: unknown } | undefined;
const fonts = () => (parsed ??= {
  regular: fontkit.create(readFileSync(PDF_FONT_REGULAR)),
  bold: fontkit.create(readFileSync(PDF_FONT_BOLD)),
});

/** Registers the two fonts as 'Regular' and 'Bold' on a pdfkit document. */
export function registerPdfFonts(doc: PDFKit.PDFDocument): void {
  // pdfkit's types name only paths and bytes; its font factory also takes a fontkit font (it has `layout`).
  doc.registerFont('Regular', fonts().regular as PDFKit.Mixins.PDFFontSource);
  doc.registerFont('Bold', fonts().bold as PDFKit.Mixins.PDFFontSource);
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
