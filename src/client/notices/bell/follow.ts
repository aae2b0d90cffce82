import { downloadFile, getRuntimeConfig } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { openAnnouncement } from '../store';
import type { RedirectAction } from './redirect';

/** Carries out a redirect: routes inside the console, opens web pages in a new window, downloads files. */
export async function followRedirect(action: RedirectAction, navigate: (to: string) => void): Promise<void> {
  switch (action.kind) {
    case 'route':
      navigate(action.to);
      return;
    case 'open':
      window.open(action.url, '_blank', 'noopener,noreferrer');
      return;
    case 'download': {
      const base = getRuntimeConfig().apiBase;
      // Files of this server need the session header; anything else opens as a plain link.
      if (base && action.url.startsWith(`${base}/`)) {
        const path = action.url.slice(base.length);
        await downloadFile(path, decodeURIComponent(path.split('/').pop() || 'download'));
      } else window.open(action.url, '_blank', 'noopener,noreferrer');
      return;
    }
    case 'announcement':
      openAnnouncement(action.id);
      return;
    case 'blocked':
      feedback().message.warning(t.notices.redirect.unsafeLink);
      return;
    case 'none':
      return;
  }
}
