import type { MessageRedirect } from '../../shared/notices';

/** A message in the bell or the unread modal (`/api/sys/msg/rec/*`). */
export interface Notice {
  id: string;
  title: string;
  content: string | null;
  createTime: string;
  /** 0 unread, 1 read. */
  readFlag: number;
  msgColor: string;
  classify: string;
  classifyName: string;
  redirect: MessageRedirect | null;
  anntId: string | null;
}

/** One tab of the bell: a classification with its unread count and newest unread messages. */
export interface NoticeGroup {
  classify: string;
  classifyName: string;
  unreadCount: number;
  msgList: Notice[];
}

/** An announcement as `queryById` answers it; `titile` is the protocol's spelling. */
export interface Announcement {
  id: string;
  titile: string;
  msgContent: string | null;
  sender: string | null;
  sendTime: string | null;
  priority: string;
  msgCategory: string;
  openType: 'url' | 'component' | null;
  openPage: string | null;
  busId: string | null;
  busType: string | null;
  msgAbstract: string | null;
}

/** A row of "my announcements" (`getMyAnnouncementSend`): the read row joined with its announcement. */
export interface InboxRecord {
  id: string;
  anntId: string;
  titile: string;
  sender: string | null;
  sendTime: string | null;
  readFlag: '0' | '1';
  priority: string;
  msgCategory: string;
  priority_dictText?: string;
  msgCategory_dictText?: string;
  readFlag_dictText?: string;
}

export interface FeedbackRecord {
  id: string;
  fbType: string;
  fbType_dictText?: string;
  content: string;
  contact: string | null;
  status: string;
  status_dictText?: string;
  reply: string | null;
  createTime: string;
  handleTime: string | null;
}
