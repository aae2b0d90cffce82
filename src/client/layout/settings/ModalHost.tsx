import { Modal } from 'antd';
import { useEffect } from 'react';
import type { ModalFunctions } from '../../api/feedback';

/**
 * antd's modal functions bound to the theme, for `feedback().modal` (logout confirm, session expiry,
 * ...). The feedback bridge loads and renders it on the first modal, so the sign-in page does without
 * antd's Modal. `onReady` receives the functions and returns how to unbind them.
 */
export function ModalHost({ onReady }: { onReady: (api: ModalFunctions) => () => void }) {
  const [api, holder] = Modal.useModal();
  useEffect(() => onReady(api), [api, onReady]);
  return holder;
}
