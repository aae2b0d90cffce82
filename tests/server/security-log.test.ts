import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_EVENTS, writeSecurityLog } from '../../src/server/audit/security-log.js';
import { stableId } from '../../src/server/db/menu-sync.js';
import { newId } from '../../src/shared/ids.js';
import systemDicts from '../../schemas/dicts/system.json';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/** Names only these tests write, so entries other code logs (sign-ins of the test users) do not interfere. */
const ALICE = 'log_probe_alice';
const BOB = 'log_probe_bob';

interface Entry {
  id: string;
  logType: number;
  logType_dictText: string;
  event: string;
  event_dictText: string;
  result: number;
  result_dictText: string;
  logContent: string;
  username: string | null;
  ip: string | null;
  requestId: string | null;
  tenantId: number;
  createTime: string;
}

async function seedEntries(t: TestApp) {
  const db = t.ctx.db.kysely;
  await writeSecurityLog(db, { event: 'login.success', content: '用户登录成功', username: ALICE, userId: null, ip: '10.0.0.1', requestId: 'req-a1', tenantId: 1 });
  await writeSecurityLog(db, { event: 'login.failure', content: '用户名或密码错误', ok: false, username: ALICE, userId: null, ip: '10.0.0.2', requestId: 'req-a2', tenantId: 0 });
  await writeSecurityLog(db, { event: 'password.reset', content: '管理员重置了密码', username: BOB, userId: null, target: ALICE, ip: '10.0.0.3', requestId: 'req-b1', tenantId: 1 });
  await writeSecurityLog(db, { event: 'user.roles', content: '变更角色：护士 → 医生', username: BOB, userId: null, target: 'zhangwei', requestId: 'req-b2', tenantId: 2 });
  // An entry from last year, for the time range.
  await db
    .insertInto('sysLog')
    .values({
      id: newId(),
      logType: 1,
      event: 'logout',
      logContent: '退出登录',
      result: 1,
      userid: null,
      username: BOB,
      target: null,
      ip: null,
      requestId: 'req-old',
      requestUrl: null,
      tenantId: 1,
      createTime: '2020-01-02 03:04:05',
    })
    .execute();
}

const LIST = '/sys/log/list';
const WRITE_ATTEMPTS: Array<{ method: 'POST' | 'PUT' | 'DELETE' | 'PATCH'; url: string }> = [
  { method: 'POST', url: '/sys/log/add' },
  { method: 'PUT', url: '/sys/log/edit' },
  { method: 'POST', url: '/sys/log/edit' },
  { method: 'DELETE', url: '/sys/log/delete?id=x' },
  { method: 'DELETE', url: '/sys/log/deleteBatch?ids=x,y' },
  { method: 'POST', url: '/sys/log/deleteBatch' },
  { method: 'DELETE', url: '/sys/log/clear' },
  { method: 'POST', url: LIST },
  { method: 'PUT', url: LIST },
  { method: 'DELETE', url: LIST },
  { method: 'PATCH', url: LIST },
];

