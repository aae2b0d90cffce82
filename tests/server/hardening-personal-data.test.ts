import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerRows } from '../../src/server/db/entity-seed-data.js';
import { NAMED_USERS, generatedUsers } from '../../src/server/db/seed-data.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { signedGet, signHeaders } from './signed.js';
import { unlockCustomers } from './unlocked-customers.js';

/**
 * Issue 11 §5–7: personal data. Table dictionaries never read personal columns and only show the rows
 * the caller may see; phones, e-mails and the like are masked unless a permission reveals them, and a
 * reveal is logged; saving a form that loaded masked values keeps the stored ones; API replies are not
 * cached and tokens stay out of the log.
 */

const API = '/online/cgform/api';
const ALL_USERS = [...NAMED_USERS, ...generatedUsers()];
/** The seed's phone of a user (by position in the seed list). */
const phoneOf = (username: string) =>
  `1380013${String(ALL_USERS.findIndex((u) => u.username === username)).padStart(4, '0')}`;
/** lina is a nurse in 护理部 (A01A01A04): her data scope is that department. */
const LINA_SCOPE = ALL_USERS.filter((u) => u.departs.some((d) => d.startsWith('A01A01A04'))).map((u) => u.username);
const SEED_PHONE = /1380013\d{4}/;
const MASKED_PHONE = /^\d{3}\*{4}\d{4}$/;
const customer = customerRows().find((r) => r.tenantId === 1 && r.sysOrgCode === 'A01A03A02') as ReturnType<
  typeof customerRows
>[number];

