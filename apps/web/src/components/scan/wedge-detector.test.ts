import { describe, expect, it } from 'vitest';
import { createWedgeDetector } from './wedge-detector';

/** Types `text` then Enter, `gap` ms apart, returning what the detector said at Enter. */
function type(detector: ReturnType<typeof createWedgeDetector>, text: string, gap: number, start = 1000): string | null {
  let at = start;
  for (const key of text) {
    expect(detector.key({ key, at })).toBeNull();
    at += gap;
  }
  return detector.key({ key: 'Enter', at });
}

describe('createWedgeDetector', () => {
  it('recognises a scanner: characters a few ms apart, then Enter', () => {
    expect(type(createWedgeDetector(), '1Z999AA10123456784', 8)).toBe('1Z999AA10123456784');
  });

  it('does not take a person typing for a scan', () => {
    expect(type(createWedgeDetector(), '1Z999AA10123456784', 140)).toBeNull();
  });

  it('ignores short bursts (a weight typed fast is not a tracking number)', () => {
    expect(type(createWedgeDetector(), '12.5', 5)).toBeNull();
  });

  it('starts a new scan after a pause, dropping what a person typed before it', () => {
    const detector = createWedgeDetector();
    detector.key({ key: '4', at: 0 });
    detector.key({ key: '2', at: 300 });
    expect(type(detector, 'TBA123456789012', 10, 900)).toBe('TBA123456789012');
  });

  it('lets Shift through (scanners press it for capitals) but a pause before Enter breaks the scan', () => {
    const detector = createWedgeDetector();
    let at = 0;
    for (const key of 'ABC123456') {
      detector.key({ key: 'Shift', at });
      detector.key({ key, at: (at += 5) });
    }
    expect(detector.key({ key: 'Enter', at: at + 5 })).toBe('ABC123456');
    expect(type(detector, 'ABC123456', 5)).toBe('ABC123456');
    const slowEnter = createWedgeDetector();
    for (const [i, key] of [...'ABC123456'].entries()) slowEnter.key({ key, at: i * 5 });
    expect(slowEnter.key({ key: 'Enter', at: 9 * 5 + 500 })).toBeNull();
  });

  it('a shortcut (Ctrl+V) is not part of a scan', () => {
    const detector = createWedgeDetector();
    for (const [i, key] of [...'ABC123'].entries()) detector.key({ key, at: i * 5 });
    detector.key({ key: 'v', at: 31, ctrlKey: true });
    expect(detector.key({ key: 'Enter', at: 35 })).toBeNull();
  });
});
