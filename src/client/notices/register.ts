import { lazyPage, type Loader } from '../router/lazy';
import { registerComponentResolver } from '../router/registry';
import { registerActionPart } from '../renderer/parts/registry';

/** The hand-written notice pages, by the component names of their routes (static and menu). */
const PAGES: Record<string, Loader> = {
  'system/UserAnnouncementList': () => import('./pages/MyAnnouncementsPage'),
  'system/feedback/MyFeedbackList': () => import('./pages/MyFeedbackPage'),
};

let registered = false;

/** Lets the router find the notice pages and page definitions the preview part; code loads on first use. */
export function registerNoticePages(): void {
  if (registered) return;
  registered = true;
  registerComponentResolver((name) => (PAGES[name] ? lazyPage(PAGES[name]) : null));
  registerActionPart('AnnouncementPreview', () => import('./viewer/AnnouncementPreviewPart'));
}
