import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/shared/ids.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

/**
 * Issue 11 items 12–14: bad input gets a clean Chinese 4xx (or a business error), never a 5xx, and
 * never Fastify's raw JSON echoing the URL; batch deletes take long id lists.
 */
const ENVELOPE_KEYS = ['code', 'message', 'result', 'success', 'timestamp'];
const API = '/online/cgform/api';

/** The reply is the envelope with this HTTP status and a Chinese message. */
function expectEnvelope(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const env = JSON.parse(res.body) as Record<string, unknown>;
  expect(Object.keys(env).sort()).toEqual(ENVELOPE_KEYS);
  expect(env.success).toBe(false);
  expect(String(env.message)).toMatch(/[\u4e00-\u9fa5]/);
  return env;
}

describe.each(DIALECTS)('bad input gets a clean answer on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  const get = (path: string, token: string | undefined = admin) => t.call({ method: 'GET', url: path, token });

  describe('field names from the object prototype never reach SQL', () => {
    it.each([
      ['column=constructor', '请注意，将要排序的列字段不存在：constructor'],
      ['column=__proto__', '请注意，将要排序的列字段不存在：__proto__'],
      [`superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'constructor', rule: 'eq', val: '1' }]))}`, '高级查询不支持字段：constructor'],
    ])('%s is a 400 naming the field', async (query, message) => {
      for (const path of ['/sys/user/list', `${API}/getData/erp_customer`, '/sys/tenant/list']) {
        const env = expectEnvelope(await get(`${path}?${query}`), 400);
        expect(env.message).toBe(message);
      }
    });

    it.each(['__proto___begin=1', 'constructor=1', 'toString_end=2024-01-01', 'hasOwnProperty=x', 'valueOf_begin=1'])(
      '%s is ignored like any unknown parameter',
      async (query) => {
        for (const path of ['/sys/user/list', `${API}/getData/erp_customer`, '/sys/role/list']) {
          const res = await get(`${path}?${query}`);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().success).toBe(true);
        }
      },
    );
  });

  describe('paging is one validated integer', () => {
    it.each(['pageNo=99999999999999999999', 'pageSize=1e309', 'pageNo=Infinity', 'pageNo=NaN', 'pageNo=0', 'pageSize=-1', 'pageNo=1.5', 'pageSize=1001', 'pageNo=1&pageNo=2', 'pageNo=0x10'])(
      '%s is a 400 on every kind of list',
      async (query) => {
        for (const path of ['/sys/user/list', `${API}/getData/erp_customer`, '/sys/dict/list', '/sys/log/list', '/sys/dictItem/list']) {
          const env = expectEnvelope(await get(`${path}?${query}`), 400);
          expect(env.message).toMatch(/参数 page(No|Size) 必须是 1 到 \d+ 之间的整数|分页|pageNo|pageSize/);
        }
      },
    );

    it('the largest page number answers an empty page', async () => {
      const res = await get('/sys/user/list?pageNo=1000000&pageSize=1000');
      expect(res.statusCode).toBe(200);
      expect(res.json().result).toMatchObject({ records: [], current: 1000000 });
    });
  });

  describe('control characters', () => {
    const CONTROL = '请求包含非法控制字符';

    it('a NUL in the anonymous sign-in is a 400, not a database error', async () => {
      const res = await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'ad\u0000min', password: 'x' } });
      expect(expectEnvelope(res, 400).message).toBe(CONTROL);
    });

    it('is refused in a query, a path parameter, a nested body value and a body key', async () => {
      expect(expectEnvelope(await get('/sys/user/list?realname=a%00b'), 400).message).toBe(CONTROL);
      expect(expectEnvelope(await get('/sys/user/list?x%01=1'), 400).message).toBe(CONTROL);
      expect(expectEnvelope(await get(`/sys/dict/getDictItems/sex%1B`), 400).message).toBe(CONTROL);
      const nested = await t.call({ method: 'POST', url: '/sys/category/add', token: admin, payload: { name: 'ok', extra: [{ deep: ['x\u007f'] }] } });
      expect(expectEnvelope(nested, 400).message).toBe(CONTROL);
      const key = await t.call({ method: 'POST', url: '/sys/category/add', token: admin, payload: { 'na\u0008me': 'x' } });
      expect(expectEnvelope(key, 400).message).toBe(CONTROL);
    });

    it('tab, line feed and carriage return stay allowed', async () => {
      const res = await t.call({ method: 'POST', url: '/sys/category/add', token: admin, payload: { name: '多行\t分类\r\n第二行' } });
      expect(res.json()).toMatchObject({ success: true });
    });

    it('is refused in multipart fields and file names; a broken multipart body is a 400', async () => {
      const field = multipartForm([{ name: 'biz', value: 'a\u0000b' }, { name: 'file', file: { name: 'a.txt', content: Buffer.from('hello') } }]);
      const res1 = await t.call({ method: 'POST', url: '/sys/common/upload', token: admin, headers: field.headers, payload: field.payload });
      expect(expectEnvelope(res1, 400).message).toBe(CONTROL);
      const name = multipartForm([{ name: 'file', file: { name: 'a\u0001.txt', content: Buffer.from('hello') } }]);
      const res2 = await t.call({ method: 'POST', url: '/sys/common/upload', token: admin, headers: name.headers, payload: name.payload });
      expect(expectEnvelope(res2, 400).message).toBe(CONTROL);
      for (const [type, payload] of [
        ['multipart/form-data', 'abc'],
        ['multipart/form-data; boundary=XX', '--XX\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nabc'],
      ]) {
        for (const path of ['/sys/common/upload', '/sys/user/importExcel', `${API}/importXls/erp_customer`]) {
          const res = await t.call({ method: 'POST', url: path, token: admin, headers: { 'content-type': type }, payload });
          expect(expectEnvelope(res, 400).message).toBe('上传内容不是有效的 multipart/form-data');
        }
      }
    });
  });

  describe('numbers beyond what a column or JavaScript holds', () => {
    it('a JSON number beyond the safe integers is a 400', async () => {
      const res = await t.call({ method: 'POST', url: '/sys/tenant/add', token: admin, payload: '{"name":"大数","id":99999999999999999999}', headers: { 'content-type': 'application/json' } });
      expect(expectEnvelope(res, 400).message).toBe('请求中的数值超出允许范围');
    });

    it('a numeric filter beyond bigint is a 400, one beyond the column is never a 500', async () => {
      expect(expectEnvelope(await get('/sys/tenant/list?id=99999999999999999999'), 400).message).toBe('参数 id 超出允许范围');
      for (const q of ['status=2147483648', 'id=9223372036854775807', 'id=>9007199254740991']) {
        const res = await get(`/sys/tenant/list?${q}`);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }
    });
  });

  describe('generated ids and codes under concurrency', () => {
    it('concurrent tenant/add all succeed with distinct ids', async () => {
      const before = await t.ctx.db.kysely.selectFrom('sysTenant').select('id').execute();
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => t.call({ method: 'POST', url: '/sys/tenant/add', token: admin, payload: { name: `并发租户${i}` } })),
      );
      for (const r of results) expect(r.json(), r.body).toMatchObject({ success: true });
      const after = await t.ctx.db.kysely.selectFrom('sysTenant').select('id').execute();
      expect(after.length - before.length).toBe(8);
    });

    it('concurrent category/add under one parent all succeed with distinct codes', async () => {
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => t.call({ method: 'POST', url: '/sys/category/add', token: admin, payload: { name: `并发分类${i}` } })),
      );
      for (const r of results) expect(r.json(), r.body).toMatchObject({ success: true });
      const codes = results.map((r) => r.json().result.code as string);
      expect(new Set(codes).size).toBe(8);
    });

    it('a unique violation that still happens is a business error, not a 500', async () => {
      const code = `DUP${Date.now() % 100000}`;
      const results = await Promise.all(
        Array.from({ length: 4 }, () => t.call({ method: 'POST', url: '/sys/category/add', token: admin, payload: { name: '重复编码', code } })),
      );
      for (const r of results) expect(r.statusCode, r.body).toBe(200);
      expect(results.filter((r) => r.json().success)).toHaveLength(1);
      for (const r of results.filter((x) => !x.json().success)) expect(r.json().message).toMatch(/已存在/);
    });
  });

  describe('framework errors answer in the envelope, in Chinese, without echoing the URL', () => {
    it('a bad URL encoding is a 400', async () => {
      const res = await get('/sys/user/%zz');
      expect(expectEnvelope(res, 400).message).toBe('请求地址包含无效的编码');
      expect(res.body).not.toContain('%zz');
    });

    it('a path parameter beyond the raised limit is a 414', async () => {
      const res = await t.call({ method: 'DELETE', url: `${API}/form/erp_customer/${'a'.repeat(70_000)}`, token: admin });
      expect(expectEnvelope(res, 414).message).toBe('请求地址过长');
      expect(res.body).not.toContain('aaaa');
    });

    it('bad JSON, an empty JSON body, an unknown media type and a body too large', async () => {
      const json = { 'content-type': 'application/json' };
      expect(expectEnvelope(await t.call({ method: 'POST', url: '/sys/login', headers: json, payload: '{"a":' }), 400).message).toBe('请求内容不是有效的 JSON');
      expect(expectEnvelope(await t.call({ method: 'POST', url: '/sys/login', headers: json, payload: '{"__proto__":{"x":1}}' }), 400).message).toBe('请求内容不是有效的 JSON');
      expect(expectEnvelope(await t.call({ method: 'POST', url: '/sys/login', headers: json, payload: '' }), 400).message).toBe('请求内容声明为 JSON，但内容为空');
      expect(expectEnvelope(await t.call({ method: 'POST', url: '/sys/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }), 415).message).toBe('不支持的请求内容类型');
      const big = JSON.stringify({ username: 'x'.repeat(3 * 1024 * 1024) });
      expect(expectEnvelope(await t.call({ method: 'POST', url: '/sys/login', headers: json, payload: big }), 413).message).toBe('请求内容过大');
    });

    describe('over a real socket', () => {
      let port = 0;
      beforeAll(async () => {
        await t.app.listen({ port: 0, host: '127.0.0.1' });
        port = (t.app.server.address() as AddressInfo).port;
      });

      /** Sends raw bytes and reads the whole answer (the server closes the connection). */
      const raw = (request: string) =>
        new Promise<{ statusCode: number; body: string; head: string }>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1');
          const chunks: Buffer[] = [];
          socket.on('data', (c) => chunks.push(c));
          socket.on('error', reject);
          socket.on('close', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            const [head, ...rest] = text.split('\r\n\r\n');
            resolve({ statusCode: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join('\r\n\r\n') });
          });
          socket.end(request);
        });

      it('a request head beyond the limit is a 431 in the envelope', async () => {
        const res = await raw(`GET ${t.base}/sys/user/list HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(120_000)}\r\n\r\n`);
        expect(expectEnvelope(res, 431).message).toBe('请求头或请求地址过长');
        expect(res.head).toMatch(/content-type: application\/json; charset=utf-8/i);
      });

      it('a malformed request is a 400 in the envelope', async () => {
        const res = await raw('GET /\u0001 HTTP/1.1\r\nHost: x\r\n\r\n');
        expect(expectEnvelope(res, 400).message).toBe('请求格式不正确');
      });

      it('1000 ids fit in a query and in a path through the HTTP parser (no 414 or 431)', async () => {
        const ids = Array.from({ length: 1000 }, () => newId()).join(',');
        for (const path of [`/sys/user/deleteBatch?ids=${ids}`, `${API}/form/erp_customer/${ids}`]) {
          const res = await fetch(`http://127.0.0.1:${port}${t.base}${path}`, { method: 'DELETE', headers: { 'x-access-token': admin } });
          expect(res.status).toBe(200);
          expect((await res.json()) as object).toMatchObject({ success: false, code: 500 });
        }
      });
    });
  });

  describe('batch delete takes long id lists', () => {
    /** Copies of a seeded staff member (with his department and roles), so deleting them harms nobody. */
    async function cloneUsers(n: number): Promise<string[]> {
      const db = t.ctx.db.kysely;
      const template = await db.selectFrom('sysUser').selectAll().where('username', '=', 'zhou050').executeTakeFirstOrThrow();
      const departs = await db.selectFrom('sysUserDepart').selectAll().where('userId', '=', template.id).execute();
      const tenants = await db.selectFrom('sysUserTenant').selectAll().where('userId', '=', template.id).execute();
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const id = newId();
        ids.push(id);
        await db.insertInto('sysUser').values({ ...template, id, username: `clone_${id.slice(0, 12)}`, workNo: null, phone: null, email: null }).execute();
        for (const d of departs) await db.insertInto('sysUserDepart').values({ ...d, id: newId(), userId: id }).execute();
        for (const m of tenants) await db.insertInto('sysUserTenant').values({ ...m, userId: id }).execute();
      }
      return ids;
    }
    const liveUsers = async (ids: string[]) =>
      (await t.ctx.db.kysely.selectFrom('sysUser').select('id').where('id', 'in', ids).where('delFlag', '=', 0).execute()).length;

    async function cloneCustomers(n: number): Promise<string[]> {
      const db = t.ctx.db.kysely;
      const { rows } = await sql<Record<string, unknown>>`select * from erp_customer where tenant_id = 1 limit 1`.execute(db);
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const id = newId();
        ids.push(id);
        // 待审核: enabled customers are locked (audited changes) and could not be deleted directly.
        const row: Record<string, unknown> = { ...rows[0], id, auditStatus: '1', customerNo: `KH${String(10_000_000 + Math.floor(Math.random() * 89_999_999))}` };
        const cols = Object.keys(row);
        await sql`insert into erp_customer (${sql.join(cols.map((c) => sql.ref(c)))}) values (${sql.join(cols.map((c) => row[c]))})`.execute(db);
      }
      return ids;
    }
    const liveCustomers = async (ids: string[]) =>
      Number((await sql<{ n: number }>`select count(*) as n from erp_customer where id in (${sql.join(ids)})`.execute(t.ctx.db.kysely)).rows[0].n);

    it.each([5, 200])('deletes %i users by query and by JSON body', async (n) => {
      const a = await cloneUsers(n);
      const byQuery = await t.call({ method: 'DELETE', url: `/sys/user/deleteBatch?ids=${a.join(',')},`, token: admin });
      expect(byQuery.json(), byQuery.body).toMatchObject({ success: true });
      expect(await liveUsers(a)).toBe(0);
      const b = await cloneUsers(n);
      const byBody = await t.call({ method: 'DELETE', url: '/sys/user/deleteBatch', token: admin, payload: { ids: b } });
      expect(byBody.json(), byBody.body).toMatchObject({ success: true });
      expect(await liveUsers(b)).toBe(0);
    });

    it.each([5, 200])('deletes %i online records by path, query and JSON body', async (n) => {
      const a = await cloneCustomers(n);
      const byPath = await t.call({ method: 'DELETE', url: `${API}/form/erp_customer/${a.join(',')}`, token: admin });
      expect(byPath.json(), byPath.body).toMatchObject({ success: true, message: '批量删除成功!' });
      expect(await liveCustomers(a)).toBe(0);
      const b = await cloneCustomers(n);
      const byQuery = await t.call({ method: 'DELETE', url: `${API}/form/erp_customer?ids=${b.join(',')}`, token: admin });
      expect(byQuery.json(), byQuery.body).toMatchObject({ success: true });
      expect(await liveCustomers(b)).toBe(0);
      const c = await cloneCustomers(n);
      const byBody = await t.call({ method: 'DELETE', url: `${API}/form/erp_customer`, token: admin, payload: { ids: c.join(',') } });
      expect(byBody.json(), byBody.body).toMatchObject({ success: true });
      expect(await liveCustomers(c)).toBe(0);
    });

    it('1001 ids are a clear 400, in a query, a path and a body', async () => {
      const ids = Array.from({ length: 1001 }, () => newId());
      const message = '参数 ids 最多 1000 个，请分批操作';
      expect(expectEnvelope(await t.call({ method: 'DELETE', url: `/sys/user/deleteBatch?ids=${ids.join(',')}`, token: admin }), 400).message).toBe(message);
      expect(expectEnvelope(await t.call({ method: 'DELETE', url: '/sys/user/deleteBatch', token: admin, payload: { ids } }), 400).message).toBe(message);
      expect(expectEnvelope(await t.call({ method: 'DELETE', url: `${API}/form/erp_customer`, token: admin, payload: { ids } }), 400).message).toBe(message);
      expect(expectEnvelope(await t.call({ method: 'DELETE', url: `${API}/form/erp_customer/${ids.join(',')}`, token: admin }), 400).message).toBe('参数 id 最多 1000 个，请分批操作');
      expect(expectEnvelope(await t.call({ method: 'DELETE', url: '/sys/role/deleteBatch', token: admin }), 400).message).toBe('参数 ids 不能为空');
    });
  });
});
