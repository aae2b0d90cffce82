import { ConfigProvider, theme as antTheme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { bindModalHost, bindToastHost, setModalHost, setToastHost } from '../../api/feedback';
import { useSettings } from './store';
import { ThemeVars } from './ThemeVars';
import { useDarkMode } from './useDarkMode';
import { useReducedMotion } from './useReducedMotion';

/** A feedback host's component, once its code is here. */
type Host<F> = ComponentType<{ onReady: F }> | null;

/**
 * Binds antd's themed message/notification/modal for code outside React (HTTP client, flows). What
 * antd's `<App>` does, except that the hosts (antd's message and notification; its Modal, dialog and
 * skeleton) are loaded on the first message or modal rather than with the first page.
 */
function FeedbackBridge() {
  const [ToastHost, setToastHostCode] = useState<Host<typeof bindToastHost>>(null);
  const [ModalHost, setModalHostCode] = useState<Host<typeof bindModalHost>>(null);
  useEffect(() => {
    setToastHost(() => import('./ToastHost').then((m) => setToastHostCode(() => m.ToastHost)));
    setModalHost(() => import('./ModalHost').then((m) => setModalHostCode(() => m.ModalHost)));
    return () => {
      setToastHost(null);
      setModalHost(null);
    };
  }, []);
  return (
    <>
      {ToastHost ? <ToastHost onReady={bindToastHost} /> : null}
      {ModalHost ? <ModalHost onReady={bindModalHost} /> : null}
    </>
  );
}

/** The base text style antd's `<App>` gives the page: the theme's colour, size, line height and font. */
function AppRoot({ children }: { children: ReactNode }) {
  const { token } = antTheme.useToken();
  return (
    <div style={{ color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily }}>
      {children}
    </div>
  );
}

/**
 * antd in Chinese with the chosen primary colour, light or dark; colour-weak mode filters the whole page;
 * no zooms or slides for people whose system asks for reduced motion.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const color = useSettings((s) => s.color);
  const weak = useSettings((s) => s.weak);
  const dark = useDarkMode();
  const still = useReducedMotion();
  useEffect(() => {
    document.documentElement.classList.toggle('shell-color-weak', weak);
  }, [weak]);
  return (
    <ConfigProvider
      locale={zhCN}
      button={{ autoInsertSpace: false }}
      theme={{
        algorithm: dark ? antTheme.darkAlgorithm : antTheme.defaultAlgorithm,
        token: { colorPrimary: color, colorLink: color, borderRadius: 4, motion: !still },
      }}
    >
      <ThemeVars dark={dark} />
      <AppRoot>
        <FeedbackBridge />
        {children}
      </AppRoot>
    </ConfigProvider>
  );
}