describe.each(DIALECTS)('security log on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;

  const list = async (token: string, query: Record<string, string> = {}) => {
    const res = await t.call({ method: 'GET', url: LIST, token, query: { pageSize: '100', ...query } });
    return res;
  };
  const probes = async (query: Record<string, string> = {}, token = admin): Promise<Entry[]> => {
    const res = await list(token, { username: '*log_probe_*', ...query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.records as Entry[];
  };

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    await seedEntries(t);
  });
  afterAll(async () => t?.close());

  it('lists entries newest first in the JeecgBoot page shape with dictionary texts', async () => {
    const res = (await list(admin, { username: '*log_probe_*' })).json();
    expect(res).toMatchObject({ success: true, code: 200 });
    expect(res.result).toMatchObject({ total: 5, current: 1, size: 100 });
    const records = res.result.records as Entry[];
    const times = records.map((r) => r.createTime);
    expect(times).toEqual([...times].sort().reverse());
    expect(records.at(-1)?.requestId).toBe('req-old');
    const failure = records.find((r) => r.requestId === 'req-a2');
    expect(failure).toMatchObject({
      logType: 1,
      logType_dictText: '登录日志',
      event: 'login.failure',
      event_dictText: '登录失败',
      result: 0,
      result_dictText: '失败',
      logContent: '用户名或密码错误',
      username: ALICE,
      ip: '10.0.0.2',
    });
    expect(records.find((r) => r.requestId === 'req-b1')).toMatchObject({ logType: 2, logType_dictText: '操作日志', event_dictText: '重置密码', result_dictText: '成功' });
  });

  it('filters by type, event, result, user, key word and time range, and pages and sorts', async () => {
    const ids = (rows: Entry[]) => rows.map((r) => r.requestId).sort();
    expect(ids(await probes({ logType: '2' }))).toEqual(['req-b1', 'req-b2']);
    expect(ids(await probes({ logType: '1' }))).toEqual(['req-a1', 'req-a2', 'req-old']);
    expect(ids(await probes({ event: 'password.reset' }))).toEqual(['req-b1']);
    expect(ids(await probes({ result: '0' }))).toEqual(['req-a2']);
    expect(ids(await probes({ username: ALICE }))).toEqual(['req-a1', 'req-a2']);
    expect(ids(await probes({ keyWord: '密码' }))).toEqual(['req-a2', 'req-b1']);
    // Key words are text, not patterns.
    expect(await probes({ keyWord: '%' })).toEqual([]);
    expect(ids(await probes({ createTime_begin: '2020-01-01', createTime_end: '2020-12-31' }))).toEqual(['req-old']);
    expect(ids(await probes({ createTime_begin: '2021-01-01' }))).toEqual(['req-a1', 'req-a2', 'req-b1', 'req-b2']);

    const page2 = (await list(admin, { username: '*log_probe_*', pageNo: '2', pageSize: '2', column: 'createTime', order: 'asc' })).json().result;
    expect(page2).toMatchObject({ total: 5, current: 2, size: 2 });
    expect(page2.records).toHaveLength(2);
    const first = (await list(admin, { username: '*log_probe_*', pageNo: '1', pageSize: '1', column: 'createTime', order: 'asc' })).json().result;
    expect(first.records[0].requestId).toBe('req-old');
  });

  it('refuses unknown sort columns and malformed filters with 400', async () => {
    const bad: Array<Record<string, string>> = [{ column: 'password' }, { column: 'extractvalue(1,user())' }, { logType: 'abc' }, { createTime_begin: 'yesterday' }];
    for (const query of bad) {
      const res = await list(admin, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('answers a nurse without the permission with code 510', async () => {
    const nurse = await t.login('lina');
    const res = await list(nurse);
    expect(res.json()).toMatchObject({ success: false, code: 510 });
    expect(res.json().result).toBeNull();
  });

  it('shows a non-administrator holding the permission only the entries of his tenant', async () => {
    const db = t.ctx.db.kysely;
    const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'org_manager').executeTakeFirstOrThrow();
    await db.insertInto('sysRolePermission').values({ id: newId(), roleId: role.id, permissionId: stableId('perm', 'log:list'), dataRuleIds: null }).execute();
    const manager = await t.login('wangfang');
    const rows = await probes({}, manager);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.tenantId))).toEqual(new Set([1]));
    expect(rows.map((r) => r.requestId).sort()).toEqual(['req-a1', 'req-b1', 'req-old']);
    // The administrator sees every tenant and the entries without one.
    expect((await probes()).map((r) => r.tenantId).sort()).toEqual([0, 1, 1, 1, 2]);
  });

  it('has no route that adds, edits or deletes entries, and the rows stay as written', async () => {
    const before = await t.ctx.db.kysely.selectFrom('sysLog').selectAll().orderBy('id').execute();
    for (const attempt of WRITE_ATTEMPTS) {
      const res = await t.call({ ...attempt, token: admin, payload: attempt.method === 'DELETE' ? undefined : { id: before[0].id, logContent: '篡改' } });
      expect([404, 405], `${attempt.method} ${attempt.url}`).toContain(res.statusCode);
    }
    const after = await t.ctx.db.kysely.selectFrom('sysLog').selectAll().orderBy('id').execute();
    // Requests may add entries of their own (sign-ins); none of the old ones changed or went away.
    expect(after.filter((r) => before.some((b) => b.id === r.id))).toEqual(before);
  });
});

describe('security log on a SQLite file', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-log-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps its entries when the server is closed and started again', async () => {
    const first = await createTestApp('', { DATA_DIR: dataDir });
    await seedEntries(first);
    const written = await first.ctx.db.kysely.selectFrom('sysLog').selectAll().where('username', 'in', [ALICE, BOB]).orderBy('id').execute();
    expect(written).toHaveLength(5);
    await first.close();
    expect(fs.existsSync(path.join(dataDir, 'console.sqlite'))).toBe(true);

    const second = await createTestApp('', { DATA_DIR: dataDir });
    try {
      const token = await second.login('admin');
      const res = (await second.call({ method: 'GET', url: LIST, token, query: { username: '*log_probe_*', pageSize: '100' } })).json();
      expect(res.result.total).toBe(5);
      const again = await second.ctx.db.kysely.selectFrom('sysLog').selectAll().where('username', 'in', [ALICE, BOB]).orderBy('id').execute();
      expect(again).toEqual(written);
    } finally {
      await second.close();
    }
  });
});

describe('security event dictionary', () => {
  it('has one item per event code of the log writer, titled alike', () => {
    const dict = systemDicts.dicts.find((d) => d.code === 'security_event');
    expect(dict?.items.map((i) => [i.value, i.text])).toEqual(Object.entries(SECURITY_EVENTS).map(([code, e]) => [code, e.title]));
  });
});
