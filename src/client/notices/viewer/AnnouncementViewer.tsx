import { Suspense, useEffect } from 'react';
import { feedback } from '../../api/feedback';
import { markAnnouncementRead } from '../api';
import { emitNoticesReload } from '../bus';
import { closeAnnouncement, useNoticeStore } from '../store';
import { useAnnouncement } from './useAnnouncement';
import { lazyNamed } from '../../router/lazy';

// The viewer (with the HTML sanitiser) loads when the first announcement is opened.
const AnnouncementModal = lazyNamed(() => import('./AnnouncementModal'), 'AnnouncementModal');

/** The viewer of the announcement opened from the bell or my announcements; opening it marks it read. */
export function AnnouncementViewer() {
  const id = useNoticeStore((s) => s.viewerId);
  const load = useAnnouncement(id);

  useEffect(() => {
    if (!id) return;
    // Opening reads the announcement, then the unread count is refreshed (spec §4).
    markAnnouncementRead(id)
      .catch((e: unknown) => {
        if (e instanceof Error && e.message) feedback().message.error(e.message);
      })
      .finally(emitNoticesReload);
  }, [id]);

  return id ? (
    <Suspense fallback={null}>
      <AnnouncementModal open load={load} onClose={closeAnnouncement} />
    </Suspense>
  ) : null;
}
