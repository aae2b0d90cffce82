import { ConfigProvider, message, notification, theme as antTheme } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { bindFeedback, bindModalHost, lazyModal, setModalHost } from '../../api/feedback';
import { useSettings } from './store';
import { ThemeVars } from './ThemeVars';
import { useDarkMode } from './useDarkMode';
import { useReducedMotion } from './useReducedMotion';

/**
 * Binds antd's themed message/notification/modal for code outside React (HTTP client, flows). What
 * antd's `<App>` does, except that the modal host (antd's Modal, dialog and skeleton) is loaded on the
 * first modal rather than with the sign-in page.
 */
function FeedbackBridge() {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  const [ModalHost, setModalHostCode] = useState<ComponentType<{ onReady: typeof bindModalHost }> | null>(null);
  useEffect(
    () => bindFeedback({ message: messageApi, notification: notificationApi, modal: lazyModal }),
    [messageApi, notificationApi],
  );
  useEffect(() => {
    setModalHost(() => import('./ModalHost').then((m) => setModalHostCode(() => m.ModalHost)));
    return () => setModalHost(null);
  }, []);
  return (
    <>
      {messageHolder}
      {notificationHolder}
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
