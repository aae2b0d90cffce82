import { useCallback, useEffect, useState, type RefObject } from 'react';

/**
 * Puts one element in full screen: the browser's Fullscreen API where it is allowed, else a CSS
 * fallback (`fallbackClass` pins the element over the window). Esc leaves either way: the browser
 * handles it for the API, a key listener for the fallback.
 */
export function useFullscreen(ref: RefObject<HTMLElement | null>, fallbackClass: string) {
  const [native, setNative] = useState(false);
  const [fallback, setFallback] = useState(false);

  useEffect(() => {
    const sync = () => setNative(!!ref.current && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, [ref]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !fallback) return;
    el.classList.add(fallbackClass);
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setFallback(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      el.classList.remove(fallbackClass);
      document.removeEventListener('keydown', onKey);
    };
  }, [ref, fallback, fallbackClass]);

  const toggle = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    if (document.fullscreenElement) {
      void document.exitFullscreen().catch(() => undefined);
      return;
    }
    if (fallback) {
      setFallback(false);
      return;
    }
    if (typeof el.requestFullscreen === 'function' && document.fullscreenEnabled) {
      el.requestFullscreen().catch(() => setFallback(true));
    } else {
      setFallback(true);
    }
  }, [ref, fallback]);

  return { fullscreen: native || fallback, toggle };
}
