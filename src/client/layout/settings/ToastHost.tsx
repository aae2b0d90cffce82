import { message, notification } from 'antd';
import { useEffect } from 'react';
import type { Toasts } from '../../api/feedback';

/**
 * antd's message and notification functions bound to the theme, for `feedback().message` and
 * `feedback().notification`. The feedback bridge loads and renders it on the first message, so no page
 * carries antd's message and notification code in its first load. `onReady` receives the functions and
 * returns how to unbind them.
 */
export function ToastHost({ onReady }: { onReady: (api: Toasts) => () => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  useEffect(
    () => onReady({ message: messageApi, notification: notificationApi }),
    [messageApi, notificationApi, onReady],
  );
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
