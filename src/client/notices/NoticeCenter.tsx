import { useEffect } from 'react';
import { useSession } from '../session';
import { NoticeBell } from './bell/NoticeBell';
import { onNoticesReload } from './bus';
import { useNoticeRealtime } from './realtime/useNoticeRealtime';
import { refreshNotices, resetNotices } from './store';
import { UnreadMessageModal } from './unread/UnreadMessageModal';
import { AnnouncementViewer } from './viewer/AnnouncementViewer';
import './notices.css';

/**
 * Everything notices puts in the header: the bell, the push channel with its polling fallback, the
 * start-up unread-message modal and the announcement viewer.
 */
export function NoticeCenter() {
  const userId = useSession((s) => s.userInfo?.id);
  const token = useSession((s) => s.token);
  useNoticeRealtime(userId, token);

  useEffect(() => onNoticesReload(() => void refreshNotices()), []);
  useEffect(() => {
    if (token) void refreshNotices();
    else resetNotices();
  }, [token]);

  if (!token) return null;
  return (
    <>
      <NoticeBell />
      <UnreadMessageModal />
      <AnnouncementViewer />
    </>
  );
}
