import type { Notice } from '../types';

/**
 * The button rules of the unread-message modal (spec §4): previous is off on the first message; next
 * is off on the last one or when there is only one; "mark all" is off with one message or fewer, or
 * when nothing is unread.
 */
export const canPrevious = (index: number) => index > 0;
export const canNext = (index: number, length: number) => length > 1 && index < length - 1;
export const canMarkAll = (list: readonly Notice[]) => list.length > 1 && list.some((m) => m.readFlag === 0);
export const unreadIds = (list: readonly Notice[]) => list.filter((m) => m.readFlag === 0).map((m) => m.id);

/** The modal opens at start only for the driver web application and only with something to show. */
export const showsOnStart = (appCode: string, driverAppCode: string, list: readonly Notice[]) => appCode === driverAppCode && list.length > 0;

/** The list with the given messages' read flags set (immutably). */
export function withFlags(list: readonly Notice[], ids: readonly string[], readFlag: 0 | 1): Notice[] {
  const set = new Set(ids);
  return list.map((m) => (set.has(m.id) ? { ...m, readFlag } : m));
}
