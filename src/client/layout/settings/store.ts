import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import { currentVariant } from '../../config/runtime';
import { KEYS } from '../../session/keys';
import { lsGet, lsSet } from '../../session/storage';
import { DEFAULT_PRIMARY, type MenuFontSize } from './presets';

export type ThemeMode = 'light' | 'dark' | 'system';

/** Layout settings of spec §3, persisted under the Vue2 names (`pro__DEFAULT_THEME` …). */
export interface LayoutSettings {
  navTheme: 'dark' | 'light';
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  fixSiderbar: boolean;
  autoHideHeader: boolean;
  color: string;
  weak: boolean;
  multipage: boolean;
  menuFontSize: MenuFontSize;
  /** The whole console light or dark (antd's dark algorithm), or as the system prefers. */
  themeMode: ThemeMode;
  /** Sidebar open (not collapsed). */
  sidebarOpened: boolean;
}

const STORAGE: Record<keyof LayoutSettings, string> = {
  navTheme: KEYS.theme,
  layout: KEYS.layoutMode,
  contentWidth: KEYS.contentWidth,
  fixedHeader: KEYS.fixedHeader,
  fixSiderbar: KEYS.fixedSidemenu,
  autoHideHeader: KEYS.fixedHeaderHidden,
  color: KEYS.color,
  weak: KEYS.colorWeak,
  multipage: KEYS.multipage,
  menuFontSize: KEYS.menuFontSize,
  themeMode: KEYS.themeMode,
  sidebarOpened: KEYS.sidebarType,
};

export function defaultSettings(): LayoutSettings {
  return {
    navTheme: currentVariant().navTheme,
    layout: 'sidemenu',
    contentWidth: 'Fluid',
    fixedHeader: false,
    fixSiderbar: false,
    autoHideHeader: false,
    color: DEFAULT_PRIMARY,
    weak: false,
    multipage: true,
    menuFontSize: 'L',
    themeMode: 'light',
    sidebarOpened: true,
  };
}

export function loadSettings(): LayoutSettings {
  const s = defaultSettings();
  const out: Record<string, unknown> = { ...s };
  for (const key of Object.keys(STORAGE) as (keyof LayoutSettings)[]) {
    const stored = lsGet<unknown>(STORAGE[key]);
    if (stored !== undefined && typeof stored === typeof s[key]) out[key] = stored;
  }
  return out as unknown as LayoutSettings;
}

export const useSettings = create<LayoutSettings>()(immer(() => loadSettings()));

/** Changes one setting, live and persisted. */
export function setSetting<K extends keyof LayoutSettings>(key: K, value: LayoutSettings[K]): void {
  lsSet(STORAGE[key], value);
  useSettings.setState((s) => {
    (s as LayoutSettings)[key] = value;
  });
}
