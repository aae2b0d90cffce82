import { useEffect, useState } from 'react';
import { fetchAnnouncement } from '../api';
import type { Announcement } from '../types';

/** The answer for one id; an answer for another id means the current one is still loading. */
interface Answer {
  id: string;
  annt: Announcement | null;
}

export type AnnouncementLoad = { status: 'idle' | 'loading' | 'missing'; annt: null } | { status: 'ready'; annt: Announcement };

/** Loads an announcement by id (queryById), keeping only the answer to the newest id. */
export function useAnnouncement(id: string | null): AnnouncementLoad {
  const [answer, setAnswer] = useState<Answer | null>(null);
  useEffect(() => {
    if (!id) return;
    let alive = true;
    fetchAnnouncement(id).then(
      (annt) => alive && setAnswer({ id, annt }),
      () => alive && setAnswer({ id, annt: null }),
    );
    return () => {
      alive = false;
    };
  }, [id]);
  if (!id) return { status: 'idle', annt: null };
  if (!answer || answer.id !== id) return { status: 'loading', annt: null };
  return answer.annt ? { status: 'ready', annt: answer.annt } : { status: 'missing', annt: null };
}
