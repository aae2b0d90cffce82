import { CheckCircleFilled, DoubleRightOutlined } from '@ant-design/icons';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { t } from '../../locale/zh-CN';

export interface SliderVerifyProps {
  /** Called once when the handle has been dragged fully across. */
  onSuccess?: () => void;
  /** Track width in px (default 300); the measured width wins when the track is laid out. */
  width?: number;
  height?: number;
  /** Start in the passed state (e.g. a form value that is already true). */
  passed?: boolean;
}

const HANDLE = 40;

/**
 * Slider verification (spec §4): idle → dragging → passed when released at the far end (emits success),
 * otherwise it snaps back. Light on purpose: the sign-in page imports it without Formily.
 */
export function SliderVerify({ onSuccess, width = 300, height = 40, passed: initiallyPassed = false }: SliderVerifyProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; pointerId: number; max: number } | null>(null);
  const [x, setX] = useState(0);
  // How far the handle can travel; measured when a drag starts (the track may have been resized).
  const [maxX, setMaxX] = useState(width - HANDLE);
  const [dragging, setDragging] = useState(false);
  const [passed, setPassed] = useState(initiallyPassed);

  const onDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (passed) return;
    const max = Math.max((trackRef.current?.clientWidth || width) - HANDLE, 1);
    setMaxX(max);
    drag.current = { startX: e.clientX - x, pointerId: e.pointerId, max };
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setDragging(true);
  };
  const onMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current || passed) return;
    setX(Math.min(Math.max(e.clientX - drag.current.startX, 0), drag.current.max));
  };
  const onUp = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const { startX, max } = drag.current;
    const reached = Math.min(Math.max(e.clientX - startX, 0), max);
    drag.current = null;
    setDragging(false);
    if (reached >= max) {
      setPassed(true);
      onSuccess?.();
    } else setX(0);
  };

  const transition = dragging ? 'none' : 'left 0.3s, width 0.3s';
  return (
    <div
      ref={trackRef}
      className={`j-slider-verify${passed ? ' is-passed' : ''}`}
      style={{
        position: 'relative',
        width: width ?? '100%',
        maxWidth: '100%',
        height,
        lineHeight: `${height}px`,
        // Theme colours as CSS variables (ThemeProvider), so the slider follows dark mode.
        background: 'var(--shell-bg-body)',
        border: '1px solid var(--ant-color-border)',
        borderRadius: 4,
        textAlign: 'center',
        userSelect: 'none',
        touchAction: 'none',
      }}
    >
      <div
        style={{
          position: 'absolute',
          left: 0,
          top: 0,
          bottom: 0,
          width: passed ? '100%' : x + HANDLE / 2,
          background: passed ? 'var(--ant-color-success)' : 'var(--ant-color-primary-border)',
          transition,
        }}
      />
      <span style={{ position: 'relative', color: passed ? '#fff' : 'var(--shell-muted)' }}>{passed ? t.widgets.slider.passed : t.widgets.slider.idle}</span>
      <div
        role="slider"
        aria-label={t.widgets.slider.handle}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={passed ? 100 : Math.round((x / Math.max(maxX, 1)) * 100)}
        aria-valuetext={passed ? t.widgets.slider.passed : t.widgets.slider.idle}
        tabIndex={0}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        style={{
          position: 'absolute',
          top: 0,
          left: passed ? `calc(100% - ${HANDLE}px)` : x,
          width: HANDLE,
          height: '100%',
          background: 'var(--ant-color-bg-container)',
          border: '1px solid var(--ant-color-border)',
          borderRadius: 4,
          cursor: passed ? 'default' : 'grab',
          transition,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        {passed ? <CheckCircleFilled style={{ color: 'var(--ant-color-success)' }} /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
}
