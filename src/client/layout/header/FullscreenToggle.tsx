import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '../../locale/zh-CN';
import './header-actions.css';

const isFullscreen = () => typeof document !== 'undefined' && Boolean(document.fullscreenElement);

/**
 * Whole-console fullscreen (Fullscreen API). The state follows `fullscreenchange`, so leaving with Esc
 * or the browser's own control swaps the icon back too.
 */
export function FullscreenToggle() {
  const [full, setFull] = useState(isFullscreen);
  useEffect(() => {
    const sync = () => setFull(isFullscreen());
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  if (typeof document === 'undefined' || !document.fullscreenEnabled) return null;
  const label = full ? t.account.fullscreen.exit : t.account.fullscreen.enter;
  const toggle = () => {
    // A refused request (no user gesture, a policy) leaves the page as it was.
    const done = full ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    void done.catch(() => setFull(isFullscreen()));
  };
  return (
    <Tooltip title={label}>
      <button type="button" className="shell-header-action" aria-label={label} aria-pressed={full} onClick={toggle}>
        {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
      </button>
    </Tooltip>
  );
}
