import { describe, expect, it, vi } from 'vitest';
import { createBarcodeReader, type BarcodeDetectorClass, type BarcodeReader } from './barcode-reader';

const zxing: BarcodeReader = { engine: 'zxing', decode: () => Promise.resolve('FROM-ZXING') };

function fakeDetector(supported: string[], value = '1Z999AA10123456784') {
  const created: { formats: string[] }[] = [];
  const Detector = class {
    constructor(options: { formats: string[] }) {
      created.push(options);
    }
    detect() {
      return Promise.resolve([{ rawValue: value }]);
    }
    static getSupportedFormats = () => Promise.resolve(supported);
  } as unknown as BarcodeDetectorClass;
  return { Detector, created };
}

describe('createBarcodeReader', () => {
  it("uses the browser's BarcodeDetector when it reads Code 128, and never loads the bundled decoder", async () => {
    const { Detector, created } = fakeDetector(['code_128', 'qr_code', 'aztec']);
    const load = vi.fn(() => Promise.resolve({ createZxingReader: () => zxing }));
    const reader = await createBarcodeReader({ BarcodeDetector: Detector }, load);
    expect(reader.engine).toBe('native');
    expect(await reader.decode(document.createElement('canvas'))).toBe('1Z999AA10123456784');
    expect(created[0]?.formats).toEqual(['code_128', 'qr_code']);
    expect(load).not.toHaveBeenCalled();
  });

  it('falls back to the bundled ZXing decoder without BarcodeDetector, or when it cannot read Code 128', async () => {
    const load = vi.fn(() => Promise.resolve({ createZxingReader: () => zxing }));
    expect((await createBarcodeReader({}, load)).engine).toBe('zxing');
    expect((await createBarcodeReader({ BarcodeDetector: fakeDetector(['qr_code']).Detector }, load)).engine).toBe('zxing');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('the bundled decoder is a module of the app (no download), loaded on first use', async () => {
    const reader = await createBarcodeReader({});
    expect(reader.engine).toBe('zxing');
  });
});
