/** A point of a stroke in the picture's own pixels (the canvas may be shown smaller, e.g. on a phone). */
export interface Point {
  x: number;
  y: number;
}
export type Stroke = Point[];

/** Line width in picture pixels: readable at the phone's scale, not blotchy on a desk screen. */
export const PEN_WIDTH = 4;

/** Where a pointer event lands on the canvas, in picture pixels. */
export function pointOnCanvas(canvas: HTMLCanvasElement, clientX: number, clientY: number): Point {
  const rect = canvas.getBoundingClientRect();
  // An unlaid-out canvas (zero size) is taken at its own scale.
  const sx = rect.width > 0 ? canvas.width / rect.width : 1;
  const sy = rect.height > 0 ? canvas.height / rect.height : 1;
  return { x: (clientX - rect.left) * sx, y: (clientY - rect.top) * sy };
}

function pen(ctx: CanvasRenderingContext2D, color: string) {
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineWidth = PEN_WIDTH;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
}

/**
 * One stroke as a smooth curve: quadratic segments through the midpoints of successive points, with
 * the points as control points, so a hand's jagged pointer samples come out as an even line. A tap
 * (one point) leaves a dot.
 */
export function drawStroke(ctx: CanvasRenderingContext2D, stroke: Stroke, color: string): void {
  if (stroke.length === 0) return;
  pen(ctx, color);
  const [first] = stroke;
  if (stroke.length === 1) {
    ctx.beginPath();
    ctx.arc(first.x, first.y, PEN_WIDTH / 2, 0, Math.PI * 2);
    ctx.fill();
    return;
  }
  ctx.beginPath();
  ctx.moveTo(first.x, first.y);
  for (let i = 1; i < stroke.length - 1; i++) {
    const p = stroke[i];
    const next = stroke[i + 1];
    ctx.quadraticCurveTo(p.x, p.y, (p.x + next.x) / 2, (p.y + next.y) / 2);
  }
  const last = stroke[stroke.length - 1];
  ctx.lineTo(last.x, last.y);
  ctx.stroke();
}

/** The paper: white, so the stored picture reads the same on any page background (dark mode too). */
export const PAPER = '#ffffff';

/** Paints the paper and draws every stroke again (while drawing, after undo or clear). */
export function redraw(canvas: HTMLCanvasElement, strokes: readonly Stroke[], color: string): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.fillStyle = PAPER;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  for (const s of strokes) drawStroke(ctx, s, color);
}

/** The canvas as a PNG file. */
export function canvasPng(canvas: HTMLCanvasElement, name: string): Promise<File> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(new File([blob], name, { type: 'image/png' })) : reject(new Error('toBlob'))),
      'image/png',
    ),
  );
}
