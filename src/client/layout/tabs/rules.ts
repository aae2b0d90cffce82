/**
 * Rules of the tab workspace (spec §2 "Tab workspace") as pure functions over a small state; the
 * store applies them and the UI shows their messages and navigates where they say.
 */
export interface TabItem {
  /** The full path (path + query + hash): tabs are keyed by it. */
  key: string;
  path: string;
  title: string;
  keepAlive: boolean;
}

export interface TabsState {
  tabs: TabItem[];
  active: string;
}

export interface CloseResult {
  state: TabsState;
  /** Message to show instead of closing. */
  refused?: 'home' | 'last';
  /** Where to go (replacing history) when the active tab changed. */
  navigate?: string;
}

export function isReportPath(path: string): boolean {
  return path.includes('/report/') || path.includes('/hbvReport/');
}

/** The first state: home first, then the page the user opened. */
export function initTabs(current: TabItem, home: TabItem): TabsState {
  if (current.key === home.key) return { tabs: [home], active: home.key };
  return { tabs: [home, current], active: current.key };
}

/**
 * A visit: with multi-tab off only the current route is kept; a known key keeps its tab (and title)
 * but takes the new route; a new key opens a tab at the end.
 */
export function visitTab(state: TabsState, item: TabItem, multipage: boolean): TabsState {
  if (!multipage) return { tabs: [item], active: item.key };
  const idx = state.tabs.findIndex((t) => t.key === item.key);
  if (idx < 0) return { tabs: [...state.tabs, item], active: item.key };
  const tabs = state.tabs.slice();
  tabs[idx] = { ...item, title: state.tabs[idx].title || item.title };
  return { tabs, active: item.key };
}

/**
 * Closing one tab: home never closes; the last tab closes only on report pages; afterwards the tab now
 * at the same position (or the previous one) becomes active — except that closing a report page that
 * is not the active one leaves the active tab alone.
 */
export function closeTab(state: TabsState, key: string, home: TabItem): CloseResult {
  if (key === home.key) return { state, refused: 'home' };
  const idx = state.tabs.findIndex((t) => t.key === key);
  if (idx < 0) return { state };
  const report = isReportPath(key);
  if (state.tabs.length === 1 && !report) return { state, refused: 'last' };
  let tabs = state.tabs.filter((t) => t.key !== key);
  if (tabs.length === 0) tabs = [home];
  let active: string;
  if (report && state.active !== key) active = state.active;
  else active = tabs[Math.min(idx, tabs.length - 1)].key;
  return finish(state, { tabs, active });
}

function finish(before: TabsState, after: TabsState): CloseResult {
  return after.active !== before.active ? { state: after, navigate: after.active } : { state: after };
}

function keepHome(tabs: TabItem[], home: TabItem): TabItem[] {
  return tabs.some((t) => t.key === home.key) ? tabs : [home, ...tabs];
}

/** The active tab survives if kept; otherwise the tab that was right-clicked becomes active. */
function withActive(before: TabsState, tabs: TabItem[], key: string): CloseResult {
  const active = tabs.some((t) => t.key === before.active) ? before.active : key;
  return finish(before, { tabs, active });
}

export function closeLeft(state: TabsState, key: string, home: TabItem): CloseResult {
  const idx = state.tabs.findIndex((t) => t.key === key);
  if (idx <= 0) return { state };
  return withActive(state, keepHome(state.tabs.slice(idx), home), key);
}

export function closeRight(state: TabsState, key: string, home: TabItem): CloseResult {
  const idx = state.tabs.findIndex((t) => t.key === key);
  if (idx < 0) return { state };
  return withActive(state, keepHome(state.tabs.slice(0, idx + 1), home), key);
}

export function closeOthers(state: TabsState, key: string, home: TabItem): CloseResult {
  const target = state.tabs.find((t) => t.key === key);
  if (!target) return { state };
  const tabs = keepHome([target], home);
  return finish(state, { tabs, active: key });
}

/** Turning multi-tab off keeps only the current route. */
export function keepOnlyCurrent(state: TabsState): TabsState {
  const current = state.tabs.find((t) => t.key === state.active);
  return current ? { tabs: [current], active: current.key } : state;
}

/** The patient file's path and menu component (spec §2), without the leading slash. */
export const PATIENT_FILE = 'chronic/modules/diseaseIntervene/healthInfo';

/** A tab's title: patient files are named after the patient (query patientName). */
export function tabTitle(
  path: string,
  search: string,
  routeTitle: string,
  words: { patientFile: (name: string) => string; personalPage: string },
): string {
  if (path.includes(PATIENT_FILE)) {
    const name = new URLSearchParams(search).get('patientName');
    return name ? words.patientFile(name) : words.personalPage;
  }
  return routeTitle;
}

/** Page title then the app name; only the app name on the home page. */
export function documentTitle(pageTitle: string | undefined, appName: string, isHome: boolean): string {
  if (isHome || !pageTitle) return appName;
  return `${pageTitle} - ${appName}`;
}
