import { useEffect, useState } from 'react';
import { HEADER_AUTO_HIDE_PX } from '../config/constants';

/** With auto-hide on, the header hides while scrolling down past 100 px and returns on scroll up. */
export function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let last = window.scrollY;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden(y > HEADER_AUTO_HIDE_PX && y > last);
      last = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      setHidden(false);
    };
  }, [enabled]);
  return enabled && hidden;
}
