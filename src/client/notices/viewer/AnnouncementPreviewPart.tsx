import type { ActionPartProps } from '../../renderer/parts/registry';
import { AnnouncementModal } from './AnnouncementModal';
import { useAnnouncement } from './useAnnouncement';

/** 预览 on the announcement administration page: the viewer without marking anything read. */
export default function AnnouncementPreviewPart({ row, onClose }: ActionPartProps) {
  const load = useAnnouncement(typeof row?.id === 'string' ? row.id : null);
  return <AnnouncementModal open load={load} onClose={onClose} />;
}
