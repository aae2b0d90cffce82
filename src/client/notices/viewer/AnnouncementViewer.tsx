import { useEffect } from 'react';
import { feedback } from '../../api/feedback';
import { markAnnouncementRead } from '../api';
import { emitNoticesReload } from '../bus';
import { closeAnnouncement, useNoticeStore } from '../store';
import { AnnouncementModal } from './AnnouncementModal';
import { useAnnouncement } from './useAnnouncement';

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

  return <AnnouncementModal open={!!id} load={load} onClose={closeAnnouncement} />;
}