async function readXlsx(content: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

describe.each(DIALECTS)('personal data on $name', ({ url }) => {
  let t: TestApp;
  const logs: string[] = [];
  let admin: string;
  let lina: string;
  let liuyang: string;

  beforeAll(async () => {
    t = await createTestApp(url, {}, { logs });
    admin = await t.login('admin');
    lina = await t.login('lina');
    liuyang = await t.login('liuyang');
  });
  afterAll(async () => t?.close());

  const reveals = async () =>
    t.ctx.db.kysely
      .selectFrom('sysLog')
      .select(['logContent', 'username', 'target', 'requestId'])
      .where('event', '=', 'sensitive.reveal')
      .execute();
  const values = (res: { json(): { result: Array<{ value: string }> } }) => res.json().result.map((i) => i.value);

  describe('table dictionaries (§5)', () => {
    it('refuse a personal column as text, code or filter, for every dictionary read', async () => {
      for (const path of [
        '/sys/dict/getDictItems/sys_user,phone,username',
        '/sys/dict/getDictItems/sys_user,username,phone',
        '/sys/dict/loadDict/sys_user,phone,username',
        '/sys/dict/loadDictOrderByValue/sys_user,phone,username',
        '/sys/dict/getDictItems/sys_user,email,username',
        '/sys/dict/getDictItems/sys_user,birthday,username',
        "/sys/dict/getDictItems/sys_user,realname,username,phone='13800130000'",
        '/sys/dict/getDictItems/sys_depart,mobile,id',
        '/sys/dict/getDictItems/erp_customer,phone,id',
      ]) {
        const res = await signedGet(t, lina, path);
        expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, path).toBeLessThan(500);
        expect(res.body, path).not.toMatch(SEED_PHONE);
      }
      const item = await signedGet(t, lina, '/sys/dict/loadDictItem/sys_user,phone,username', { key: 'admin' });
      expect(item.statusCode).toBe(400);
      const text = await signedGet(t, lina, '/sys/dict/getDictText/sys_user,phone,username/admin');
      expect(text.statusCode).toBe(400);
      expect(text.body).not.toMatch(SEED_PHONE);
    });

    it("give the nurse only the users of her own scope, never another's phone", async () => {
      const items = await signedGet(t, lina, '/sys/dict/getDictItems/sys_user,realname,username');
      expect(values(items).sort()).toEqual([...LINA_SCOPE].sort());
      expect(items.body).not.toMatch(SEED_PHONE);
      const search = await signedGet(t, lina, '/sys/dict/loadDict/sys_user,realname,username', { keyword: 'admin,zhangwei,lina' });
      expect(values(search)).toEqual(['lina']);
      const ordered = await signedGet(t, lina, '/sys/dict/loadDictOrderByValue/sys_user,realname,username', { keyword: 'admin' });
      expect(values(ordered).every((v) => LINA_SCOPE.includes(v))).toBe(true);
      const texts = await signedGet(t, lina, '/sys/dict/loadDictItem/sys_user,realname,username', { key: 'admin,zhangwei,lina' });
      expect(texts.json().result).toEqual(['李娜']);
      const one = await signedGet(t, lina, '/sys/dict/getDictText/sys_user,realname,username/admin');
      expect(one.json()).toMatchObject({ success: true, result: null });
      const own = await signedGet(t, lina, '/sys/dict/getDictText/sys_user,realname,username/lina');
      expect(own.json().result).toBe('李娜');
    });

    it('limit departments to the data scope and tenants to the session own ones', async () => {
      const departs = await signedGet(t, lina, '/sys/dict/getDictItems/sys_depart,depart_name,org_code');
      expect(values(departs)).toEqual(['A01A01A04']);
      const linaTenants = await signedGet(t, lina, '/sys/dict/getDictItems/sys_tenant,name,id');
      expect(values(linaTenants)).toEqual(['1']);
      const adminTenants = await signedGet(t, admin, '/sys/dict/getDictItems/sys_tenant,name,id');
      expect(values(adminTenants).sort()).toEqual(['1', '2']);
    });

    it("do not cross tenants: the administrator in tenant 2 sees none of tenant 1's staff", async () => {
      const res = await t.call({
        method: 'GET',
        url: '/sys/dict/getDictItems/sys_user,realname,username',
        token: admin,
        headers: { ...signHeaders(t, '/sys/dict/getDictItems/sys_user,realname,username'), 'x-tenant-id': '2' },
      });
      expect(values(res)).toEqual(['admin']);
    });

    it('refuse getDictText without a signature, like the other dictionary reads', async () => {
      const res = await t.call({ method: 'GET', url: '/sys/dict/getDictText/sys_user,realname,username/lina', token: lina });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.body).not.toContain('李娜');
    });
  });

  describe('masking (§6)', () => {
    it('masks customer phones and contacts in the list for a user without the permission', async () => {
      const before = (await reveals()).length;
      const res = await t.call({ method: 'GET', url: `${API}/getData/erp_customer`, token: liuyang, query: { pageSize: '50' } });
      const records = res.json().result.records as Array<Record<string, string>>;
      expect(records.length).toBeGreaterThan(5);
      for (const r of records) {
        expect(r.phone).toMatch(MASKED_PHONE);
        expect(r.contact).toMatch(/^.\*+$/u);
      }
      const row = records.find((r) => r.id === customer.id) as Record<string, string>;
      expect(row.phone).toBe(`${customer.phone.slice(0, 3)}****${customer.phone.slice(-4)}`);
      expect(res.body).not.toContain(customer.phone);
      expect((await reveals()).length).toBe(before);
    });

    it('shows the administrator full values and logs one reveal entry for the request', async () => {
      const before = await reveals();
      const res = await t.call({ method: 'GET', url: `${API}/getData/erp_customer`, token: admin, query: { pageSize: '50' } });
      const records = res.json().result.records as Array<Record<string, string>>;
      expect(records.find((r) => r.id === customer.id)).toMatchObject({ phone: customer.phone, contact: customer.contact });
      const after = await reveals();
      expect(after.length).toBe(before.length + 1);
      const entry = after.find((e) => !before.some((b) => b.requestId === e.requestId)) as (typeof after)[number];
      expect(entry).toMatchObject({ username: 'admin', target: 'erp_customer' });
      expect(entry.logContent).toContain('erp_customer');
      expect(entry.logContent).toContain('phone');
      expect(entry.logContent).toContain(`共 ${records.length} 行`);
    });

    it('masks queryById for the user without the permission and not for the administrator', async () => {
      const masked = (await t.call({ method: 'GET', url: `${API}/form/erp_customer/${customer.id}`, token: liuyang })).json();
      expect(masked.result.phone).toMatch(MASKED_PHONE);
      expect(masked.result.email).toMatch(/^.\*\*\*@customer\.example\.cn$/);
      expect(masked.result.address).toMatch(/^.{6}\*{4}$/u);
      const before = (await reveals()).length;
      const full = (await t.call({ method: 'GET', url: `${API}/form/erp_customer/${customer.id}`, token: admin })).json();
      expect(full.result).toMatchObject({ phone: customer.phone, email: customer.email, address: customer.address });
      expect((await reveals()).length).toBe(before + 1);
    });

    it('masks the Excel export the same way, and logs the administrator export once', async () => {
      const query = { selections: customer.id };
      const masked = await readXlsx(
        (await t.call({ method: 'GET', url: `${API}/exportXls/erp_customer`, token: liuyang, query })).rawPayload,
      );
      const header = masked[2];
      const phoneAt = header.indexOf('联系电话');
      const contactAt = header.indexOf('联系人');
      expect(phoneAt).toBeGreaterThanOrEqual(0);
      expect(masked[3][phoneAt]).toMatch(MASKED_PHONE);
      expect(String(masked[3][contactAt])).toMatch(/^.\*+$/u);
      const before = (await reveals()).length;
      const full = await readXlsx(
        (await t.call({ method: 'GET', url: `${API}/exportXls/erp_customer`, token: admin, query })).rawPayload,
      );
      expect(full[3][phoneAt]).toBe(customer.phone);
      expect(full[3][contactAt]).toBe(customer.contact);
      expect((await reveals()).length).toBe(before + 1);
    });

    it('masks user phones and e-mails in the user list, detail, picker and export', async () => {
      const list = (await t.call({ method: 'GET', url: '/sys/user/list', token: liuyang, query: { username: 'zhangwei' } })).json();
      expect(list.result.records[0]).toMatchObject({ username: 'zhangwei', phone: '138****0001', email: 'z***@huakang.example.cn' });
      const id = list.result.records[0].id as string;
      const detail = (await t.call({ method: 'GET', url: '/sys/user/queryById', token: liuyang, query: { id } })).json();
      expect(detail.result.phone).toBe('138****0001');
      const picker = await t.call({ method: 'GET', url: '/sys/user/queryUserComponentData', token: lina, query: { pageSize: '100' } });
      expect(picker.json().result.records.length).toBeGreaterThan(0);
      expect(picker.body).not.toMatch(SEED_PHONE);
      const sheet = await readXlsx(
        (await t.call({ method: 'GET', url: '/sys/user/exportXls', token: liuyang, query: { username: 'zhangwei' } })).rawPayload,
      );
      const phoneAt = sheet[2].indexOf('手机号码');
      expect(sheet[3][phoneAt]).toBe('138****0001');
      expect(sheet.flat().join('|')).not.toMatch(SEED_PHONE);

      const before = (await reveals()).length;
      const full = (await t.call({ method: 'GET', url: '/sys/user/list', token: admin, query: { username: 'zhangwei' } })).json();
      expect(full.result.records[0]).toMatchObject({ phone: phoneOf('zhangwei'), email: 'zhangwei@huakang.example.cn' });
      const after = await reveals();
      expect(after.length).toBe(before + 1);
      expect(after.some((e) => e.target === 'sys_user' && e.logContent.includes('phone') && e.logContent.includes('共 1 行'))).toBe(true);
    });

    it('masks phone columns of popup reports', async () => {
      const res = await t.call({ method: 'GET', url: '/online/cgreport/api/getData/rpt_user', token: lina, query: { pageSize: '50' } });
      const records = res.json().result.records as Array<Record<string, string>>;
      expect(records.length).toBeGreaterThan(0);
      for (const r of records) expect(r.phone).toMatch(MASKED_PHONE);
      expect(res.body).not.toMatch(SEED_PHONE);
    });
  });

  describe('saving a form that loaded masked values (§6)', () => {
    beforeAll(async () => unlockCustomers(t, [customer.id]));

    it('keeps the stored customer phone, contact and e-mail when their masks come back', async () => {
      const loaded = (await t.call({ method: 'GET', url: `${API}/form/erp_customer/${customer.id}`, token: liuyang })).json().result;
      expect(loaded.phone).toMatch(MASKED_PHONE);
      const saved = await t.call({ method: 'PUT', url: `${API}/form/erp_customer`, token: liuyang, payload: { ...loaded, remark: '复核过' } });
      expect(saved.json()).toMatchObject({ success: true });
      const stored = await t.ctx.db.kysely
        .selectFrom(sql.table('erp_customer').as('c') as never)
        .select(['phone', 'contact', 'email', 'address', 'remark'] as never)
        .where(sql.ref('id') as never, '=', customer.id as never)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({
        phone: customer.phone,
        contact: customer.contact,
        email: customer.email,
        address: customer.address,
        remark: '复核过',
      });
    });

    it('stores a new value, and refuses a mask that is not the stored value masked', async () => {
      const loaded = (await t.call({ method: 'GET', url: `${API}/form/erp_customer/${customer.id}`, token: liuyang })).json().result;
      const wrongMask = await t.call({ method: 'PUT', url: `${API}/form/erp_customer`, token: liuyang, payload: { ...loaded, phone: '139****9999' } });
      expect(wrongMask.statusCode).toBe(400);
      const changed = await t.call({ method: 'PUT', url: `${API}/form/erp_customer`, token: liuyang, payload: { ...loaded, phone: '13712345678' } });
      expect(changed.json().success).toBe(true);
      const full = (await t.call({ method: 'GET', url: `${API}/form/erp_customer/${customer.id}`, token: admin })).json().result;
      expect(full.phone).toBe('13712345678');
      expect(full.contact).toBe(customer.contact);
    });

    it('keeps the stored user phone and e-mail when the user form sends the masks back', async () => {
      const list = (await t.call({ method: 'GET', url: '/sys/user/list', token: liuyang, query: { username: 'zhangwei' } })).json();
      const shown = list.result.records[0] as Record<string, unknown>;
      expect(shown.phone).toBe('138****0001');
      const res = await t.call({
        method: 'PUT',
        url: '/sys/user/edit',
        token: liuyang,
        payload: { id: shown.id, realname: '张伟', phone: shown.phone, email: shown.email, telephone: '0571-88886666' },
      });
      expect(res.json(), res.body).toMatchObject({ success: true });
      const row = await t.ctx.db.kysely
        .selectFrom('sysUser')
        .select(['phone', 'email', 'telephone'])
        .where('username', '=', 'zhangwei')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ phone: phoneOf('zhangwei'), email: 'zhangwei@huakang.example.cn', telephone: '0571-88886666' });
    });
  });

  describe('masked values cannot be probed (§6)', () => {
    // Refused for being masked, not for some other flaw of the request.
    const code = (res: { statusCode: number; json(): { message: string } }) =>
      res.statusCode === 400 && res.json().message.includes('已脱敏') ? 400 : res.statusCode;
    it('refuses patterns, ranges and sorting on masked fields, and allows the whole value', async () => {
      const get = (url: string, token: string, query: Record<string, string>) => t.call({ method: 'GET', url, token, query });
      for (const query of <Array<Record<string, string>>>[{ phone: '138*' }, { phone: '*0001' }, { phone_begin: '13800000000' }, { column: 'phone', order: 'asc' }, { email: '*@huakang*' }]) {
        expect(code(await get('/sys/user/list', liuyang, query)), JSON.stringify(query)).toBe(400);
        expect(code(await get(`${API}/getData/erp_customer`, liuyang, query)), JSON.stringify(query)).toBe(400);
      }
      const superQueryParams = encodeURIComponent(JSON.stringify([{ field: 'phone', rule: 'like', val: '138' }]));
      expect(code(await get('/sys/user/list', liuyang, { superQueryParams, superQueryMatchType: 'and' }))).toBe(400);
      expect(code(await get('/online/cgreport/api/getData/rpt_user', liuyang, { phone: '138' }))).toBe(400);
      expect(code(await get('/online/cgreport/api/getData/rpt_user', liuyang, { column: 'phone', order: 'asc' }))).toBe(400);

      const exact = (await get('/sys/user/list', liuyang, { phone: phoneOf('zhangwei') })).json();
      expect(exact.result.records.map((r: { username: string }) => r.username)).toEqual(['zhangwei']);
      // Whoever may see the numbers may search them freely.
      expect((await get('/sys/user/list', admin, { phone: '138*' })).json().success).toBe(true);
      expect((await get('/online/cgreport/api/getData/rpt_user', admin, { phone: '138' })).json().success).toBe(true);
    });
  });

  describe('department contact numbers (§6)', () => {
    it('masks them in the department tree and keeps the stored number when the mask comes back', async () => {
      type Node = Record<string, unknown> & { children: Node[] | null };
      const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
      const tree = async (token: string) =>
        flat((await t.call({ method: 'GET', url: '/sys/sysDepart/queryTreeList', token })).json().result as Node[]);
      const target = (await tree(admin)).find((n) => n.parentId !== '') as Node;
      const body = { id: target.id, departName: target.departName, orgCategory: target.orgCategory, mobile: '13912345678' };
      expect((await t.call({ method: 'PUT', url: '/sys/sysDepart/edit', token: admin, payload: body })).json()).toMatchObject({ success: true });

      const seen = (await tree(liuyang)).find((n) => n.id === target.id) as Node;
      expect(seen.mobile).toBe('139****5678');
      expect((await tree(admin)).find((n) => n.id === target.id)?.mobile).toBe('13912345678');

      const saved = await t.call({ method: 'PUT', url: '/sys/sysDepart/edit', token: liuyang, payload: { ...body, mobile: seen.mobile } });
      expect(saved.json(), saved.body).toMatchObject({ success: true });
      const row = await t.ctx.db.kysely.selectFrom('sysDepart').select('mobile').where('id', '=', target.id as string).executeTakeFirstOrThrow();
      expect(row.mobile).toBe('13912345678');
    });
  });

  describe('caching and logs (§7)', () => {
    it('marks API replies no-store', async () => {
      const res = await t.call({ method: 'GET', url: '/sys/user/list', token: admin });
      expect(res.headers['cache-control']).toContain('no-store');
      const refused = await t.call({ method: 'GET', url: '/sys/user/list' });
      expect(refused.headers['cache-control']).toContain('no-store');
    });

    it('keeps the token of the third-party login path out of every log line', async () => {
      const token = await t.login('zhangwei');
      const res = await t.call({ method: 'GET', url: `/sys/thirdLogin/getLoginUser/${token}/github` });
      expect(res.json()).toMatchObject({ success: true });
      const bogus = 'f'.repeat(40);
      await t.call({ method: 'GET', url: `/sys/thirdLogin/getLoginUser/${bogus}/github` });
      expect(logs.length).toBeGreaterThan(0);
      expect(logs.some((l) => l.includes('getLoginUser'))).toBe(true);
      for (const line of logs) {
        expect(line).not.toContain(token);
        expect(line).not.toContain(bogus);
      }
    });
  });
});
