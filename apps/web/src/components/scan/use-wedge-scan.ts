import { useEffect, useRef } from 'react';
import { createWedgeDetector, type WedgeOptions } from './wedge-detector';

/**
 * Hears a barcode scanner wherever the focus is on the page, except in `ignore` (the tracking
 * field reads its own Enter). A scan that lands in another field (the weight, say) does not
 * submit that field's form: its Enter is swallowed and `onScan` gets the code.
 */
export function useWedgeScan(onScan: (code: string) => void, options: WedgeOptions & { ignore?: React.RefObject<HTMLElement | null>; isEnabled?: boolean } = {}) {
  const onScanRef = useRef(onScan);
  onScanRef.current = onScan;
  const { ignore, isEnabled = true, minLength, maxGapMs } = options;
  useEffect(() => {
    if (!isEnabled) return undefined;
    const detector = createWedgeDetector({ minLength, maxGapMs });
    const onKeyDown = (event: KeyboardEvent) => {
      if (ignore?.current && event.target === ignore.current) {
        detector.reset();
        return;
      }
      const code = detector.key({ key: event.key, at: event.timeStamp, ctrlKey: event.ctrlKey, altKey: event.altKey, metaKey: event.metaKey });
      if (code === null) return;
      event.preventDefault();
      event.stopPropagation();
      onScanRef.current(code);
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [ignore, isEnabled, minLength, maxGapMs]);
}
