import { message as staticMessage, Modal as StaticModal, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalStaticFunctions } from 'antd/es/modal/confirm';
import type { NotificationInstance } from 'antd/es/notification/interface';

/**
 * The antd feedback functions the non-React code (HTTP client, session flows) uses. The app binds the
 * instances of antd's `<App>` so that messages follow the theme; the static ones serve until then.
 */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: Omit<ModalStaticFunctions, 'warn'>;
}

let current: Feedback = { message: staticMessage, notification: staticNotification, modal: StaticModal };

export function bindFeedback(next: Feedback): void {
  current = next;
}

export function feedback(): Feedback {
  return current;
}
