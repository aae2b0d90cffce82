import { message as staticMessage, notification as staticNotification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { ModalFunc, ModalStaticFunctions } from 'antd/es/modal/confirm';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { t } from '../locale/zh-CN';

export type ModalFunctions = Omit<ModalStaticFunctions, 'warn'>;

/**
 * The antd feedback functions the non-React code (HTTP client, session flows) uses. The app binds the
 * instances of its theme (ThemeProvider) so that they follow the theme; the static ones serve until then.
 */
export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: ModalFunctions;
}

// Modals are code the sign-in page does not need (antd's Modal, its dialog and skeleton): they load on
// the first call. The functions keep antd's synchronous shape; the dialog opens once its code is here.

type ModalRun = (api: ModalFunctions) => void;

let hostApi: ModalFunctions | null = null;
let mountHost: (() => Promise<void>) | null = null;
let hostLoading = false;
let waiting: ModalRun[] = [];

function modalLoadFailed(e: unknown) {
  console.error('对话框加载失败', e);
  void current.message.error(t.shell.guard.chunkFailed);
}

function withModal(run: ModalRun): void {
  if (hostApi) {
    run(hostApi);
    return;
  }
  if (!mountHost) {
    // No themed host (nothing rendered yet, or a test without the theme): antd's static functions.
    import('antd/es/modal').then(({ default: Modal }) => run(Modal), modalLoadFailed);
    return;
  }
  waiting.push(run);
  if (hostLoading) return;
  hostLoading = true;
  mountHost().catch((e: unknown) => {
    hostLoading = false;
    waiting = [];
    modalLoadFailed(e);
  });
}

function deferredModal(kind: keyof ModalFunctions): ModalFunc {
  return (props) => {
    let handle: ReturnType<ModalFunc> | null = null;
    let destroyed = false;
    // Updates made before the code arrived are folded into the props the dialog opens with: a hook
    // modal's update right after it is created can be lost before its element has mounted.
    let config: ModalFuncProps = props;
    withModal((api) => {
      if (destroyed) return;
      handle = api[kind](config);
    });
    return {
      destroy: () => {
        destroyed = true;
        handle?.destroy();
      },
      update: (update) => {
        if (handle) handle.update(update);
        else config = typeof update === 'function' ? update(config) : { ...config, ...update };
      },
    };
  };
}

/** `feedback().modal`: antd's modal functions, loading the dialog code on first use. */
export const lazyModal: ModalFunctions = {
  info: deferredModal('info'),
  success: deferredModal('success'),
  error: deferredModal('error'),
  warning: deferredModal('warning'),
  confirm: deferredModal('confirm'),
};

/**
 * The theme's modal host registers how to mount it (ThemeProvider): `mount` loads the host's code and
 * renders it; the host then binds antd's themed modal functions with `bindModalHost`.
 */
export function setModalHost(mount: (() => Promise<void>) | null): void {
  mountHost = mount;
  if (!mount) {
    hostApi = null;
    hostLoading = false;
    waiting = [];
  }
}

export function bindModalHost(api: ModalFunctions): () => void {
  hostApi = api;
  hostLoading = false;
  const runs = waiting;
  waiting = [];
  for (const run of runs) run(api);
  return () => {
    if (hostApi === api) hostApi = null;
  };
}

let current: Feedback = { message: staticMessage, notification: staticNotification, modal: lazyModal };

export function bindFeedback(next: Feedback): void {
  current = next;
}

export function feedback(): Feedback {
  return current;
}
