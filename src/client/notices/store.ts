import { create } from 'zustand';
import { fetchNoticeGroups, fetchUnreadCount } from './api';
import type { NoticeGroup } from './types';

export interface NoticeState {
  groups: NoticeGroup[];
  /** Unread messages in the bell badge. */
  count: number;
  loading: boolean;
  failed: boolean;
  /** The push channel is open (otherwise the console polls). */
  connected: boolean;
  /** The announcement open in the viewer. */
  viewerId: string | null;
}

export const useNoticeStore = create<NoticeState>(() => ({
  groups: [],
  count: 0,
  loading: false,
  failed: false,
  connected: false,
  viewerId: null,
}));

// Answers can overtake each other (a push and a poll at once): only the newest request may write.
let generation = 0;

/** Reloads the bell: the groups and, from them, the badge count. */
export async function refreshNotices(): Promise<void> {
  const mine = ++generation;
  useNoticeStore.setState({ loading: true });
  try {
    const groups = await fetchNoticeGroups();
    if (mine !== generation) return;
    const count = groups.reduce((sum, g) => sum + g.unreadCount, 0);
    useNoticeStore.setState({ groups, count, loading: false, failed: false });
  } catch {
    if (mine === generation) useNoticeStore.setState({ loading: false, failed: true });
  }
}

/** Only the badge count: the cheap call the fallback poll makes every few seconds. */
export async function refreshUnreadCount(): Promise<void> {
  const mine = generation;
  try {
    const count = await fetchUnreadCount();
    if (mine === generation) useNoticeStore.setState({ count });
  } catch {
    // The next poll tries again; the badge keeps its last value.
  }
}

export function setConnected(connected: boolean): void {
  useNoticeStore.setState({ connected });
}

export function openAnnouncement(id: string): void {
  useNoticeStore.setState({ viewerId: id });
}

export function closeAnnouncement(): void {
  useNoticeStore.setState({ viewerId: null });
}

/** Back to nothing (sign-out, tests). */
export function resetNotices(): void {
  generation++;
  useNoticeStore.setState({ groups: [], count: 0, loading: false, failed: false, connected: false, viewerId: null });
}
