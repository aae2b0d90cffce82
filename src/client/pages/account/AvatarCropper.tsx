import { Slider } from 'antd';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { t } from '../../locale/zh-CN';
import { clampPlacement, coverScale, initialPlacement, sourceRect, zoomPlacement, type Placement } from './crop';

export const CROP_VIEW = 260;
/** Pixels of the saved avatar (square PNG). */
export const AVATAR_PIXELS = 256;
const MAX_ZOOM = 4;
const KEY_STEP = 10;

export interface CropSource {
  image: HTMLImageElement;
  width: number;
  height: number;
}

/** Draws the chosen square of the image into a PNG of AVATAR_PIXELS. */
export function cropToBlob(source: CropSource, placement: Placement): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_PIXELS;
  canvas.height = AVATAR_PIXELS;
  const g = canvas.getContext('2d');
  if (!g) return Promise.reject(new Error('canvas'));
  const { sx, sy, side } = sourceRect(CROP_VIEW, placement);
  g.imageSmoothingQuality = 'high';
  g.drawImage(source.image, sx, sy, side, side, 0, 0, AVATAR_PIXELS, AVATAR_PIXELS);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob'))), 'image/png'));
}

/** A square crop: drag (mouse, touch) or arrow keys move the image, the slider zooms. Keyed by its source. */
export function AvatarCropper({ source, onChange }: { source: CropSource; onChange: (p: Placement) => void }) {
  const { width, height } = source;
  const base = coverScale(CROP_VIEW, width, height);
  const [placement, setPlacement] = useState<Placement>(() => initialPlacement(CROP_VIEW, width, height));
  const drag = useRef<{ px: number; py: number; x: number; y: number } | null>(null);

  useEffect(() => onChange(placement), [placement, onChange]);

  const move = (x: number, y: number) => setPlacement((p) => clampPlacement(CROP_VIEW, width, height, { ...p, x, y }));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { px: e.clientX, py: e.clientY, x: placement.x, y: placement.y };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (d) move(d.x + e.clientX - d.px, d.y + e.clientY - d.py);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const steps: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    const step = steps[e.key];
    if (!step) return;
    e.preventDefault();
    move(placement.x + step[0] * KEY_STEP, placement.y + step[1] * KEY_STEP);
  };

  const a = t.account.avatar;
  return (
    <div className="avatar-cropper">
      <div
        className="avatar-crop-view"
        style={{ width: CROP_VIEW, height: CROP_VIEW }}
        role="slider"
        tabIndex={0}
        aria-label={a.cropArea}
        aria-valuenow={Math.round((placement.scale / base) * 100)}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)}
        onPointerCancel={() => (drag.current = null)}
        onKeyDown={onKeyDown}
      >
        <img
          src={source.image.src}
          alt=""
          draggable={false}
          style={{ width: width * placement.scale, height: height * placement.scale, left: placement.x, top: placement.y }}
        />
        <div className="avatar-crop-ring" aria-hidden />
      </div>
      <div className="avatar-crop-zoom">
        <span>{a.zoom}</span>
        <Slider
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={placement.scale / base}
          tooltip={{ formatter: (v) => `${Math.round((v ?? 1) * 100)}%` }}
          onChange={(z) => setPlacement((p) => zoomPlacement(CROP_VIEW, width, height, p, base * z))}
          aria-label={a.zoom}
        />
      </div>
    </div>
  );
}
