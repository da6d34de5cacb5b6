/**
 * The signature as data: strokes of points in CSS pixels of the pad, with the pen's pressure.
 * Drawing and export both replay these, so a resize, an undo or the PNG never depend on what
 * the canvas happened to hold.
 */
export interface SignaturePoint {
  x: number;
  y: number;
  /** 0–1; a mouse or finger reports 0.5 while pressed. */
  pressure: number;
}
export type SignatureStroke = SignaturePoint[];

const MIN_WIDTH = 1.2;
const MAX_WIDTH = 4;

/** The line width for a pressure: a stylus pressing harder draws thicker. */
export function strokeWidth(pressure: number): number {
  const p = Number.isFinite(pressure) && pressure > 0 ? Math.min(pressure, 1) : 0.5;
  return MIN_WIDTH + (MAX_WIDTH - MIN_WIDTH) * p;
}

/** Draws strokes with rounded joins, smoothing each stroke through the midpoints of its points. */
export function drawStrokes(ctx: CanvasRenderingContext2D, strokes: readonly SignatureStroke[], offset = { x: 0, y: 0 }) {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.strokeStyle = '#111';
  ctx.fillStyle = '#111';
  for (const stroke of strokes) {
    const [first] = stroke;
    if (!first) continue;
    if (stroke.length === 1) {
      ctx.beginPath();
      ctx.arc(first.x - offset.x, first.y - offset.y, strokeWidth(first.pressure) / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    for (let i = 1; i < stroke.length; i += 1) {
      const a = stroke[i - 1];
      const b = stroke[i];
      if (!a || !b) continue;
      const before = stroke[i - 2] ?? a;
      ctx.beginPath();
      ctx.lineWidth = strokeWidth((a.pressure + b.pressure) / 2);
      ctx.moveTo((before.x + a.x) / 2 - offset.x, (before.y + a.y) / 2 - offset.y);
      ctx.quadraticCurveTo(a.x - offset.x, a.y - offset.y, (a.x + b.x) / 2 - offset.x, (a.y + b.y) / 2 - offset.y);
      if (i === stroke.length - 1) ctx.lineTo(b.x - offset.x, b.y - offset.y);
      ctx.stroke();
    }
  }
}

/** The box around every point, with room for the line width; null when there is nothing. */
export function strokesBounds(strokes: readonly SignatureStroke[], padding = 12) {
  const points = strokes.flat();
  if (points.length === 0) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const left = Math.floor(Math.min(...xs) - padding);
  const top = Math.floor(Math.min(...ys) - padding);
  return { left, top, width: Math.ceil(Math.max(...xs) + padding) - left, height: Math.ceil(Math.max(...ys) + padding) - top };
}

/**
 * The signature as a PNG data URL on white, cropped to what was drawn, at `scale` times the CSS
 * size (2 keeps it sharp when printed). Null when nothing was drawn or the browser cannot draw.
 */
export function strokesToPng(strokes: readonly SignatureStroke[], scale = 2): string | null {
  const bounds = strokesBounds(strokes);
  if (!bounds) return null;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bounds.width * scale));
  canvas.height = Math.max(1, Math.round(bounds.height * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.scale(scale, scale);
  drawStrokes(ctx, strokes, { x: bounds.left, y: bounds.top });
  return canvas.toDataURL('image/png');
}
