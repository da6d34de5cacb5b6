import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../test/render';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

// jsdom has no canvas: a 2D context that records the strokes drawn, and a PNG encoder that says what it was given.
const drawn: string[] = [];
function fakeContext(canvas: HTMLCanvasElement) {
  return new Proxy({ canvas }, {
    get: (target, key) => (key in target ? target[key as 'canvas'] : (...args: unknown[]) => { drawn.push(`${String(key)}(${args.join(',')})`); }),
    set: () => true,
  }) as unknown as CanvasRenderingContext2D;
}

beforeEach(() => {
  drawn.length = 0;
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) { return fakeContext(this); } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
    return `data:image/png;base64,${btoa(`${this.width}x${this.height}`)}`;
  });
});
afterEach(() => vi.restoreAllMocks());

function stroke(canvas: HTMLElement, points: [number, number][], pointerId = 1, pointerType = 'mouse') {
  const [first, ...rest] = points;
  if (!first) return;
  fireEvent.pointerDown(canvas, { pointerId, pointerType, button: 0, clientX: first[0], clientY: first[1] });
  for (const [x, y] of rest) fireEvent.pointerMove(canvas, { pointerId, pointerType, clientX: x, clientY: y });
  fireEvent.pointerUp(canvas, { pointerId, pointerType, clientX: rest.at(-1)?.[0] ?? first[0], clientY: rest.at(-1)?.[1] ?? first[1] });
}

describe('SignaturePad', () => {
  it('draws with pointer events, then Clear empties it', async () => {
    const onChange = vi.fn();
    const ref = createRef<SignaturePadHandle>();
    const { user } = renderWithProviders(<SignaturePad label="Signature of the person collecting" onChange={onChange} ref={ref} />);
    const pad = screen.getByRole('img', { name: 'Signature of the person collecting: not signed yet' });
    expect((screen.getByRole('button', { name: 'Clear signature' }) as HTMLButtonElement).disabled).toBe(true);
    expect(ref.current?.toPng()).toBeNull();

    stroke(pad, [[10, 10], [40, 30], [80, 20], [120, 60]]);

    expect(screen.getByRole('img', { name: 'Signature of the person collecting: signed' })).toBe(pad);
    expect(screen.getByText('Signed')).toBeTruthy();
    expect(ref.current?.isEmpty()).toBe(false);
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(drawn.some((call) => call.startsWith('quadraticCurveTo'))).toBe(true);
    // Cropped to the strokes (10..120 × 10..60, 12 px around) at twice the size.
    expect(ref.current?.toPng()).toBe(`data:image/png;base64,${btoa('268x148')}`);

    await user.click(screen.getByRole('button', { name: 'Clear signature' }));
    expect(screen.getByRole('img', { name: 'Signature of the person collecting: not signed yet' })).toBe(pad);
    expect(ref.current?.isEmpty()).toBe(true);
    expect(ref.current?.toPng()).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(true);
  });

  it('Undo takes back the last stroke only', async () => {
    const ref = createRef<SignaturePadHandle>();
    const { user } = renderWithProviders(<SignaturePad label="Signature" ref={ref} />);
    const pad = screen.getByRole('img', { name: 'Signature: not signed yet' });
    stroke(pad, [[10, 10], [50, 50]]);
    stroke(pad, [[60, 10], [90, 40]], 2, 'touch');
    expect(pad.getAttribute('data-strokes')).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Undo last stroke' }));
    expect(pad.getAttribute('data-strokes')).toBe('1');
    expect(screen.getByRole('img', { name: 'Signature: signed' })).toBe(pad);

    await user.click(screen.getByRole('button', { name: 'Undo last stroke' }));
    expect(screen.getByRole('img', { name: 'Signature: not signed yet' })).toBe(pad);
    expect((screen.getByRole('button', { name: 'Undo last stroke' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('ignores a right click and a second finger while one is signing', () => {
    renderWithProviders(<SignaturePad label="Signature" />);
    const pad = screen.getByRole('img', { name: 'Signature: not signed yet' });
    fireEvent.pointerDown(pad, { pointerId: 1, pointerType: 'mouse', button: 2, clientX: 5, clientY: 5 });
    fireEvent.pointerUp(pad, { pointerId: 1, pointerType: 'mouse', button: 2 });
    expect(pad.getAttribute('data-strokes')).toBe('0');

    fireEvent.pointerDown(pad, { pointerId: 7, pointerType: 'touch', clientX: 5, clientY: 5 });
    fireEvent.pointerDown(pad, { pointerId: 8, pointerType: 'touch', clientX: 50, clientY: 5 });
    fireEvent.pointerMove(pad, { pointerId: 7, pointerType: 'touch', clientX: 30, clientY: 20 });
    fireEvent.pointerUp(pad, { pointerId: 8, pointerType: 'touch' });
    fireEvent.pointerUp(pad, { pointerId: 7, pointerType: 'touch' });
    expect(pad.getAttribute('data-strokes')).toBe('1');
  });

  it('draws nothing while disabled', () => {
    renderWithProviders(<SignaturePad label="Signature" disabled />);
    const pad = screen.getByRole('img', { name: 'Signature: not signed yet' });
    stroke(pad, [[10, 10], [50, 50]]);
    expect(pad.getAttribute('data-strokes')).toBe('0');
  });
});
