/**
 * Geometry of the square avatar crop: an image laid over a square viewport of `size` pixels, scaled by
 * `scale` (image pixels → screen pixels) with its top-left corner at (x, y). The image always covers
 * the viewport, so the crop never contains empty space.
 */
export interface Placement {
  scale: number;
  x: number;
  y: number;
}

/** The smallest scale at which the image covers the square. */
export function coverScale(size: number, width: number, height: number): number {
  return Math.max(size / width, size / height);
}

/** Moves the image back so that it still covers the square. */
export function clampPlacement(size: number, width: number, height: number, p: Placement): Placement {
  const clamp = (v: number, min: number) => Math.min(0, Math.max(min, v));
  return { scale: p.scale, x: clamp(p.x, size - width * p.scale), y: clamp(p.y, size - height * p.scale) };
}

/** A zoom about the square's centre: the point under the centre stays there. */
export function zoomPlacement(size: number, width: number, height: number, p: Placement, scale: number): Placement {
  const c = size / 2;
  const next = { scale, x: c - ((c - p.x) * scale) / p.scale, y: c - ((c - p.y) * scale) / p.scale };
  return clampPlacement(size, width, height, next);
}

/** The part of the image (in image pixels) that the square shows. */
export function sourceRect(size: number, p: Placement): { sx: number; sy: number; side: number } {
  return { sx: (0 - p.x) / p.scale, sy: (0 - p.y) / p.scale, side: size / p.scale };
}

/** The image centred and just covering the square. */
export function initialPlacement(size: number, width: number, height: number): Placement {
  const scale = coverScale(size, width, height);
  return { scale, x: (size - width * scale) / 2, y: (size - height * scale) / 2 };
}
