/**
 * Shapes both halves agree on for notices: WebSocket frames (protocol.md §7.2), message redirects and
 * the fixed codes of the message classifications.
 */

/** The console sends this text every 20 s; the server answers that socket only (never a broadcast). */
export const HEARTBEAT_TEXT = 'ping';
export const HEARTBEAT_INTERVAL_MS = 20_000;

/** An unread notice as a push names it: the announcement or message id, its title, its classification. */
export interface MissedNotice {
  msgId: string;
  msgTxt: string;
  classify?: string;
}

/**
 * Server → console frames. `user`: something new for this user; `topic`: reload (e.g. after read-all).
 * The frame a socket gets when it (re)connects also carries the unread count and the newest unread
 * notices (`user` when there are some, naming the newest; `topic` when there are none), so a console
 * that was disconnected refreshes its bell with what it missed.
 */
export type PushFrame =
  | { cmd: 'user'; msgId: string; msgTxt: string; classify?: string; unreadCount?: number; notices?: MissedNotice[] }
  | { cmd: 'topic'; msgTxt?: string; unreadCount?: number; notices?: MissedNotice[] }
  | { cmd: 'heartcheck'; msgTxt: string };

/**
 * Where clicking a message leads: a file to download, a web page, a visit form or the abnormal-patient
 * list (both with their record ids), or the announcement it announces.
 */
export type RedirectType = 'download' | 'web' | 'visitForm' | 'patientAbnormal' | 'announcement';

export interface RedirectParam {
  detailId?: string;
  caseId?: string;
  formId?: string;
  projectId?: string;
  anntId?: string;
}

export interface MessageRedirect {
  type: RedirectType;
  downloadUrl?: string;
  webUrl?: string;
  param?: RedirectParam;
}

export const REDIRECT_TYPES: readonly RedirectType[] = ['download', 'web', 'visitForm', 'patientAbnormal', 'announcement'];
export const REDIRECT_PARAM_KEYS: ReadonlyArray<keyof RedirectParam> = ['detailId', 'caseId', 'formId', 'projectId', 'anntId'];

/** Message colours the bell knows; anything else falls back to the default. */
export const MSG_COLORS = ['blue', 'red', 'orange', 'green', 'purple', 'cyan', 'gold', 'gray'] as const;
export type MsgColor = (typeof MSG_COLORS)[number];
export const DEFAULT_MSG_COLOR: MsgColor = 'blue';

/** Classifications of messages the server itself produces. */
export const CLASSIFY = {
  announcement: 'announcement',
  system: 'system',
  feedback: 'feedback',
} as const;

/** Unread window of the unread-message modal and its endpoint (spec §9). */
export const UNREAD_DAY_COUNT = 3;
