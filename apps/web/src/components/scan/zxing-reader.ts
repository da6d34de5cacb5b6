import { BrowserMultiFormatReader } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';
import type { BarcodeReader } from './barcode-reader';

/** Loaded only where the browser has no usable BarcodeDetector (its own chunk, shipped with the app). */
export function createZxingReader(): BarcodeReader {
  const hints = new Map<DecodeHintType, unknown>([
    [DecodeHintType.POSSIBLE_FORMATS, [
      BarcodeFormat.CODE_128, BarcodeFormat.CODE_39, BarcodeFormat.PDF_417, BarcodeFormat.DATA_MATRIX,
      BarcodeFormat.QR_CODE, BarcodeFormat.UPC_A, BarcodeFormat.EAN_13,
    ]],
    [DecodeHintType.TRY_HARDER, true],
  ]);
  const reader = new BrowserMultiFormatReader(hints);
  let canvas: HTMLCanvasElement | null = null;
  return {
    engine: 'zxing',
    decode(frame) {
      let source: HTMLCanvasElement;
      if (frame instanceof HTMLCanvasElement) source = frame;
      else {
        canvas ??= document.createElement('canvas');
        canvas.width = frame.videoWidth;
        canvas.height = frame.videoHeight;
        canvas.getContext('2d')?.drawImage(frame, 0, 0);
        source = canvas;
      }
      try {
        return Promise.resolve(reader.decodeFromCanvas(source).getText());
      } catch {
        return Promise.resolve(null); // no barcode in this frame
      }
    },
  };
}
