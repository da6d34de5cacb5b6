/**
 * Reads a barcode from the phone camera's video (issue 11: "the browser's BarcodeDetector where
 * present, else a ZXing-based decoder bundled with the app, no runtime download"). The ZXing
 * decoder is a lazy chunk of this build: a browser that has BarcodeDetector never loads it.
 */
export interface BarcodeReader {
  readonly engine: 'native' | 'zxing';
  /** The code in the current frame, or null when none is readable. */
  decode(frame: HTMLVideoElement | HTMLCanvasElement): Promise<string | null>;
}

/** The symbologies on courier labels: Code 128 (UPS, FedEx, USPS IMpb, DHL), Code 39, PDF417, Data Matrix, QR, UPC/EAN. */
export const LABEL_FORMATS = ['code_128', 'code_39', 'pdf417', 'data_matrix', 'qr_code', 'upc_a', 'ean_13'] as const;

interface DetectedBarcode { rawValue: string }
interface NativeDetector { detect(source: CanvasImageSource): Promise<DetectedBarcode[]> }
export interface BarcodeDetectorClass {
  new (options?: { formats: string[] }): NativeDetector;
  getSupportedFormats?: () => Promise<string[]>;
}

/** Where the browser's own detector (Chrome on Android, Safari 17+) can read Code 128, use it. */
async function nativeReader(Detector: BarcodeDetectorClass): Promise<BarcodeReader | null> {
  try {
    const supported = (await Detector.getSupportedFormats?.()) ?? [...LABEL_FORMATS];
    if (!supported.includes('code_128')) return null;
    const detector = new Detector({ formats: LABEL_FORMATS.filter((format) => supported.includes(format)) });
    return {
      engine: 'native',
      async decode(frame) {
        const [found] = await detector.detect(frame);
        return found?.rawValue ?? null;
      },
    };
  } catch {
    return null; // present but unusable (no camera codecs, blocked by policy): fall back
  }
}

export type ZxingLoader = () => Promise<{ createZxingReader: () => BarcodeReader }>;
const loadZxing: ZxingLoader = () => import('./zxing-reader');

export async function createBarcodeReader(
  env: { BarcodeDetector?: BarcodeDetectorClass } = globalThis as { BarcodeDetector?: BarcodeDetectorClass },
  load: ZxingLoader = loadZxing,
): Promise<BarcodeReader> {
  const native = env.BarcodeDetector ? await nativeReader(env.BarcodeDetector) : null;
  if (native) return native;
  const { createZxingReader } = await load();
  return createZxingReader();
}
