import { useCallback, useEffect, useImperativeHandle, useRef, useState, type PointerEvent as ReactPointerEvent, type Ref } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { IconArrowBackUp, IconEraser } from '@tabler/icons-react';
import { drawStrokes, strokesToPng, type SignaturePoint, type SignatureStroke } from './signature-strokes';

export interface SignaturePadHandle {
  isEmpty: () => boolean;
  clear: () => void;
  undo: () => void;
  /** The signature as a PNG data URL (white background, cropped), or null when nothing is drawn. */
  toPng: () => string | null;
}

interface SignaturePadProps {
  /** Says whose signature it is ("Signature of the person collecting"); the canvas's accessible name. */
  label: string;
  /** Told after each stroke, undo and clear whether the pad is empty. */
  onChange?: (isEmpty: boolean) => void;
  height?: number;
  disabled?: boolean;
  ref?: Ref<SignaturePadHandle>;
}

/**
 * A signature pad for a counter tablet (issue 13): finger, stylus and mouse through pointer
 * events (a stylus's pressure widens the line), Undo (the last stroke) and Clear, exported as a
 * PNG. The strokes are kept as data and replayed on resize, so turning the tablet keeps them.
 * Our own component rather than the signature_pad package: the same handful of features, and the
 * stroke data makes it testable without a canvas (jsdom has none).
 */
export function SignaturePad({ label, onChange, height = 220, disabled = false, ref }: SignaturePadProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokesRef = useRef<SignatureStroke[]>([]);
  const activePointer = useRef<number | null>(null);
  const [strokeCount, setStrokeCount] = useState(0);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const ratio = window.devicePixelRatio || 1;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    drawStrokes(ctx, strokesRef.current);
  }, []);

  const changed = useCallback(() => {
    setStrokeCount(strokesRef.current.length);
    onChange?.(strokesRef.current.length === 0);
  }, [onChange]);

  // The drawing buffer follows the element's size and the screen's pixel ratio.
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const fit = () => {
      const ratio = window.devicePixelRatio || 1;
      const rect = canvas.getBoundingClientRect();
      canvas.width = Math.max(1, Math.round(rect.width * ratio));
      canvas.height = Math.max(1, Math.round(rect.height * ratio));
      redraw();
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(canvas);
    return () => observer.disconnect();
  }, [redraw]);

  const clear = useCallback(() => {
    strokesRef.current = [];
    activePointer.current = null;
    redraw();
    changed();
  }, [redraw, changed]);

  const undo = useCallback(() => {
    strokesRef.current = strokesRef.current.slice(0, -1);
    redraw();
    changed();
  }, [redraw, changed]);

  useImperativeHandle(ref, () => ({
    isEmpty: () => strokesRef.current.length === 0,
    clear,
    undo,
    toPng: () => strokesToPng(strokesRef.current),
  }), [clear, undo]);

  const pointOf = (event: ReactPointerEvent<HTMLCanvasElement> | PointerEvent): SignaturePoint => {
    const rect = canvasRef.current?.getBoundingClientRect();
    const pressure = event.pointerType === 'pen' && event.pressure > 0 ? event.pressure : 0.5;
    return { x: event.clientX - (rect?.left ?? 0), y: event.clientY - (rect?.top ?? 0), pressure };
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || activePointer.current !== null) return;
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    event.preventDefault();
    activePointer.current = event.pointerId;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    strokesRef.current = [...strokesRef.current, [pointOf(event)]];
    redraw();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    const stroke = strokesRef.current.at(-1);
    if (!stroke) return;
    // A fast stylus reports several positions per frame; take them all for a smooth line.
    const native = event.nativeEvent;
    const events = typeof native.getCoalescedEvents === 'function' ? native.getCoalescedEvents() : [];
    for (const each of events.length > 0 ? events : [native]) stroke.push(pointOf(each));
    redraw();
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (activePointer.current !== event.pointerId) return;
    activePointer.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
    changed();
  };

  const isEmpty = strokeCount === 0;
  return (
    <Box>
      <Box
        style={{
          border: '2px dashed var(--mantine-color-gray-5)', borderRadius: 8, background: '#fff', position: 'relative',
          opacity: disabled ? 0.6 : 1,
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${label}: ${isEmpty ? 'not signed yet' : 'signed'}`}
          data-testid="signature-canvas"
          data-strokes={strokeCount}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerEnd}
          onPointerCancel={onPointerEnd}
          // The page must not scroll or zoom while a finger signs.
          style={{ display: 'block', width: '100%', height, touchAction: 'none', cursor: disabled ? 'not-allowed' : 'crosshair' }}
        />
        {isEmpty ? (
          <Text c="dimmed" size="sm" style={{ position: 'absolute', left: 12, bottom: 8, pointerEvents: 'none' }}>
            Sign here with a finger, stylus or the mouse
          </Text>
        ) : null}
      </Box>
      <Group justify="space-between" mt="xs" wrap="wrap">
        <Text size="sm" c={isEmpty ? 'dimmed' : 'teal'} aria-live="polite">
          {isEmpty ? 'Not signed yet' : 'Signed'}
        </Text>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={undo} disabled={disabled || isEmpty} aria-label="Undo last stroke">
            Undo
          </Button>
          <Button variant="default" leftSection={<IconEraser size={16} />} onClick={clear} disabled={disabled || isEmpty} aria-label="Clear signature">
            Clear
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
