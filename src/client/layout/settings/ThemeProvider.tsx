import { App as AntApp, ConfigProvider, theme as antTheme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, type ReactNode } from 'react';
import { bindFeedback } from '../../api/feedback';
import { useSettings } from './store';
import { useReducedMotion } from './useReducedMotion';

/** Binds antd's themed message/notification/modal for code outside React (HTTP client, flows). */
function FeedbackBridge() {
  const app = AntApp.useApp();
  useEffect(() => bindFeedback(app), [app]);
  return null;
}

/**
 * antd in Chinese with the chosen primary colour; colour-weak mode filters the whole page; no zooms or
 * slides for people whose system asks for reduced motion.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const color = useSettings((s) => s.color);
  const weak = useSettings((s) => s.weak);
  const still = useReducedMotion();
  useEffect(() => {
    document.documentElement.classList.toggle('shell-color-weak', weak);
  }, [weak]);
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{ algorithm: antTheme.defaultAlgorithm, token: { colorPrimary: color, colorLink: color, borderRadius: 4, motion: !still } }}
    >
      <AntApp>
        <FeedbackBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
