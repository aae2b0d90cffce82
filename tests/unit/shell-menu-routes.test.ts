import { describe, expect, it } from 'vitest';
import { ancestorKeys, searchableEntries, sumBadges, visibleMenu } from '../../src/client/layout/menu/menu-tree';
import { expandPlaceholders, flattenRoutes, menuToRoutes } from '../../src/client/router/menu-routes';
import type { MenuNode } from '../../src/client/session/types';

const values = { apiBase: '/jeecg-boot', staticDomain: '/jeecg-boot/sys/common/static' };
const node = (path: string, component: string, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  route: '1',
  path,
  component,
  name: path.slice(1).replace(/\//g, '-'),
  meta: { title, keepAlive: false, internalOrExternal: false },
  ...extra,
});

const menu: MenuNode[] = [
  node('/dashboard/analysis', 'dashboard/Analysis', '首页'),
  node('/isystem', 'layouts/RouteView', '系统管理', {
    children: [
      node('/isystem/user', 'system/UserList', '用户管理', { meta: { title: '用户管理', keepAlive: true } }),
      node('/online/cgformList/:code', 'modules/online/cgform/auto/OnlCgformAutoList', 'AUTO在线表单', { hidden: true }),
      node('/isystem/draft', 'system/Draft', '草稿', { route: '0' }),
      node('a1b2c3', 'layouts/IframePageView', '在线文档', {
        meta: { title: '在线文档', url: "{{ window._CONFIG['domianURL'] }}/doc.html?token=${token}" },
      }),
    ],
  }),
  node('/hiddenParent', 'layouts/RouteView', '隐藏父级', { children: [node('/hiddenParent/x', 'x/X', 'X', { hidden: true })] }),
  node('/always', 'layouts/RouteView', '常显', { alwaysShow: true, children: [node('/always/x', 'x/Y', 'Y', { hidden: true })] }),
  node('/followManage/projectWarning', 'follow/ProjectWarning', '项目预警'),
];

describe('menu → routes', () => {
  const routes = menuToRoutes(menu, values);
  const flat = flattenRoutes(routes);
  const byPath = (p: string) => flat.find((r) => r.path === p);

  it('does not register entries with route flag 0', () => {
    expect(byPath('/isystem/draft')).toBeUndefined();
    expect(byPath('/isystem/user')).toMatchObject({ component: 'system/UserList', trail: ['系统管理', '用户管理'] });
  });

  it('registers hidden routes (they only leave the menu) and keeps keep-alive meta', () => {
    expect(byPath('/online/cgformList/:code')?.component).toBe('modules/online/cgform/auto/OnlCgformAutoList');
    expect(byPath('/isystem/user')?.meta.keepAlive).toBe(true);
  });

  it('opens route-0 online entries through their hidden pattern route, as the JeecgBoot family does', () => {
    const family: MenuNode[] = [
      node('/erp', 'layouts/RouteView', 'ERP', {
        children: [
          node('/online/cgformList/erp_customer', 'modules/online/cgform/auto/OnlCgformAutoList', '客户', { route: '0' }),
          node('/online/cgreport/rpt_user', 'modules/online/cgreport/auto/OnlCgreportAutoList', '用户报表', { route: '0' }),
        ],
      }),
      node('/online/cgformList/:code', 'modules/online/cgform/auto/OnlCgformAutoList', 'AUTO在线表单', { hidden: true }),
    ];
    const own = flattenRoutes(menuToRoutes(family, values));
    expect(own.find((r) => r.path === '/online/cgformList/erp_customer')).toMatchObject({
      component: 'modules/online/cgform/auto/OnlCgformAutoList',
      trail: ['ERP', '客户'],
    });
    // The pattern serves its entries only: an address the menu does not grant is not opened by it.
    expect(own.find((r) => r.path === '/online/cgformList/:code')).toBeUndefined();
    // Without a pattern route a route-0 entry stays unregistered.
    expect(own.find((r) => r.path === '/online/cgreport/rpt_user')).toBeUndefined();
  });

  it('turns layout containers into redirects to their first page; alwaysShow redirects to itself', () => {
    expect(byPath('/isystem')?.redirect).toBe('/isystem/user');
    expect(routes.find((r) => r.path === '/always')?.redirect).toBe('/always');
  });

  it('expands {{ }} placeholders from a fixed table and never evaluates server text', () => {
    const doc = byPath('/a1b2c3');
    expect(doc?.component).toBe('layouts/IframePageView');
    expect(doc?.meta.url).toMatch(/\/jeecg-boot\/doc\.html\?token=\$\{token\}$/);
    expect(expandPlaceholders('{{ alert(1) }}x', values)).toBe('x');
    expect(expandPlaceholders("{{ window._CONFIG['staticDomainURL'] }}/a.png", values)).toMatch(/\/jeecg-boot\/sys\/common\/static\/a\.png$/);
  });
});

describe('menu entries', () => {
  const entries = visibleMenu(menu);
  const keys = (list = entries) => list.map((e) => e.key);

  it('drops hidden entries and containers whose children are all hidden (unless alwaysShow)', () => {
    expect(keys()).toEqual(['/dashboard/analysis', '/isystem', '/always', '/followManage/projectWarning']);
    const system = entries.find((e) => e.key === '/isystem');
    expect(keys(system?.children)).toEqual(['/isystem/user', '/isystem/draft', '/a1b2c3']);
  });

  it('marks the project-warning entry with the money highlight', () => {
    expect(entries.find((e) => e.money)?.key).toBe('/followManage/projectWarning');
  });

  it('renames 首页 for DF-D-WEB', () => {
    expect(visibleMenu(menu, '统计分析')[0].title).toBe('统计分析');
  });

  it('search skips layout-only entries', () => {
    const found = searchableEntries(entries).map((e) => e.key);
    expect(found).toContain('/isystem/user');
    expect(found).not.toContain('/isystem');
    expect(found).not.toContain('/always');
  });

  it('parent badges are the sum of their children', () => {
    const sums = sumBadges(entries, { '/isystem/user': 3, '/a1b2c3': 2, '/dashboard/analysis': 1 });
    expect(sums['/isystem']).toBe(5);
    expect(sums['/dashboard/analysis']).toBe(1);
    expect(sums['/always']).toBe(0);
  });

  it('finds the branch to open for a page', () => {
    expect(ancestorKeys(entries, '/isystem/user')).toEqual(['/isystem', '/isystem/user']);
    expect(ancestorKeys(entries, '/nowhere')).toEqual([]);
  });
});
