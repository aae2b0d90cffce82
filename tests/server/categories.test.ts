import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const cat = (code: string) => stableId('category', code);

interface TreeNode {
  key: string;
  title: string;
  leaf: boolean;
  code: string;
  value: string;
  parentId: string;
  children: TreeNode[] | null;
}

describe.each(DIALECTS)('category dictionaries on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;
  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    lina = await t.login('lina');
  });
  afterAll(async () => t?.close());

  const get = (u: string, token = lina) => t.call({ method: 'GET', url: u, token });
  const row = (code: string) => t.ctx.db.kysely.selectFrom('sysCategory').selectAll().where('code', '=', code).executeTakeFirst();

  it('pages the roots and lists children', async () => {
    const roots = (await get('/sys/category/rootList?pageNo=1&pageSize=10&column=code&order=asc')).json();
    expect(roots.result).toMatchObject({ total: 2, current: 1 });
    expect(roots.result.records.map((r: { code: string }) => r.code)).toEqual(['B01', 'B02']);
    expect(roots.result.records[0]).toMatchObject({ name: '疾病分类', pid: '0', hasChild: '1' });
    const named = (await get(`/sys/category/rootList?name=${encodeURIComponent('*商品*')}`)).json();
    expect(named.result.records.map((r: { code: string }) => r.code)).toEqual(['B02']);
    const kids = (await get(`/sys/category/childList?pid=${cat('B01')}`)).json();
    expect(kids.result.map((r: { name: string }) => r.name)).toEqual(['慢性病', '传染病']);
  });

  it('loads tree roots by parent code, lazily or whole, and children by id', async () => {
    const top: TreeNode[] = (await get('/sys/category/loadTreeRoot?async=true&pcode=')).json().result;
    expect(top.map((n) => n.code)).toEqual(['B01', 'B02']);
    expect(top[0]).toMatchObject({ key: cat('B01'), value: cat('B01'), title: '疾病分类', leaf: false, parentId: '0', children: null });
    const under: TreeNode[] = (await get('/sys/category/loadTreeRoot?async=true&pcode=B01A01')).json().result;
    expect(under.map((n) => n.title)).toEqual(['高血压', '糖尿病', '慢性阻塞性肺疾病']);
    expect(under.every((n) => n.leaf)).toBe(true);
    const whole: TreeNode[] = (await get('/sys/category/loadTreeRoot?async=false&pcode=B01')).json().result;
    expect(whole.map((n) => n.code)).toEqual(['B01A01', 'B01A02']);
    expect(whole[0].children?.map((n) => n.code)).toEqual(['B01A01A01', 'B01A01A02', 'B01A01A03']);
    const missing = (await get('/sys/category/loadTreeRoot?async=true&pcode=ZZZ')).json();
    expect(missing).toMatchObject({ success: false, message: '该编码【ZZZ】不存在，请核实!' });
    const kids: TreeNode[] = (await get(`/sys/category/loadTreeChildren?pid=${cat('B02')}`)).json().result;
    expect(kids.map((n) => n.title)).toEqual(['医疗器械', '药品', '耗材']);
  });

  it('loads one category by code or id only', async () => {
    expect((await get('/sys/category/loadOne?field=code&val=B01A01')).json().result).toMatchObject({ id: cat('B01A01'), name: '慢性病' });
    expect((await get(`/sys/category/loadOne?field=id&val=${cat('B02A02')}`)).json().result).toMatchObject({ code: 'B02A02', name: '药品' });
    expect((await get('/sys/category/loadOne?field=code&val=NOPE')).json()).toMatchObject({ success: false, message: '查询无果' });
    for (const field of ['name', 'pid', 'code or 1=1', 'password_hash']) {
      const res = await get(`/sys/category/loadOne?field=${encodeURIComponent(field)}&val=1`);
      expect(res.statusCode, field).toBe(400);
    }
  });

  it('loads tree data by pid or parent code with an allow-listed condition', async () => {
    const byCode: TreeNode[] = (await get('/sys/category/loadTreeData?pcode=B01')).json().result;
    expect(byCode.map((n) => n.code)).toEqual(['B01A01', 'B01A02']);
    const roots: TreeNode[] = (await get('/sys/category/loadTreeData?pcode=0')).json().result;
    expect(roots.map((n) => n.code)).toEqual(['B01', 'B02']);
    // pid wins over pcode.
    const byPid: TreeNode[] = (await get(`/sys/category/loadTreeData?pid=${cat('B02')}&pcode=B01`)).json().result;
    expect(byPid.map((n) => n.code)).toEqual(['B02A01', 'B02A02', 'B02A03']);
    const cond = encodeURIComponent(JSON.stringify({ name: '%病' }));
    const like: TreeNode[] = (await get(`/sys/category/loadTreeData?pcode=B01&condition=${cond}`)).json().result;
    expect(like.map((n) => n.title)).toEqual(['慢性病', '传染病']);
    expect((await get('/sys/category/loadTreeData')).json()).toMatchObject({ success: false, message: '加载分类字典树参数有误.[null]!' });
    expect((await get('/sys/category/loadTreeData?pcode=NOPE')).json()).toMatchObject({ success: false, message: '加载分类字典树参数有误.[code]!' });
    for (const condition of [
      { _tableFilterSql: '1=2 union select password_hash,id,id,id,id from sys_user' },
      { "name' or 1=1 -- ": '1' },
      { pid: '0' },
      { password_hash: '%' },
    ]) {
      const res = await get(`/sys/category/loadTreeData?pcode=B01&condition=${encodeURIComponent(JSON.stringify(condition))}`);
      expect(res.statusCode, JSON.stringify(condition)).toBe(400);
      expect(res.body).not.toMatch(/\$argon2/);
    }
    const notJson = await get(`/sys/category/loadTreeData?pcode=B01&condition=${encodeURIComponent("name='x'")}`);
    expect(notJson.statusCode).toBe(400);
  });

  it('translates ids to names with loadDictItem, with or without the trailing slash', async () => {
    for (const path of ['/sys/category/loadDictItem/', '/sys/category/loadDictItem']) {
      const res = (await get(`${path}?ids=${cat('B01A01A01')},unknown,${cat('B02')}`)).json();
      expect(res.result).toEqual(['高血压', '', '商品分类']);
    }
    const injected = (await get(`/sys/category/loadDictItem/?ids=${encodeURIComponent("1') or ('1'='1")}`)).json();
    expect(injected.result).toEqual(['']);
  });

  it('adds categories with server-made codes under their parent, or keeps a given unique code', async () => {
    const add = (payload: Record<string, unknown>) => t.call({ method: 'POST', url: '/sys/category/add', token: admin, payload });
    const sibling = (await add({ pid: cat('B01A01'), name: '冠心病' })).json();
    expect(sibling).toMatchObject({ success: true, message: '添加成功！' });
    expect(sibling.result.code).toBe('B01A01A04');
    const leafParent = (await add({ pid: cat('B01A01A01'), name: '原发性高血压' })).json();
    expect(leafParent.result.code).toBe('B01A01A01A01');
    expect((await row('B01A01A01'))?.hasChild).toBe('1');
    const root = (await add({ name: '检查项目' })).json();
    expect(root.result.code).toBe('B03');
    expect((await row('B03'))?.pid).toBe('0');
    const custom = (await add({ pid: cat('B02'), name: '自定义', code: 'CUSTOM_01' })).json();
    expect(custom.result.code).toBe('CUSTOM_01');
    // The custom sibling code does not disturb the generated sequence.
    expect((await add({ pid: cat('B02'), name: '防护用品' })).json().result.code).toBe('B02A04');
    expect((await add({ pid: cat('B02'), name: '重复', code: 'B01' })).json()).toMatchObject({ success: false, code: 500 });
    expect((await add({ pid: cat('B02'), name: '坏编码', code: "x' or '1'='1" })).statusCode).toBe(400);
    expect((await add({ pid: 'no-such-parent', name: '无上级' })).json()).toMatchObject({ success: false, message: '上级分类不存在' });
    const children: TreeNode[] = (await get(`/sys/category/loadTreeChildren?pid=${cat('B01A01A01')}`)).json().result;
    expect(children.map((n) => n.title)).toEqual(['原发性高血压']);
  });

  it('edits names, codes and parents, keeping has-child flags true and refusing cycles', async () => {
    const edit = (payload: Record<string, unknown>) => t.call({ method: 'PUT', url: '/sys/category/edit', token: admin, payload });
    expect((await edit({ id: cat('B02A03'), name: '医用耗材' })).json()).toMatchObject({ success: true, message: '编辑成功!' });
    expect(await row('B02A03')).toMatchObject({ name: '医用耗材', pid: cat('B02') });
    expect((await edit({ id: cat('B02A03'), name: '医用耗材', code: 'B02A01' })).json().success).toBe(false);
    // Move 乙型肝炎 under 慢性病: 传染病 becomes a leaf.
    const moved = (await t.call({ method: 'POST', url: '/sys/category/edit', token: admin, payload: { id: cat('B01A02A01'), name: '乙型肝炎', pid: cat('B01A01') } })).json();
    expect(moved.success).toBe(true);
    expect((await row('B01A02'))?.hasChild).toBe('0');
    expect((await row('B01A01'))?.hasChild).toBe('1');
    const cycle = (await edit({ id: cat('B01'), name: '疾病分类', pid: cat('B01A01') })).json();
    expect(cycle).toMatchObject({ success: false, message: '上级分类不能是自己或自己的下级' });
    expect((await edit({ id: 'missing', name: 'x' })).statusCode).toBe(404);
  });

  it('deletes a category with its subtree and updates the parent', async () => {
    const db = t.ctx.db.kysely;
    const del = (await t.call({ method: 'DELETE', url: `/sys/category/delete?id=${cat('B01A01A01')}`, token: admin })).json();
    expect(del).toMatchObject({ success: true, message: '删除成功!' });
    expect(await row('B01A01A01')).toBeUndefined();
    expect(await row('B01A01A01A01')).toBeUndefined();
    expect((await row('B01A01'))?.hasChild).toBe('1');
    const b02Kids = await db.selectFrom('sysCategory').select('id').where('pid', '=', cat('B02')).execute();
    const batch = (await t.call({ method: 'DELETE', url: `/sys/category/deleteBatch?ids=${b02Kids.map((k) => k.id).join(',')},`, token: admin })).json();
    expect(batch).toMatchObject({ success: true, message: '批量删除成功!' });
    expect((await row('B02'))?.hasChild).toBe('0');
    expect((await get(`/sys/category/loadTreeChildren?pid=${cat('B02')}`)).json().result).toEqual([]);
    expect((await t.call({ method: 'DELETE', url: `/sys/category/delete?id=${cat('B01A01A01')}`, token: admin })).statusCode).toBe(404);
  });

  it('refuses writes to a nurse (510) and SQL-05/06 list tricks (400)', async () => {
    const before = await t.ctx.db.kysely.selectFrom('sysCategory').select(['id', 'name', 'code']).orderBy('id').execute();
    for (const a of [
      { method: 'POST' as const, url: '/sys/category/add', payload: { name: '护士分类' } },
      { method: 'PUT' as const, url: '/sys/category/edit', payload: { id: cat('B01'), name: '改' } },
      { method: 'POST' as const, url: '/sys/category/edit', payload: { id: cat('B01'), name: '改' } },
      { method: 'DELETE' as const, url: `/sys/category/delete?id=${cat('B01')}` },
      { method: 'DELETE' as const, url: `/sys/category/deleteBatch?ids=${cat('B01')}` },
    ]) {
      expect((await t.call({ ...a, token: lina })).json(), a.url).toMatchObject({ success: false, code: 510 });
    }
    expect(await t.ctx.db.kysely.selectFrom('sysCategory').select(['id', 'name', 'code']).orderBy('id').execute()).toEqual(before);
    for (const u of [
      '/sys/category/rootList?column=extractvalue(1,concat(0x7e,user()))',
      `/sys/category/rootList?superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'id) or (1=1', rule: 'eq', val: '1' }]))}`,
      '/sys/category/rootList?superQueryParams=%5B%5D&superQueryMatchType=or%201%3D1',
    ]) {
      const res = await get(u);
      expect(res.statusCode, u).toBe(400);
    }
    const sq = encodeURIComponent(JSON.stringify([{ field: 'name', rule: 'eq', val: "' or 1=1 or name<>'" }]));
    expect((await get(`/sys/category/rootList?superQueryParams=${sq}&superQueryMatchType=or`)).json().result.total).toBe(0);
  });
});
