import { feedback } from '../../api/feedback';
import { markMessagesRead } from '../api';
import { emitNoticesReload } from '../bus';
import type { Notice } from '../types';
import { followRedirect } from './follow';
import { redirectAction } from './redirect';

/** Opening a notice from the bell or the home page: follow its redirect, mark it read, reload the notices. */
export async function openNotice(notice: Notice, navigate: (to: string) => void): Promise<void> {
  await followRedirect(redirectAction(notice.redirect, notice.anntId), navigate);
  try {
    await markMessagesRead([notice.id]);
  } catch (e) {
    if (e instanceof Error && e.message) feedback().message.error(e.message);
  }
  emitNoticesReload();
}
