import { isLayoutComponent, normaliseComponent } from '../../router/menu-routes';
import type { MenuNode } from '../../session/types';

/** A menu entry as the side/top menu and the search show it. */
export interface MenuEntry {
  key: string;
  path: string;
  title: string;
  icon?: string;
  /** Opens `url` in a new window instead of routing. */
  external: boolean;
  url?: string;
  cornerMark?: string;
  /** Only nests other entries (layout component). */
  layoutOnly: boolean;
  /** The money-style highlight of spec §2. */
  money: boolean;
  children?: MenuEntry[];
}

export const MONEY_PATH = '/followManage/projectWarning';
const HOME_TITLE = '首页';

const withSlash = (p: string) => (p.startsWith('/') ? p : `/${p}`);

/**
 * Visible menu: hidden entries dropped; a parent whose children are all hidden becomes a plain item, or
 * disappears when it only nests (unless alwaysShow). `renameHome` shows 首页 as the given title (DF-D-WEB).
 */
export function visibleMenu(menu: readonly MenuNode[], renameHome?: string): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const node of menu) {
    if (node.hidden || node.meta?.hideMenu) continue;
    const path = withSlash(node.path);
    const layoutOnly = isLayoutComponent(node.component) || (!normaliseComponent(node.component) && !!node.children?.length);
    const children = node.children?.length ? visibleMenu(node.children, renameHome) : [];
    if (node.children?.length && children.length === 0 && layoutOnly && !node.alwaysShow) continue;
    const title = renameHome && node.meta?.title === HOME_TITLE ? renameHome : (node.meta?.title ?? '');
    const entry: MenuEntry = {
      key: path,
      path,
      title,
      icon: node.meta?.icon,
      external: !!node.meta?.internalOrExternal,
      url: node.meta?.url,
      cornerMark: node.meta?.cornerMark,
      layoutOnly,
      money: path === MONEY_PATH,
    };
    if (children.length || (layoutOnly && node.alwaysShow)) entry.children = children;
    out.push(entry);
  }
  return out;
}

/** Entries the header search offers: hidden ones are already gone, layout-only ones are skipped. */
export function searchableEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  const out: MenuEntry[] = [];
  const walk = (list: readonly MenuEntry[]) => {
    for (const e of list) {
      if (!e.layoutOnly) out.push(e);
      if (e.children) walk(e.children);
    }
  };
  walk(entries);
  return out;
}

/** Badge per key: leaves their own count, parents the sum of their children. */
export function sumBadges(entries: readonly MenuEntry[], counts: Readonly<Record<string, number>>): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (e: MenuEntry): number => {
    const own = counts[e.key] ?? 0;
    const total = e.children?.length ? e.children.reduce((sum, c) => sum + walk(c), 0) : own;
    out[e.key] = total;
    return total;
  };
  entries.forEach(walk);
  return out;
}

/** Keys from the root down to the entry for `path` (empty when not in the menu). */
export function ancestorKeys(entries: readonly MenuEntry[], path: string): string[] {
  for (const e of entries) {
    if (e.path === path) return [e.key];
    if (e.children) {
      const inner = ancestorKeys(e.children, path);
      if (inner.length) return [e.key, ...inner];
    }
  }
  return [];
}

export function findEntry(entries: readonly MenuEntry[], key: string): MenuEntry | undefined {
  for (const e of entries) {
    if (e.key === key) return e;
    const inner = e.children ? findEntry(e.children, key) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

/** Entries that poll a corner-mark URL for their badge. */
export function cornerMarkEntries(entries: readonly MenuEntry[]): MenuEntry[] {
  return searchableEntries(entries).filter((e) => !!e.cornerMark);
}
