import type { MessageInstance, MessageType, TypeOpen } from 'antd/es/message/interface';
import type { ModalFunc, ModalStaticFunctions } from 'antd/es/modal/confirm';
import type { ModalFuncProps } from 'antd/es/modal/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { t } from '../locale/zh-CN';

export type ModalFunctions = Omit<ModalStaticFunctions, 'warn'>;

/**
 * The antd feedback functions the non-React code (HTTP client, session flows) uses. They are antd's
 * themed instances (ThemeProvider's hosts), whose code loads on the first call: no page needs a message
 * to show up, so the messages, notifications and dialogs are not part of any first load.
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

// Messages and notifications load the same way (antd's message and notification, with their holders).

/** The themed message and notification functions, bound by their host once its code is here. */
export interface Toasts {
  message: MessageInstance;
  notification: NotificationInstance;
}
type ToastRun = (api: Toasts) => void;

let toastApi: Toasts | null = null;
let mountToasts: (() => Promise<void>) | null = null;
let toastsLoading = false;
let toastsWaiting: ToastRun[] = [];

function toastsLoadFailed(e: unknown) {
  // Nothing is left to tell the user with; the call that wanted a message has already happened.
  console.error('消息组件加载失败', e);
}

function withToasts(run: ToastRun): void {
  if (toastApi) {
    run(toastApi);
    return;
  }
  if (!mountToasts) {
    // No themed host (nothing rendered yet, or a test without the theme): antd's static functions.
    Promise.all([import('antd/es/message'), import('antd/es/notification')]).then(
      ([m, n]) => run({ message: m.default, notification: n.default }),
      toastsLoadFailed,
    );
    return;
  }
  toastsWaiting.push(run);
  if (toastsLoading) return;
  toastsLoading = true;
  mountToasts().catch((e: unknown) => {
    toastsLoading = false;
    toastsWaiting = [];
    toastsLoadFailed(e);
  });
}

/** A message handle before the message exists: closing it closes (or cancels) the message. */
function deferredMessageType(open: (api: MessageInstance) => MessageType): MessageType {
  let shown: MessageType | null = null;
  let closed = false;
  let settle: (done: boolean) => void = () => undefined;
  const done = new Promise<boolean>((resolve) => (settle = resolve));
  withToasts((api) => {
    if (closed) return settle(false);
    shown = open(api.message);
    shown.then(settle);
  });
  const close = () => {
    closed = true;
    shown?.();
  };
  return Object.assign(close, { then: done.then.bind(done) as MessageType['then'] });
}

const deferredOpen =
  (kind: 'info' | 'success' | 'error' | 'warning' | 'loading'): TypeOpen =>
  (content, duration, onClose) =>
    deferredMessageType((api) => api[kind](content, duration, onClose));

/** `feedback().message`: antd's message functions, loading their code on first use. */
export const lazyMessage: MessageInstance = {
  info: deferredOpen('info'),
  success: deferredOpen('success'),
  error: deferredOpen('error'),
  warning: deferredOpen('warning'),
  loading: deferredOpen('loading'),
  open: (args) => deferredMessageType((api) => api.open(args)),
  destroy: (key) => withToasts((api) => api.message.destroy(key)),
};

/** `feedback().notification`: antd's notification functions, loading their code on first use. */
export const lazyNotification: NotificationInstance = {
  success: (args) => withToasts((api) => api.notification.success(args)),
  error: (args) => withToasts((api) => api.notification.error(args)),
  info: (args) => withToasts((api) => api.notification.info(args)),
  warning: (args) => withToasts((api) => api.notification.warning(args)),
  open: (args) => withToasts((api) => api.notification.open(args)),
  destroy: (key) => withToasts((api) => api.notification.destroy(key)),
};

/** The theme's toast host registers how to mount it (ThemeProvider), as the modal host does. */
export function setToastHost(mount: (() => Promise<void>) | null): void {
  mountToasts = mount;
  if (!mount) {
    toastApi = null;
    toastsLoading = false;
    toastsWaiting = [];
  }
}

export function bindToastHost(api: Toasts): () => void {
  toastApi = api;
  toastsLoading = false;
  const runs = toastsWaiting;
  toastsWaiting = [];
  for (const run of runs) run(api);
  return () => {
    if (toastApi === api) toastApi = null;
  };
}

let current: Feedback = { message: lazyMessage, notification: lazyNotification, modal: lazyModal };

export function bindFeedback(next: Feedback): void {
  current = next;
}

export function feedback(): Feedback {
  return current;
}
