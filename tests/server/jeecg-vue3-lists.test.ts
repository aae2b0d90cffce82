import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { newId } from '../../src/shared/ids.js';
import { VUE3_LAYOUT, VUE3_NOT_FOUND, VUE3_PAGES, vue3Icon } from '../../src/server/modules/menu/vue3-profile.js';
import { createTestApp, DEMO_PASSWORD, DIALECTS, type TestApp } from './harness.js';

/**
 * The JeecgBoot Vue 3 client (jeecgboot-vue3 v3.9.3) under CLIENT_PROFILE=jeecg-vue3: the menu it builds
 * its router from, and what its user, role, department, dictionary and menu pages (and their forms)
 * load. The key and IV are the ones the client publishes (src/utils/cipher.ts).
 */
const AES_KEY = '1234567890adbcde';
const AES_IV = '1234567890hjlkew';
const VUE3_ENV = { CLIENT_PROFILE: 'jeecg-vue3', LOGIN_AES_KEY: AES_KEY, LOGIN_AES_IV: AES_IV };

/** What the client's encryptAESCBC sends: AES-128-CBC, PKCS#7, UTF-8 key and IV, base64. */
const encrypt = (text: string) => {
  const cipher = crypto.createCipheriv('aes-128-cbc', Buffer.from(AES_KEY), Buffer.from(AES_IV));
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
};

const departId = (code: string) => stableId('depart', code);
const userId = (name: string) => stableId('user', name);
const roleId = (code: string) => stableId('role', code);
/** Every seeded user of tenant 1. */
const SEEDED = 56;

interface MenuNode {
  path: string;
  route: string;
  component: string;
  hidden?: boolean;
  meta: { title: string; icon?: string; hideMenu?: boolean; componentName: string };
  children?: MenuNode[];
}
interface UserRecord {
  id: string;
  username: string;
  phone: string | null;
  orgCodeTxt: string;
  belongDepIds: string | null;
  mainDepPostId: string | null;
  otherDepPostId: string | null;
  status_dictText: string;
}
interface DepartNode {
  id: string;
  key: string;
  title: string;
  orgCode: string;
  orgCategory: string;
  isLeaf: boolean;
}
interface Page<T> {
  records: T[];
  total: number;
}

const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
const names = (records: Array<{ username: string }>) => records.map((r) => r.username).sort();

