import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const API = '/online/cgreport/api';
const USER_REPORT_ID = stableId('report', 'rpt_user');

interface Page {
  total: number;
  records: Array<Record<string, unknown>>;
  current: number;
  size: number;
}

describe.each(DIALECTS)('popup reports on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;
  let zhangwei: string;
  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    lina = await t.login('lina');
    zhangwei = await t.login('zhangwei');
  });
  afterAll(async () => t?.close());

  const get = (path: string, token: string | undefined, query?: Record<string, string>) =>
    t.call({ method: 'GET', url: `${API}${path}`, token, query });
  const data = async (
    token: string,
    query: Record<string, string> = {},
    key = USER_REPORT_ID,
  ): Promise<Page> => {
    const res = await get(`/getData/${key}`, token, query);
    const body = res.json();
    expect(body, JSON.stringify(body)).toMatchObject({ success: true });
    return body.result as Page;
  };

  it('describes a report by code: id, name, visible columns and its plain dictionaries', async () => {
    const body = (await get('/getRpColumns/rpt_user', admin)).json();
    expect(body.success).toBe(true);
    const r = body.result;
    expect(r.cgRpConfigId).toBe(USER_REPORT_ID);
    expect(r.cgRpConfigName).toBe('人员选择');
    expect(r.cacheSeconds).toBe(30);
    const fields = r.columns.map((c: { dataIndex: string }) => c.dataIndex);
    expect(fields).toEqual([
      'username',
      'realname',
      'sex',
      'phone',
      'workNo',
      'post_dictText',
      'orgCode_dictText',
      'createTime',
    ]);
    expect(fields).not.toContain('id');
    expect(r.columns.find((c: { dataIndex: string }) => c.dataIndex === 'sex')).toMatchObject({
      title: '性别',
      customRender: 'sex',
      sorter: true,
    });
    expect(r.dictOptions.sex).toEqual([
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ]);
    // Table dictionaries are translated per page by getData, never listed whole: their columns read
    // the text beside the value, so a client rendering only through dictOptions (the Vue 2
    // JPopupOnlReport) shows names, not codes — and sorts by the value.
    const org = r.columns.find((c: { dataIndex: string }) => c.dataIndex === 'orgCode_dictText');
    expect(org).toMatchObject({ title: '所属部门', sorter: true });
    expect(org.customRender).toBeUndefined();
    expect(r.dictOptions.orgCode).toBeUndefined();
    const page = await data(admin, { username: 'admin', column: 'orgCode_dictText', order: 'asc' });
    expect(page.records[0]).toMatchObject({ username: 'admin', orgCode: 'A01', orgCode_dictText: '华康医疗集团' });
    const byOrg = await data(admin, { column: 'orgCode_dictText', order: 'desc', pageSize: '50' });
    const codes = byOrg.records.map((row) => String(row.orgCode ?? ''));
    expect(codes).toEqual([...codes].sort().reverse());
  });

  it('gives the query items: single or group, hidden flag, dictionary', async () => {
    const items = (await get(`/getQueryInfo/${USER_REPORT_ID}`, admin)).json().result;
    expect(items).toEqual([
      expect.objectContaining({
        field: 'username',
        label: '账号',
        view: 'text',
        mode: 'single',
        hidden: '0',
      }),
      expect.objectContaining({ field: 'realname', mode: 'single' }),
      expect.objectContaining({ field: 'sex', view: 'list', dictCode: 'sex', config: '0' }),
      expect.objectContaining({ field: 'phone', hidden: '1' }),
      expect.objectContaining({ field: 'createTime', view: 'date', mode: 'group', hidden: '1' }),
    ]);
  });

  it('pages data 10 at a time by default, sorted by the default sort, with table dictionary text', async () => {
    const page = await data(admin);
    expect(page.size).toBe(10);
    expect(page.current).toBe(1);
    expect(page.records).toHaveLength(10);
    expect(page.total).toBeGreaterThan(10);
    const names = page.records.map((r) => String(r.username));
    expect(names).toEqual([...names].sort());
    const adminRow = (await data(admin, { username: 'admin' })).records.find((r) => r.username === 'admin');
    expect(adminRow).toMatchObject({ realname: '管理员', orgCode: 'A01', orgCode_dictText: '华康医疗集团' });
    expect(Object.keys(adminRow ?? {})).not.toContain('passwordHash');
    const second = await data(admin, { pageNo: '2', pageSize: '20' });
    expect(second.records.length).toBeGreaterThan(0);
    expect(second.records.map((r) => r.username)).not.toContain(names[0]);
  });

  it('filters by query items: text contains, dictionary value, date range', async () => {
    const wei = await data(admin, { realname: '伟' });
    expect(wei.total).toBeGreaterThan(0);
    for (const r of wei.records) expect(String(r.realname)).toContain('伟');
    const women = await data(admin, { sex: '2', pageSize: '100' });
    expect(women.records.every((r) => Number(r.sex) === 2)).toBe(true);
    const none = await data(admin, { createTime_begin: '2000-01-01', createTime_end: '2000-12-31' });
    expect(none.total).toBe(0);
    const all = await data(admin, { createTime_begin: '2000-01-01', createTime_end: '2999-12-31' });
    expect(all.total).toBe((await data(admin)).total);
  });

  it('applies named parameters sent as self_<name>, bound as values', async () => {
    const sub = await data(admin, { self_orgCode: 'A01A01A01', pageSize: '100' });
    expect(sub.total).toBeGreaterThan(0);
    for (const r of sub.records) expect(String(r.orgCode).startsWith('A01A01A01')).toBe(true);
    const injected = await data(admin, { self_orgCode: "A01' or '1'='1" });
    expect(injected.total).toBe(0);
    expect(injected.records).toEqual([]);
  });

  it('sorts only by declared columns, asc or desc (SQL-07)', async () => {
    const desc = await data(admin, { column: 'realname', order: 'desc', pageSize: '30' });
    const names = desc.records.map((r) => String(r.realname));
    expect(names.length).toBe(30);
    const attacks: Array<[Record<string, string>, string]> = [
      [{ column: 'password', order: 'asc' }, '请注意，将要排序的列字段不存在：password'],
      [{ column: 'passwordHash' }, '请注意，将要排序的列字段不存在：passwordHash'],
      [{ column: 'extractvalue(1,concat(char(126),user()))' }, '请注意，将要排序的列字段不存在'],
      [{ column: 'id' }, '请注意，将要排序的列字段不存在：id'],
      [
        {
          column: 'realname',
          order:
            "desc, (case when (select substr(password_hash,1,1) from sys_user limit 1)='a' then 1 else 2 end)",
        },
        '参数 order 只能是 asc 或 desc',
      ],
    ];
    for (const [query, message] of attacks) {
      const res = await get(`/getData/${USER_REPORT_ID}`, admin, query);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, code: 400 });
      expect(body.message).toContain(message);
      expect(JSON.stringify(body)).not.toMatch(/argon2|\$argon/);
    }
  });

  it('refuses unknown report parameters and values of the wrong type', async () => {
    const unknown = await get(`/getData/${USER_REPORT_ID}`, admin, { self_passwordHash: 'x' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('报表参数不存在：passwordHash');
    const badNumber = await get(`/getData/${USER_REPORT_ID}`, admin, { sex: '1 or 1=1' });
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().message).toBe('参数 sex 必须是数字');
    const badDate = await get(`/getData/${USER_REPORT_ID}`, admin, {
      createTime_begin: "2020-01-01' or '1'='1",
    });
    expect(badDate.statusCode).toBe(400);
    const tooBig = await get(`/getData/${USER_REPORT_ID}`, admin, { pageSize: '5000' });
    expect(tooBig.statusCode).toBe(400);
    // Parameters that are neither query items nor self_ parameters do not reach SQL.
    const ignored = await data(admin, { "username' or 1=1 --": 'x' });
    expect(ignored.total).toBe((await data(admin)).total);
  });

  it('keeps the caller inside their data scope and tenant', async () => {
    const own = await data(lina, { pageSize: '100' });
    expect(own.total).toBeGreaterThan(0);
    for (const r of own.records) expect(String(r.orgCode).startsWith('A01A01A04')).toBe(true);
    expect(own.records.map((r) => r.username)).not.toContain('admin');
    // Outside the scope a row does not exist, whatever the filters say.
    const probe = await data(lina, { username: 'admin' });
    expect(probe.total).toBe(0);
    const adminAll = await data(admin, { pageSize: '200' });
    expect(adminAll.records.every((r) => !String(r.orgCode).startsWith('A02'))).toBe(true);
  });

  it('joins declared by name: departments with their parent name', async () => {
    const body = (await get('/getData/rpt_depart', admin, { orgCode: 'A01A01A0' })).json();
    expect(body.success).toBe(true);
    const rows = body.result.records as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(0);
    const cardio = rows.find((r) => r.departName === '心血管内科');
    expect(cardio).toMatchObject({ orgCode: 'A01A01A01', parentName: '华康第一人民医院' });
    const byParent = (
      await get('/getData/rpt_depart', admin, { self_parentId: stableId('depart', 'A01A01') })
    ).json().result;
    expect(byParent.records.map((r: { orgCode: string }) => r.orgCode).sort()).toEqual([
      'A01A01A01',
      'A01A01A02',
      'A01A01A03',
      'A01A01A04',
      'A01A01A05',
    ]);
  });

  it('reads entities with their read permission: equipment as products with a unit', async () => {
    const cols = (await get('/getRpColumns/rpt_equipment', zhangwei)).json().result;
    expect(cols.columns.map((c: { dataIndex: string }) => c.dataIndex)).toContain('unit');
    const page = (await get(`/getData/${cols.cgRpConfigId}`, admin, { pageSize: '30' })).json().result;
    expect(page.total).toBeGreaterThan(0);
    for (const r of page.records) {
      expect(r.unit).toBe('台');
      expect(r.status).not.toBe('4');
      expect(Number(r.price)).toBeGreaterThan(0);
    }
    const ct = (await get(`/getData/${cols.cgRpConfigId}`, admin, { name: '多排螺旋CT' })).json().result;
    expect(ct.records[0]).toMatchObject({ name: '多排螺旋CT', model: 'uCT 760', manufacturer: '联影医疗' });
    expect(ct.records[0].department_dictText).toBeTruthy();
  });

  it('refuses a report whose source the caller may not read (code 510), and unknown reports', async () => {
    const denied = await get('/getData/rpt_customer', zhangwei);
    expect(denied.json()).toMatchObject({ success: false, code: 510 });
    expect(JSON.stringify(denied.json())).not.toContain('customerNo');
    const allowed = (await get('/getData/rpt_customer', admin)).json();
    expect(allowed.success).toBe(true);
    const missing = (await get('/getRpColumns/rpt_missing', admin)).json();
    expect(missing).toMatchObject({ success: false, message: '报表不存在' });
    const noToken = await get(`/getData/${USER_REPORT_ID}`, undefined);
    expect(noToken.statusCode).toBe(401);
  });

  it('has no report designer or free-SQL endpoints (SQL-08): they are 404, not a permissive handler', async () => {
    for (const [method, path] of [
      ['POST', '/jmreport/qurestSql'],
      ['POST', '/jmreport/queryFieldBySql'],
      ['GET', '/jmreport/show'],
      ['POST', '/online/cgreport/api/testConnection'],
    ] as const) {
      const res = await t.call({
        method,
        url: path,
        token: admin,
        payload: method === 'POST' ? { sql: 'select password_hash from sys_user' } : undefined,
      });
      expect(res.statusCode, path).toBe(404);
      expect(JSON.stringify(res.json())).not.toMatch(/argon2|password_hash":/);
    }
  });

  it('rejects path tricks and foreign tenants (AUTH-01/02, TOK-07)', async () => {
    for (const path of [
      `/getData/${USER_REPORT_ID}.js`,
      `/getData/${USER_REPORT_ID};.js`,
      '/getData/%2e%2e%2fgetData',
      `//getData/${USER_REPORT_ID}`,
    ]) {
      const res = await t.call({ method: 'GET', url: `${API}${path}`, token: admin });
      expect([400, 404]).toContain(res.statusCode);
      expect(JSON.stringify(res.json())).not.toContain('username');
    }
    const foreign = await t.call({
      method: 'GET',
      url: `${API}/getData/${USER_REPORT_ID}`,
      token: lina,
      headers: { 'X-Tenant-Id': '2' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(JSON.stringify(foreign.json())).not.toContain('records');
  });
});
