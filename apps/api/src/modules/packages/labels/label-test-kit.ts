import { createCanvas, loadImage } from '@napi-rs/canvas';
import {
  BarcodeFormat, BinaryBitmap, DecodeHintType, HybridBinarizer, MultiFormatReader, RGBLuminanceSource,
} from '@zxing/library';
import { PDFParse } from 'pdf-parse';

export interface ReadPage {
  text: string;
  /** Decoded from the rendered page, as a scanner would see the printed label. */
  code128: string | null;
  qr: string | null;
}

function decode(luminance: Uint8ClampedArray, width: number, height: number, format: BarcodeFormat): string | null {
  const reader = new MultiFormatReader();
  reader.setHints(new Map<DecodeHintType, unknown>([[DecodeHintType.POSSIBLE_FORMATS, [format]], [DecodeHintType.TRY_HARDER, true]]));
  try {
    return reader.decode(new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(luminance, width, height)))).getText();
  } catch {
    return null;
  }
}

/** Test helper: renders every page of a PDF (pdf.js) and reads its text and barcodes back (ZXing). */
export async function readLabelPdf(pdf: Uint8Array): Promise<ReadPage[]> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    const text = await parser.getText();
    const shots = await parser.getScreenshot({ scale: 2, imageBuffer: true, imageDataUrl: false });
    const pages: ReadPage[] = [];
    for (const [index, shot] of shots.pages.entries()) {
      const image = await loadImage(Buffer.from(shot.data));
      const canvas = createCanvas(image.width, image.height);
      const context = canvas.getContext('2d');
      context.drawImage(image, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, image.width, image.height);
      const luminance = new Uint8ClampedArray(width * height);
      for (let i = 0; i < luminance.length; i += 1) {
        luminance[i] = ((data[i * 4] ?? 0) * 299 + (data[i * 4 + 1] ?? 0) * 587 + (data[i * 4 + 2] ?? 0) * 114) / 1000;
      }
      pages.push({
        text: text.pages[index]?.text ?? '',
        code128: decode(luminance, width, height, BarcodeFormat.CODE_128),
        qr: decode(luminance, width, height, BarcodeFormat.QR_CODE),
      });
    }
    return pages;
  } finally {
    await parser.destroy();
  }
}