describe.each(DIALECTS)('the JeecgBoot Vue 3 client: menu and system lists on $name', ({ url }) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};

  const login = async (username: string) => {
    const body = (await t.call({ method: 'POST', url: '/sys/login', payload: { username, password: encrypt(DEMO_PASSWORD) } })).json();
    expect(body.success, body.message).toBe(true);
    return body.result.token as string;
  };
  const get = (path: string, as: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: path, query: { _t: '1767600000', ...query }, token: tokens[as] });
  /** The answer's `result` after checking it is a success the client's transform accepts. */
  const result = async <T>(path: string, as: string, query: Record<string, string> = {}): Promise<T> => {
    const res = await get(path, as, query);
    const body = res.json();
    expect(res.statusCode, body.message).toBe(200);
    expect(body, `${path} ${body.message}`).toMatchObject({ success: true, code: 200 });
    return body.result as T;
  };
  const menuOf = async (as: string) => flat((await result<{ menu: MenuNode[] }>('/sys/permission/getUserPermissionByToken', as)).menu);

  beforeAll(async () => {
    t = await createTestApp(url, VUE3_ENV);
    for (const u of ['admin', 'wangfang', 'lina']) tokens[u] = await login(u);
  });
  afterAll(async () => t?.close());

  describe('the menu', () => {
    it('names the Vue 3 views of the system pages, containers and the home page', async () => {
      const menu = await menuOf('admin');
      const at = (path: string) => menu.find((n) => n.path === path);
      expect(at('/isystem/user')?.component).toBe('system/user/index');
      expect(at('/isystem/roleUserList')?.component).toBe('system/role/index');
      expect(at('/isystem/depart')?.component).toBe('system/depart/index');
      expect(at('/isystem/dict')?.component).toBe('system/dict/index');
      expect(at('/isystem/permission')?.component).toBe('system/menu/index');
      expect(at('/isystem/position')?.component).toBe('system/position/index');
      expect(at('/isys/category')?.component).toBe('system/category/index');
      expect(at('/isystem/log')?.component).toBe('monitor/log/index');
      expect(at('/isystem/annountCement')?.component).toBe('system/notice/index');
      expect(at('/isystem')).toMatchObject({ component: VUE3_LAYOUT, meta: { title: '系统管理', icon: 'ant-design:setting-outlined' } });
      expect(at('/isystem')?.hidden).toBeUndefined();
      expect(at('/dashboard/analysis')).toMatchObject({ component: 'dashboard/Analysis', meta: { icon: 'ant-design:home-outlined' } });
    });

    it('gives the client only components it can import and Iconify icons', async () => {
      const views = new Set([VUE3_LAYOUT, VUE3_NOT_FOUND, ...Object.values(VUE3_PAGES)]);
      const menu = await menuOf('admin');
      expect(menu.filter((n) => !views.has(n.component)).map((n) => `${n.path} ${n.component}`)).toEqual([]);
      expect(menu.filter((n) => n.meta.icon && !n.meta.icon.startsWith('ant-design:')).map((n) => n.meta.icon)).toEqual([]);
      expect(menu.some((n) => /RouteView|UserList|OnlCgformAutoList/.test(n.component))).toBe(false);
    });

    it('hides the pages the client does not have, on its 404 page, and a container left empty', async () => {
      const menu = await menuOf('admin');
      const at = (path: string) => menu.find((n) => n.path === path);
      for (const path of ['/isystem/apiKey', '/isystem/label', '/system/feedback/List', '/dynamicForm/dataApply', '/dashboard/erp'])
        expect(at(path), path).toMatchObject({ route: '1', component: VUE3_NOT_FOUND, hidden: true, meta: { hideMenu: true } });
      // 数据申请: every entry is one of ours, so the client shows no empty group.
      expect(at('/dynamicForm')).toMatchObject({ component: VUE3_LAYOUT, hidden: true, meta: { hideMenu: true } });
    });

    it('keeps online entries menu-only for the client\'s own /online routes, without our pattern routes', async () => {
      const menu = await menuOf('admin');
      expect(menu.find((n) => n.path === '/online/cgformList/erp_customer')).toMatchObject({
        route: '0',
        component: 'super/online/cgform/auto/default/OnlineAutoList',
        meta: { icon: 'ant-design:contacts-outlined' },
      });
      expect(menu.find((n) => n.path === '/online/cgreport/rpt_user')).toMatchObject({
        route: '0',
        component: 'super/online/cgreport/auto/OnlCgReportList',
      });
      expect(menu.filter((n) => n.path.includes(':'))).toEqual([]);
    });

    it('maps antd v1 icon names to the Ant Design Iconify set', () => {
      expect(vue3Icon('user')).toBe('ant-design:user-outlined');
      expect(vue3Icon('smile-o')).toBe('ant-design:smile-outlined');
      expect(vue3Icon('interation')).toBe('ant-design:interaction-outlined');
      expect(vue3Icon('home-filled')).toBe('ant-design:home-filled');
      expect(vue3Icon('ant-design:user-outlined')).toBe('ant-design:user-outlined');
      expect(vue3Icon('mdi:home')).toBe('mdi:home');
      expect(vue3Icon('logo|svg')).toBe('logo|svg');
    });

    it('answers the default home page the menu page marks', async () => {
      expect(await result('/sys/sysRoleIndex/queryDefIndex', 'lina')).toMatchObject({ url: '/dashboard/analysis', component: 'dashboard/Analysis', route: true });
    });
  });

  describe('the user page', () => {
    it('lists the users with their departments as the Vue 3 list reads them', async () => {
      const page = await result<Page<UserRecord>>('/sys/user/listAll', 'admin', { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '100' });
      expect(page.total).toBe(SEEDED);
      const chenjing = page.records.find((r) => r.username === 'chenjing') as UserRecord;
      expect(chenjing).toMatchObject({ orgCodeTxt: '内分泌科,慢病管理中心', mainDepPostId: null, otherDepPostId: null, status_dictText: '正常' });
      expect(chenjing.belongDepIds?.split(',').sort()).toEqual([departId('A01A01A02'), departId('A01A01A05')].sort());
      // The same list as /sys/user/list, which the Vue 2 family reads.
      const vue2 = await result<Page<UserRecord>>('/sys/user/list', 'admin', { pageSize: '100' });
      expect(names(vue2.records)).toEqual(names(page.records));
      const two = await result<Page<UserRecord>>('/sys/user/listAll', 'admin', {
        pageSize: '100',
        departId: `${departId('A01A01A02')},${departId('A01A01A04')}`,
      });
      expect(two.records.every((r) => /内分泌科|护理部/.test(r.orgCodeTxt))).toBe(true);
      expect(names(two.records)).toContain('lina');
      expect(names(two.records)).toContain('chenjing');
    });

    it('shows an organisation manager only the users of his departments, phones masked', async () => {
      const page = await result<Page<UserRecord>>('/sys/user/listAll', 'wangfang', { pageSize: '100' });
      expect(page.total).toBeGreaterThan(1);
      expect(page.total).toBeLessThan(SEEDED);
      expect(names(page.records)).toContain('lina');
      expect(names(page.records)).not.toContain('admin');
      expect(names(page.records)).not.toContain('liuyang');
      const hospital = new Set(
        (await result<DepartNode[]>('/sys/sysDepart/queryTreeList', 'admin'))
          .flatMap(function all(n: DepartNode & { children?: DepartNode[] | null }): DepartNode[] {
            return [n, ...(n.children ?? []).flatMap(all)];
          })
          .filter((d) => d.orgCode.startsWith('A01A01'))
          .map((d) => d.id),
      );
      for (const r of page.records) expect((r.belongDepIds ?? '').split(',').some((id) => hospital.has(id)), r.username).toBe(true);
      const zhangwei = page.records.find((r) => r.username === 'zhangwei') as UserRecord;
      expect(zhangwei.phone).toBe('138****0001');
    });

    it('names a department by its path, from the top of the caller\'s scope', async () => {
      const path = (as: string, query: Record<string, string>) => result<string>('/sys/sysDepart/getDepartPathNameByOrgCode', as, query);
      expect(await path('admin', { orgCode: '', depId: departId('A01A01A04') })).toBe('华康医疗集团/华康第一人民医院/护理部');
      expect(await path('admin', { orgCode: 'A01A02A01' })).toBe('华康医疗集团/华康中心医院/神经内科');
      expect(await path('wangfang', { orgCode: '', depId: departId('A01A01A04') })).toBe('华康第一人民医院/护理部');
      // Outside his scope, unknown or not asked: nothing to name.
      expect(await path('wangfang', { orgCode: '', depId: departId('A01A02A01') })).toBe('');
      expect(await path('admin', { orgCode: '', depId: '' })).toBe('');
      expect(await path('admin', { orgCode: 'Z99' })).toBe('');
      const injected = await get('/sys/sysDepart/getDepartPathNameByOrgCode', 'admin', { depId: "' or '1'='1" });
      expect(injected.statusCode).toBe(400);
    });

    it('offers the roles for the user form', async () => {
      const roles = await result<Array<{ id: string; roleName: string }>>('/sys/role/queryallNoByTenant', 'wangfang');
      expect(roles.map((r) => r.id)).toEqual((await result<Array<{ id: string }>>('/sys/role/queryall', 'wangfang')).map((r) => r.id));
      expect(roles.map((r) => r.roleName)).toContain('医生');
    });

    it('loads an edited user\'s roles and departments and shows the chosen departments', async () => {
      expect(await result('/sys/user/queryUserRole', 'admin', { userid: userId('chenjing') })).toEqual([roleId('doctor')]);
      const departs = await result<Array<{ key: string; title: string }>>('/sys/user/userDepartList', 'admin', { userId: userId('chenjing') });
      expect(departs.map((d) => d.title)).toEqual(['内分泌科', '慢病管理中心']);
      const ids = departs.map((d) => d.key).join(',');
      const chosen = await result<DepartNode[]>('/sys/sysDepart/queryTreeList', 'admin', { ids, primaryKey: 'key' });
      expect(chosen.map((d) => d.title)).toEqual(['内分泌科', '慢病管理中心']);
      const sync = await result<DepartNode[]>('/sys/sysDepart/queryDepartTreeSync', 'admin', { ids, primaryKey: 'key' });
      expect(sync.map((d) => d.title).sort()).toEqual(['内分泌科', '慢病管理中心'].sort());
      const byCode = await result<DepartNode[]>('/sys/sysDepart/queryDepartTreeSync', 'admin', { ids: 'A01A01A04', primaryKey: 'orgCode' });
      expect(byCode.map((d) => d.title)).toEqual(['护理部']);
    });

    it('saves the user form as UserDrawer sends it: multi-selects as arrays, then edits it the same way', async () => {
      // validate() of the client's BasicForm: ApiSelect/Select in multiple mode give arrays, JSelectDept a list text.
      const form = {
        username: 'vue3form',
        password: 'Vue3Form@2026',
        confirmPassword: 'Vue3Form@2026',
        realname: '表单用户',
        workNo: 'V3F001',
        selectedroles: [roleId('doctor'), roleId('nurse')],
        selecteddeparts: departId('A01A01A02'),
        relTenantIds: ['1'],
        userIdentity: 2,
        departIds: [departId('A01A01A02')],
        phone: '13912345678',
      };
      const post = (path: string, payload: Record<string, unknown>, method: 'POST' | 'PUT' = 'POST') =>
        t.call({ method, url: path, payload, token: tokens.admin }).then((r) => r.json());
      const { confirmPassword: _, ...body } = form;
      const added = await post('/sys/user/add', { ...body, confirmpassword: form.confirmPassword });
      expect(added, added.message).toMatchObject({ success: true });
      const created = (await result<Page<UserRecord>>('/sys/user/list', 'admin', { username: 'vue3form' })).records[0];
      expect((await result<string[]>('/sys/user/queryUserRole', 'admin', { userid: created.id })).sort()).toEqual(
        [roleId('doctor'), roleId('nurse')].sort(),
      );
      expect(created.belongDepIds).toBe(departId('A01A01A02'));
      const edited = await post('/sys/user/edit', { ...body, id: created.id, password: undefined, selectedroles: [roleId('nurse')], relTenantIds: [1] }, 'PUT');
      expect(edited, edited.message).toMatchObject({ success: true });
      expect(await result<string[]>('/sys/user/queryUserRole', 'admin', { userid: created.id })).toEqual([roleId('nurse')]);
      // Anything but a list of plain values is still refused, in Chinese.
      const bad = await t.call({ method: 'POST', url: '/sys/user/add', payload: { ...body, username: 'vue3bad', selectedroles: [{ id: 'x' }] }, token: tokens.admin });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/[\u4e00-\u9fa5]/);
    });

    it('carries posts (org category 3) as the main and other posts, and lists the posts of chosen departments', async () => {
      const add = await t.call({
        method: 'POST',
        url: '/sys/sysDepart/add',
        token: tokens.admin,
        payload: { departName: '护士长岗', parentId: departId('A01A01A04'), orgCategory: '3' },
      });
      expect(add.json().success, add.json().message).toBe(true);
      const posts = await result<DepartNode[]>('/sys/sysDepart/queryDepartAndPostTreeSync', 'admin', { pid: departId('A01A01A04') });
      const post = posts.find((d) => d.title === '护士长岗') as DepartNode;
      expect(post).toMatchObject({ orgCategory: '3', isLeaf: true });
      await t.ctx.db.kysely.insertInto('sysUserDepart').values({ id: newId(), userId: userId('lina'), depId: post.id }).execute();
      const [lina] = (await result<Page<UserRecord>>('/sys/user/listAll', 'admin', { username: 'lina' })).records;
      expect(lina).toMatchObject({ belongDepIds: departId('A01A01A04'), mainDepPostId: post.id, otherDepPostId: null });
      expect(await result('/sys/sysDepart/getDepPostIdByDepId', 'admin', { depIds: departId('A01A01') })).toBe(post.id);
      expect(await result('/sys/sysDepart/getDepPostIdByDepId', 'wangfang', { depIds: departId('A01A01A04') })).toBe(post.id);
      expect(await result('/sys/sysDepart/getDepPostIdByDepId', 'admin', { depIds: departId('A01A02') })).toBe('');
      expect(await result('/sys/sysDepart/getDepartPathNameByOrgCode', 'admin', { depId: post.id })).toBe('华康医疗集团/华康第一人民医院/护理部/护士长岗');
    });
  });

  describe('the role page', () => {
    it('lists a role\'s users within the caller\'s scope', async () => {
      const query = { roleId: roleId('doctor'), pageNo: '1', pageSize: '100' };
      const all = await result<Page<UserRecord>>('/sys/user/userRoleList', 'admin', query);
      expect(names(all.records)).toContain('zhangwei');
      expect(names(all.records)).toContain('chenjing');
      expect(all.records.every((r) => r.status_dictText === '正常')).toBe(true);
      const mine = await result<Page<UserRecord>>('/sys/user/userRoleList', 'wangfang', query);
      expect(mine.total).toBeGreaterThan(0);
      expect(mine.total).toBeLessThan(all.total);
      expect(mine.records.every((r) => (r.belongDepIds ?? '') !== '' && !r.orgCodeTxt.includes('神经内科'))).toBe(true);
      expect(mine.records.find((r) => r.username === 'zhangwei')?.phone).toBe('138****0001');
      const found = await result<Page<UserRecord>>('/sys/user/userRoleList', 'admin', { ...query, username: '*zhangw*' });
      expect(names(found.records)).toEqual(['zhangwei']);
      expect(await result('/sys/user/userRoleList', 'admin', { pageNo: '1', pageSize: '10' })).toMatchObject({ records: [], total: 0 });
      expect((await get('/sys/user/userRoleList', 'admin', { roleId: 'nosuchrole' })).json()).toMatchObject({ success: false, message: '未找到对应角色' });
      expect((await get('/sys/user/userRoleList', 'admin', { roleId: "x' or 1=1" })).statusCode).toBe(400);
    });
  });

  describe('the department page', () => {
    it('loads the tree level by level within the caller\'s scope', async () => {
      const roots = await result<DepartNode[]>('/sys/sysDepart/queryDepartAndPostTreeSync', 'admin');
      expect(roots.map((d) => d.orgCode)).toEqual(['A01']);
      expect(roots[0]).toMatchObject({ key: departId('A01'), title: '华康医疗集团', orgCategory: '1', isLeaf: false });
      const children = await result<DepartNode[]>('/sys/sysDepart/queryDepartAndPostTreeSync', 'admin', { pid: departId('A01') });
      expect(children.map((d) => d.orgCode)).toEqual(['A01A01', 'A01A02', 'A01A03']);
      const mine = await result<DepartNode[]>('/sys/sysDepart/queryDepartAndPostTreeSync', 'wangfang');
      expect(mine.map((d) => d.orgCode)).toEqual(['A01A01']);
      expect(await result('/sys/sysDepart/queryDepartAndPostTreeSync', 'wangfang', { pid: departId('A01A02') })).toEqual([]);
      const chosen = await result<DepartNode[]>('/sys/sysDepart/queryDepartAndPostTreeSync', 'admin', {
        departIds: `${departId('A01A01')},${departId('A01A01A01')}`,
      });
      expect(chosen.map((d) => d.orgCode)).toEqual(['A01A01']);
    });

    it('lists the users of a department and below it by org code', async () => {
      const nurses = await result<Page<UserRecord>>('/sys/user/queryDepartPostByOrgCode', 'wangfang', { orgCode: 'A01A01A04', pageNo: '1', pageSize: '100' });
      expect(nurses.total).toBeGreaterThan(0);
      expect(nurses.records.every((r) => r.orgCodeTxt.includes('护理部'))).toBe(true);
      expect(names(nurses.records)).toContain('lina');
      const foreign = (await get('/sys/user/queryDepartPostByOrgCode', 'wangfang', { orgCode: 'A01A02' })).json();
      expect(foreign).toMatchObject({ success: false, message: '未找到对应部门' });
      expect(await result('/sys/user/queryDepartPostByOrgCode', 'wangfang')).toMatchObject({ records: [], total: 0 });
    });
  });

  describe('the dictionary and menu pages', () => {
    it('lists dictionaries and their items, and the menu tree', async () => {
      const dicts = await result<Page<{ id: string; dictCode: string }>>('/sys/dict/list', 'admin', { column: 'createTime', order: 'desc', pageNo: '1', pageSize: '100' });
      const sex = dicts.records.find((d) => d.dictCode === 'sex') as { id: string };
      const items = await result<Page<{ itemText: string }>>('/sys/dictItem/list', 'admin', { dictId: sex.id, pageNo: '1', pageSize: '10' });
      expect(items.records.map((i) => i.itemText)).toEqual(['男', '女']);
      const tree = await result<Array<{ name: string; component: string; children: unknown[] | null }>>('/sys/permission/list', 'admin');
      // The menu page edits the stored rows: they keep their names.
      expect(tree.find((n) => n.name === '系统管理')).toMatchObject({ component: 'layouts/RouteView' });
    });
  });

  describe('the online pages', () => {
    it('describes the query form as OnlineQueryForm reads it: form widgets, ranges as group, no form-only settings', async () => {
      type Item = {
        title: string;
        view: string;
        mode: string;
        enum?: unknown[];
        defVal?: string;
        ui?: unknown;
        order: number;
      };
      const info = await result<{
        table: string;
        joinQuery: boolean;
        searchFieldList: string[];
        properties: Record<string, Item>;
      }>('/online/cgform/api/getQueryInfoVue3/erp_sales_order', 'admin');
      expect(info).toMatchObject({ table: 'erp_sales_order', joinQuery: false });
      expect(info.searchFieldList).toEqual(['orderNo', 'customerId', 'orderDate', 'status']);
      expect(Object.keys(info.properties).sort()).toEqual([...info.searchFieldList].sort());
      expect(info.properties.orderDate).toMatchObject({ title: '订单日期', view: 'date', mode: 'group' });
      expect(info.properties.customerId).toMatchObject({ view: 'list', mode: 'single' });
      expect(info.properties.customerId.enum?.length).toBeGreaterThan(0);
      // The status default ('1', 草稿) would filter the list on opening; the server-made number stays searchable.
      expect(info.properties.status).toMatchObject({ view: 'list', mode: 'single' });
      expect(info.properties.status.defVal).toBeUndefined();
      expect(info.properties.orderNo.ui).toBeUndefined();
      // Only to the entity's readers.
      expect((await get('/online/cgform/api/getQueryInfoVue3/erp_sales_order', 'lina')).json().code).toBe(
        510,
      );
    });

    it("configures the built-in buttons the list shows only once configured, the caller's still hidden", async () => {
      type Columns = {
        hideColumns: string[];
        cgButtonList: Array<{ buttonCode: string; buttonStyle: string; buttonStatus: string }>;
      };
      const cols = await result<Columns>('/online/cgform/api/getColumns/erp_equipment', 'admin');
      const byCode = new Map(cols.cgButtonList.map((b) => [b.buttonCode, b]));
      for (const code of [
        'add',
        'edit',
        'delete',
        'batch_delete',
        'import',
        'export',
        'detail',
        'query',
        'reset',
        'super_query',
        'form_confirm',
      ])
        expect(byCode.get(code), code).toMatchObject({ buttonStyle: 'built-in', buttonStatus: '1' });
      expect(byCode.get('bpm')?.buttonStatus).toBe('0');
      // A nurse may edit equipment but not add it: the Vue 3 code of the edit button follows the Vue 2 one.
      const nurse = await result<Columns>('/online/cgform/api/getColumns/erp_equipment', 'lina');
      expect(nurse.hideColumns).toContain('add');
      expect(nurse.hideColumns).not.toContain('edit');
      expect(nurse.hideColumns).not.toContain('update');
    });
  });

  it('refuses every new endpoint without a session', async () => {
    for (const path of [
      '/sys/user/listAll',
      '/sys/user/userRoleList',
      '/sys/user/queryDepartPostByOrgCode',
      '/sys/role/queryallNoByTenant',
      '/sys/sysDepart/getDepartPathNameByOrgCode',
      '/sys/sysDepart/queryDepartAndPostTreeSync',
      '/sys/sysDepart/getDepPostIdByDepId?depIds=x',
      '/sys/sysRoleIndex/queryDefIndex',
      '/online/cgform/api/getQueryInfoVue3/erp_sales_order',
    ]) {
      const res = await t.call({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(401);
    }
  });
});

