import { Alert, Button, Space, Spin, theme } from 'antd';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { t } from '../../locale/zh-CN';
import { pointOnCanvas, redraw, type Stroke } from './strokes';

export interface SignaturePadProps {
  /** The picture's size in pixels; the pad is shown at most this wide and scales down with its height. */
  width: number;
  height: number;
  penColor: string;
  /** The drawing is being uploaded: the pad and its buttons wait. */
  busy: boolean;
  /** Why the last confirmation failed, shown under the buttons. */
  error?: string | null;
  onConfirm: (canvas: HTMLCanvasElement) => void;
  /** Back to the signature already given (only offered when there is one). */
  onCancel?: () => void;
}

/**
 * The drawing surface: pointer events, so a mouse, a finger and a pen all sign the same way; one
 * pointer at a time (a resting palm or second finger does not draw); `touch-action: none` keeps a
 * phone from scrolling or zooming while the finger moves.
 */
export function SignaturePad({
  width,
  height,
  penColor,
  busy,
  error,
  onConfirm,
  onCancel,
}: SignaturePadProps) {
  const s = t.signature;
  const { token } = theme.useToken();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Stroke[]>([]);
  const drawing = useRef<{ pointer: number; stroke: Stroke } | null>(null);
  const [count, setCount] = useState(0);

  const paint = () => {
    if (canvasRef.current) redraw(canvasRef.current, strokes.current, penColor);
  };
  // The paper on first show, and the strokes again when the canvas size or pen changes.
  useEffect(paint, [width, height, penColor]);

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (busy || drawing.current || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.preventDefault();
    const canvas = e.currentTarget;
    canvas.setPointerCapture?.(e.pointerId);
    const stroke = [pointOnCanvas(canvas, e.clientX, e.clientY)];
    strokes.current.push(stroke);
    drawing.current = { pointer: e.pointerId, stroke };
    setCount(strokes.current.length);
    paint();
  };

  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drawing.current;
    if (!d || d.pointer !== e.pointerId) return;
    // A fast hand moves further than one event per frame; the coalesced samples keep the curve round.
    const samples = e.nativeEvent.getCoalescedEvents?.() ?? [];
    for (const p of samples.length ? samples : [e])
      d.stroke.push(pointOnCanvas(e.currentTarget, p.clientX, p.clientY));
    paint();
  };

  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    if (drawing.current?.pointer === e.pointerId) drawing.current = null;
  };

  const change = (next: Stroke[]) => {
    strokes.current = next;
    drawing.current = null;
    setCount(next.length);
    paint();
  };

  return (
    <div className="j-signature" style={{ width: '100%', maxWidth: width }}>
      <Spin spinning={busy} tip={s.uploading}>
        <div
          style={{
            position: 'relative',
            border: `1px dashed ${token.colorBorder}`,
            borderRadius: token.borderRadius,
            overflow: 'hidden',
          }}
        >
          <canvas
            ref={canvasRef}
            width={width}
            height={height}
            role="img"
            aria-label={s.canvasLabel}
            style={{
              display: 'block',
              width: '100%',
              height: 'auto',
              aspectRatio: `${width} / ${height}`,
              touchAction: 'none',
              cursor: 'crosshair',
            }}
            onPointerDown={down}
            onPointerMove={move}
            onPointerUp={up}
            onPointerCancel={up}
            onLostPointerCapture={up}
          />
          {count === 0 ? (
            <div
              className="j-signature-empty"
              aria-hidden
              style={{
                position: 'absolute',
                inset: 0,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                pointerEvents: 'none',
                color: '#bfbfbf',
                fontSize: 18,
              }}
            >
              {s.empty}
            </div>
          ) : null}
        </div>
      </Spin>
      <Space wrap style={{ marginTop: 8 }}>
        <Button disabled={busy || count === 0} onClick={() => change([])}>
          {s.clear}
        </Button>
        <Button disabled={busy || count === 0} onClick={() => change(strokes.current.slice(0, -1))}>
          {s.undo}
        </Button>
        {onCancel ? (
          <Button disabled={busy} onClick={onCancel}>
            {s.cancel}
          </Button>
        ) : null}
        <Button
          type="primary"
          loading={busy}
          disabled={count === 0}
          onClick={() => canvasRef.current && onConfirm(canvasRef.current)}
        >
          {s.confirm}
        </Button>
      </Space>
      {error ? <Alert style={{ marginTop: 8 }} type="error" showIcon message={error} /> : null}
    </div>
  );
}
