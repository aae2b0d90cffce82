import { downloadFile, getRuntimeConfig } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { checkLink, type LinkProblem } from '../../../shared/safe-link';
import { openAnnouncement } from '../store';
import type { RedirectAction } from './redirect';

function refuse(problem: LinkProblem) {
  feedback().message.warning(problem === 'control' ? t.notices.redirect.controlChars : t.notices.redirect.unsafeLink);
}

/** The link an action leaves the current page for, and whether it may be elsewhere than this site. */
function destination(action: RedirectAction): { link: string; external: boolean } | null {
  if (action.kind === 'route') return { link: action.to, external: false };
  if (action.kind === 'open' || action.kind === 'download') return { link: action.url, external: true };
  return null;
}

/**
 * Carries out a redirect: routes inside the console, opens web pages in a new window, downloads files.
 * Every notice navigation passes here, and here the shared link rule is applied once more, whatever
 * built the action: nothing off-site is routed to and no link with control characters is opened.
 */
export async function followRedirect(action: RedirectAction, navigate: (to: string) => void): Promise<void> {
  const target = destination(action);
  if (target) {
    const check = checkLink(target.link, { external: target.external });
    if (!check.ok) return refuse(check.problem);
  }
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
      refuse(action.problem);
      return;
    case 'none':
      return;
  }
}