describe.each(DIALECTS)('without the Vue 3 profile the menu is unchanged on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url);
  });
  afterAll(async () => t?.close());

  it('keeps the Vue 2 family\'s components, icons and online pattern routes', async () => {
    const token = await t.login('admin');
    const menu = flat((await t.call({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token })).json().result.menu as MenuNode[]);
    const at = (path: string) => menu.find((n) => n.path === path);
    expect(at('/isystem')).toMatchObject({ component: 'layouts/RouteView', meta: { icon: 'setting' } });
    expect(at('/isystem/user')?.component).toBe('system/UserList');
    expect(at('/isystem/apiKey')).toMatchObject({ component: 'system/ApiKeyList' });
    expect(at('/isystem/apiKey')?.hidden).toBeUndefined();
    expect(at('/online/cgformList/erp_customer')).toMatchObject({ route: '0', component: 'modules/online/cgform/auto/OnlCgformAutoList' });
    expect(at('/online/cgformList/:code')).toMatchObject({ hidden: true });
    expect(menu.some((n) => n.meta.icon?.includes(':'))).toBe(false);
    const home = (await t.call({ method: 'GET', url: '/sys/sysRoleIndex/queryDefIndex', token })).json().result;
    expect(home).toMatchObject({ url: '/dashboard/analysis', component: 'dashboard/Analysis' });
  });
});
