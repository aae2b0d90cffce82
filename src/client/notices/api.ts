import { getAction, http, postAction, putAction, type Envelope } from '../api';
import { UNREAD_DAY_COUNT } from '../../shared/notices';
import type { Announcement, Notice, NoticeGroup } from './types';

/** A failed envelope as an error carrying the server's message (shown to the user by the caller). */
export class NoticeApiError extends Error {}

function unwrap<T>(res: Envelope<T>): T {
  if (!res.success) throw new NoticeApiError(res.message);
  return res.result;
}

/** Polling and background refreshes stay quiet: a failed poll must not pile up error pop-ups. */
async function quietGet<T>(url: string, params?: Record<string, unknown>): Promise<T> {
  return unwrap((await http.get<Envelope<T>>(url, { params, silent: true })).data);
}

export const fetchUnreadCount = () => quietGet<number>('/api/sys/msg/rec/unreadCount');
export const fetchNoticeGroups = () => quietGet<NoticeGroup[]>('/api/sys/msg/rec/getUnreadListWithMsg');
export const fetchUnreadList = (dayCount = UNREAD_DAY_COUNT) => quietGet<Notice[]>('/api/sys/msg/rec/unreadList', { dayCount });

/** Marks messages read; ids go comma-joined (spec §7). */
export async function markMessagesRead(ids: string[]): Promise<void> {
  unwrap(await postAction('/api/sys/msg/rec/read', { ids: ids.join(',') }));
}

export async function fetchAnnouncement(id: string): Promise<Announcement> {
  return unwrap(await getAction<Announcement>('/sys/annountCement/queryById', { id }));
}

export async function markAnnouncementRead(anntId: string): Promise<void> {
  unwrap(await putAction('/sys/sysAnnouncementSend/editByAnntIdAndUserId', { anntId }));
}

export async function readAllAnnouncements(): Promise<string> {
  const res = await putAction<string>('/sys/sysAnnouncementSend/readAll');
  unwrap(res);
  return res.message;
}

export interface FeedbackInput {
  fbType: string;
  content: string;
  contact?: string;
  images?: string;
}

export async function submitFeedback(input: FeedbackInput): Promise<string> {
  const res = await postAction('/api/sys/feedback/add', input);
  unwrap(res);
  return res.message;
}

export async function withdrawFeedback(id: string): Promise<string> {
  const res = await postAction('/api/sys/feedback/withdraw', { id });
  unwrap(res);
  return res.message;
}
