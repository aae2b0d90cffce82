import { describe, expect, it } from 'vitest';
import { clampPlacement, initialPlacement, sourceRect, zoomPlacement } from '../../src/client/pages/account/crop';
import { deviceSummary } from '../../src/client/pages/account/user-agent';

/** The avatar crop's geometry and the session list's device names (personal centre, issue 14 §5). */
describe('square avatar crop', () => {
  it('starts centred, just covering the square, and crops its middle', () => {
    const p = initialPlacement(200, 400, 200);
    expect(p).toEqual({ scale: 1, x: -100, y: 0 });
    expect(sourceRect(200, p)).toEqual({ sx: 100, sy: 0, side: 200 });
  });

  it('never leaves empty space inside the square when moved', () => {
    const p = initialPlacement(200, 400, 200);
    expect(clampPlacement(200, 400, 200, { ...p, x: 50, y: 30 })).toEqual({ scale: 1, x: 0, y: 0 });
    expect(clampPlacement(200, 400, 200, { ...p, x: -500, y: -30 })).toEqual({ scale: 1, x: -200, y: 0 });
  });

  it('zooms about the centre and keeps covering', () => {
    const p = initialPlacement(100, 100, 100);
    const z = zoomPlacement(100, 100, 100, p, 2);
    expect(z).toEqual({ scale: 2, x: -50, y: -50 });
    expect(sourceRect(100, z)).toEqual({ sx: 25, sy: 25, side: 50 });
    // Zooming back out from a corner pulls the picture back over the square.
    expect(zoomPlacement(100, 100, 100, { scale: 2, x: 0, y: 0 }, 1)).toEqual({ scale: 1, x: 0, y: 0 });
  });
});

describe('device names of sessions', () => {
  it('names browser and system', () => {
    expect(deviceSummary('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
      'Chrome 131 · Windows',
    );
    expect(deviceSummary('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1')).toBe(
      'Safari 17 · iPhone',
    );
    expect(deviceSummary('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36 MicroMessenger/8.0.47')).toBe(
      '微信 8 · Android',
    );
    expect(deviceSummary('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36 Edg/120.0.1')).toBe('Edge 120 · Windows');
    expect(deviceSummary(null)).toBeNull();
    expect(deviceSummary('curl/8.5.0')).toBe('curl/8.5.0');
  });
});
