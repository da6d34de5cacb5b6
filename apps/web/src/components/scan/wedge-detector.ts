/**
 * A USB or Bluetooth barcode scanner is a keyboard (a "wedge"): it types the code's characters a
 * few milliseconds apart, then Enter. A person types far slower. This tells the two apart from
 * key events alone, so a scan is recognised wherever the focus happens to be (issue 11, scan
 * station: "a person with both hands busy").
 */
export interface WedgeOptions {
  /** Shortest code taken as a scan (tracking numbers have at least 6 characters). */
  minLength?: number;
  /** Longest pause between two characters (and before Enter) of one scan. */
  maxGapMs?: number;
}

export interface WedgeKey {
  key: string;
  /** event.timeStamp or Date.now(): only differences matter. */
  at: number;
  ctrlKey?: boolean;
  altKey?: boolean;
  metaKey?: boolean;
}

export interface WedgeDetector {
  /** Feeds one keydown; returns the scanned code when this key (Enter) completes a scan, else null. */
  key(event: WedgeKey): string | null;
  /** True while the keys so far could be the start of a scan (the first character counts). */
  readonly isBursting: boolean;
  reset(): void;
}

export const WEDGE_DEFAULTS: Required<WedgeOptions> = { minLength: 6, maxGapMs: 50 };

export function createWedgeDetector(options: WedgeOptions = {}): WedgeDetector {
  const { minLength, maxGapMs } = { ...WEDGE_DEFAULTS, ...options };
  let buffer = '';
  let last = Number.NEGATIVE_INFINITY;
  const reset = () => {
    buffer = '';
    last = Number.NEGATIVE_INFINITY;
  };
  return {
    get isBursting() {
      return buffer.length > 0;
    },
    reset,
    key(event) {
      if (event.ctrlKey || event.altKey || event.metaKey) {
        reset();
        return null;
      }
      const gap = event.at - last;
      if (event.key === 'Enter') {
        const code = buffer;
        const isScan = code.length >= minLength && gap <= maxGapMs;
        reset();
        return isScan ? code : null;
      }
      // Shift comes before every capital a scanner types; it is neither a character nor a pause.
      if (event.key.length !== 1) {
        if (event.key !== 'Shift') reset();
        return null;
      }
      buffer = gap <= maxGapMs ? buffer + event.key : event.key;
      last = event.at;
      return null;
    },
  };
}
