import { useEffect, useState } from 'react';
import { getFile, getRuntimeConfig, staticUrl } from '../../api';

/**
 * Stored files are served only to a signed-in user (the reference server's download route needs the
 * token header), so a path on our own server is fetched through the HTTP client and shown from a blob
 * URL. Absolute URLs (object storage, another static domain) are used as they are, and never get our
 * token.
 */
export function ownServerPath(path: string): string | null {
  if (/^(https?:|data:|blob:)/i.test(path) || path.startsWith('//')) return null;
  const base = getRuntimeConfig().apiBase;
  // Already a URL on our server (e.g. an image inside rich text).
  if (base && path.startsWith(`${base}/`)) return path.slice(base.length);
  const url = staticUrl(path);
  if (base && url.startsWith(`${base}/`)) return url.slice(base.length);
  return url.startsWith('/') && !base ? url : null;
}

const blobs = new Map<string, Promise<string>>();

/** A URL an <img>/<video> can show: a blob URL for our own files (cached per page), else the URL. */
export function fileSrc(path: string): Promise<string> {
  const own = ownServerPath(path);
  if (!own) return Promise.resolve(staticUrl(path));
  let hit = blobs.get(own);
  if (!hit) {
    hit = getFile(own).then((blob) => {
      if (!blob || blob.size === 0) throw new Error('empty');
      return URL.createObjectURL(blob);
    });
    hit.catch(() => blobs.delete(own));
    blobs.set(own, hit);
  }
  return hit;
}

export function useFileSrc(path: string | null | undefined): { src: string; failed: boolean } {
  const [state, setState] = useState({ path: '', src: '', failed: false });
  useEffect(() => {
    if (!path) return;
    let alive = true;
    fileSrc(path)
      .then((src) => alive && setState({ path, src, failed: false }))
      .catch(() => alive && setState({ path, src: '', failed: true }));
    return () => {
      alive = false;
    };
  }, [path]);
  return path && state.path === path ? { src: state.src, failed: state.failed } : { src: '', failed: false };
}
