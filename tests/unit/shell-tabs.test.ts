import { describe, expect, it } from 'vitest';
import {
  closeLeft,
  closeOthers,
  closeRight,
  closeTab,
  documentTitle,
  initTabs,
  isReportPath,
  keepOnlyCurrent,
  tabTitle,
  visitTab,
  type TabItem,
  type TabsState,
} from '../../src/client/layout/tabs/rules';

const tab = (key: string, title = key): TabItem => ({ key, path: key.split('?')[0], title, keepAlive: false });
const home = tab('/dashboard/analysis', '首页');
const state = (keys: string[], active: string): TabsState => ({ tabs: keys.map((k) => (k === home.key ? home : tab(k))), active });
const keys = (s: TabsState) => s.tabs.map((t) => t.key);

describe('tab workspace rules', () => {
  it('starts with the home tab first and the visited page active', () => {
    const s = initTabs(tab('/a'), home);
    expect(keys(s)).toEqual([home.key, '/a']);
    expect(s.active).toBe('/a');
    expect(keys(initTabs(home, home))).toEqual([home.key]);
  });

  it('keys tabs by full path: the same path with another query is another tab', () => {
    let s = initTabs(tab('/list?id=1'), home);
    s = visitTab(s, tab('/list?id=2'), true);
    expect(keys(s)).toEqual([home.key, '/list?id=1', '/list?id=2']);
  });

  it('revisiting replaces the stored route but keeps the first title', () => {
    let s = initTabs(tab('/a', '旧标题'), home);
    s = visitTab(s, { ...tab('/a', '新标题'), keepAlive: true }, true);
    expect(s.tabs[1]).toMatchObject({ key: '/a', title: '旧标题', keepAlive: true });
  });

  it('with multi-tab off keeps only the current route', () => {
    const s = visitTab(state([home.key, '/a', '/b'], '/b'), tab('/c'), false);
    expect(keys(s)).toEqual(['/c']);
    expect(keys(keepOnlyCurrent(state([home.key, '/a', '/b'], '/a')))).toEqual(['/a']);
  });

  it('refuses to close the home tab', () => {
    const s = state([home.key, '/a'], '/a');
    expect(closeTab(s, home.key, home)).toEqual({ state: s, refused: 'home' });
  });

  it('refuses to close the last tab unless it is a report page', () => {
    expect(closeTab(state(['/a'], '/a'), '/a', home).refused).toBe('last');
    const report = closeTab(state(['/report/x'], '/report/x'), '/report/x', home);
    expect(report.refused).toBeUndefined();
    expect(keys(report.state)).toEqual([home.key]);
  });

  it('after a close activates the tab now at that position, or the previous one, replacing the route', () => {
    const middle = closeTab(state([home.key, '/a', '/b', '/c'], '/b'), '/b', home);
    expect(middle.state.active).toBe('/c');
    expect(middle.navigate).toBe('/c');
    const last = closeTab(state([home.key, '/a', '/b'], '/b'), '/b', home);
    expect(last.state.active).toBe('/a');
  });

  it('closing a non-active ordinary tab also moves activation to its neighbour', () => {
    const r = closeTab(state([home.key, '/a', '/b', '/c'], '/c'), '/a', home);
    expect(keys(r.state)).toEqual([home.key, '/b', '/c']);
    expect(r.state.active).toBe('/b');
  });

  it('closing a report page that is not active leaves the active tab alone', () => {
    for (const p of ['/report/daily', '/x/hbvReport/list']) {
      expect(isReportPath(p)).toBe(true);
      const r = closeTab(state([home.key, p, '/c'], '/c'), p, home);
      expect(r.state.active).toBe('/c');
      expect(r.navigate).toBeUndefined();
    }
  });

  it('close left / right / others keep home and the clicked tab', () => {
    const s = state([home.key, '/a', '/b', '/c', '/d'], '/d');
    const left = closeLeft(s, '/c', home);
    expect(keys(left.state)).toEqual([home.key, '/c', '/d']);
    expect(left.state.active).toBe('/d');
    const right = closeRight(s, '/b', home);
    expect(keys(right.state)).toEqual([home.key, '/a', '/b']);
    expect(right.state.active).toBe('/b');
    expect(right.navigate).toBe('/b');
    const others = closeOthers(s, '/a', home);
    expect(keys(others.state)).toEqual([home.key, '/a']);
    expect(others.state.active).toBe('/a');
  });

  it('names patient files after the patient, or 个人主页 without a name', () => {
    const words = { patientFile: (n: string) => `${n}档案`, personalPage: '个人主页' };
    const p = '/chronic/modules/diseaseIntervene/healthInfo';
    expect(tabTitle(p, '?patientName=%E5%BC%A0%E4%B8%89', '健康档案', words)).toBe('张三档案');
    expect(tabTitle(p, '', '健康档案', words)).toBe('个人主页');
    expect(tabTitle('/isystem/user', '?patientName=x', '用户管理', words)).toBe('用户管理');
  });

  it('document title is page title then app name; only the app name at home', () => {
    expect(documentTitle('用户管理', '健康服务中心', false)).toBe('用户管理 - 健康服务中心');
    expect(documentTitle('首页', '健康服务中心', true)).toBe('健康服务中心');
  });
});
