import { useEffect } from 'react';
import { create } from 'zustand';
import { http } from '../../api/http';
import { BADGE_POLL_MS } from '../../config/constants';
import type { MenuEntry } from './menu-tree';

/** Badge counts per menu key. Other parts of the console may set counts with `setMenuBadge`. */
export const useMenuBadges = create<Record<string, number>>()(() => ({}));

export function setMenuBadge(key: string, count: number): void {
  useMenuBadges.setState({ [key]: count });
}

/** A corner-mark URL's count: the result as a number, 0 on any failure (spec §7). */
export async function fetchCornerMark(url: string): Promise<number> {
  try {
    const res = await http.get<{ success?: boolean; result?: unknown }>(url, { silent: true });
    const n = Number(res.data?.result);
    return res.data?.success !== false && Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}

/** Polls every corner-mark URL of the menu every 10 s. */
export function useCornerMarkPolling(entries: readonly MenuEntry[]): void {
  const signature = entries.map((e) => `${e.key}|${e.cornerMark}`).join(',');
  useEffect(() => {
    const targets = signature ? signature.split(',').map((s) => s.split('|') as [string, string]) : [];
    if (targets.length === 0) return;
    let alive = true;
    const poll = async () => {
      const counts = await Promise.all(targets.map(([, url]) => fetchCornerMark(url)));
      if (!alive) return;
      const next: Record<string, number> = {};
      targets.forEach(([key], i) => (next[key] = counts[i]));
      useMenuBadges.setState(next);
    };
    void poll();
    const timer = setInterval(poll, BADGE_POLL_MS);
    return () => {
      alive = false;
      clearInterval(timer);
    };
  }, [signature]);
}
