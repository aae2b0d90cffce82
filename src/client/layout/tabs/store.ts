import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  initTabs,
  keepOnlyCurrent,
  visitTab,
  type CloseResult,
  type TabItem,
  type TabsState,
} from './rules';

interface TabStore extends TabsState {
  /** Bumped per key to re-mount a tab's page (right-click 刷新). */
  refresh: Record<string, number>;
  /** The home tab of the current layout, known from the first visit. */
  home: TabItem | null;
}

export const useTabs = create<TabStore>()(immer(() => ({ tabs: [], active: '', refresh: {}, home: null })));

const state = (): TabsState => {
  const { tabs, active } = useTabs.getState();
  return { tabs, active };
};

export function visit(item: TabItem, home: TabItem, multipage: boolean): void {
  const s = state();
  const next = s.tabs.length === 0 ? (multipage ? initTabs(item, home) : { tabs: [item], active: item.key }) : visitTab(s, item, multipage);
  useTabs.setState({ ...next, home });
}

/** Closes a tab by key from inside its page (the iframe view of an external entry); null when no tabs. */
export function closeOwnTab(key: string): CloseResult | null {
  const home = useTabs.getState().home;
  return home ? runTabCommand('close', key, home) : null;
}

export type TabCommand = 'close' | 'closeLeft' | 'closeRight' | 'closeOthers';

export function runTabCommand(command: TabCommand, key: string, home: TabItem): CloseResult {
  const s = state();
  const result =
    command === 'close'
      ? closeTab(s, key, home)
      : command === 'closeLeft'
        ? closeLeft(s, key, home)
        : command === 'closeRight'
          ? closeRight(s, key, home)
          : closeOthers(s, key, home);
  if (!result.refused) useTabs.setState(result.state);
  return result;
}

/** Names a tab after what its page shows (a record's number, known once it is loaded). */
export function renameTab(key: string, title: string): void {
  useTabs.setState((s) => {
    const tab = s.tabs.find((x) => x.key === key);
    if (tab) tab.title = title;
  });
}

export function refreshTab(key: string): void {
  useTabs.setState((s) => {
    s.refresh[key] = (s.refresh[key] ?? 0) + 1;
  });
}

export function onMultipageOff(): void {
  useTabs.setState(keepOnlyCurrent(state()));
}

export function resetTabs(): void {
  useTabs.setState({ tabs: [], active: '', refresh: {}, home: null }, true);
}
