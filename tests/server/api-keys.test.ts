import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_POSTS_PER_ADDRESS } from '../../src/server/modules/api-key/device-routes.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { scopeSchemas } from './scope-fixtures.js';

const API = '/online/cgform/api';
type Row = Record<string, unknown>;

// Device API keys (设备密钥): issued per organisation under 系统管理, shown once, revocable; a device
// posts 范围测试读数 naming the patient by card number, acting for the key's organisation.
describe.each(DIALECTS)('device API keys on $name', ({ url }) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let a01: string;
  let key: string;
  let keyId: string;
  let patient: string;

  const post = (payload: unknown, apiKey: string | null = key, code = 'scp_reading') =>
    t.call({ method: 'POST', url: `${API}/device/${code}`, headers: apiKey ? { 'x-api-key': apiKey } : {}, payload: payload as Row });
  const issue = (who: string, payload: Row) => t.call({ method: 'POST', url: '/sys/apiKey/add', token: tokens[who], payload });
  const list = async (who: string) =>
    (await t.call({ method: 'GET', url: '/sys/apiKey/list', token: tokens[who] })).json();
  const readings = async () =>
    (await t.ctx.db.kysely.selectFrom('scp_reading' as never).selectAll().execute()) as Row[];

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: scopeSchemas() });
    for (const u of ['admin', 'wangfang', 'lina', 'zhangwei']) tokens[u] = await t.login(u);
    a01 = (await t.ctx.db.kysely.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A01').executeTakeFirstOrThrow()).id;
    const res = await t.call({ method: 'POST', url: `${API}/form/scp_patient`, token: tokens.zhangwei, payload: { name: '王一', cardNo: 'C001' } });
    patient = res.json().result;
  });
  afterAll(async () => t?.close());

  it('issues a key for the manager’s own organisation once and lists it without the secret', async () => {
    const options = (await t.call({ method: 'GET', url: '/sys/apiKey/options', token: tokens.wangfang })).json().result;
    expect(options).toEqual({ organisations: [{ value: a01, text: '华康医疗集团' }], entities: [{ value: 'scp_reading', text: '范围测试读数' }] });
    const res = await issue('wangfang', { name: '血压计一号', orgId: a01, entities: ['scp_reading'] });
    expect(res.json(), res.body).toMatchObject({ success: true });
    ({ key, id: keyId } = res.json().result);
    expect(key).toMatch(/^yjy_[A-Za-z0-9_-]{43}$/);
    const listed = (await list('wangfang')).result.records as Row[];
    expect(listed).toEqual([
      expect.objectContaining({ id: keyId, name: '血压计一号', keyPrefix: key.slice(0, 8), orgId_dictText: '华康医疗集团', entities_dictText: '范围测试读数', status_dictText: '启用' }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(JSON.stringify(listed)).not.toContain('keyHash');
  });

  it('refuses a key for another organisation, an entity devices do not post to, and callers without the permission', async () => {
    const a02 = (await t.ctx.db.kysely.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A02').executeTakeFirstOrThrow()).id;
    const other = await issue('wangfang', { name: '越权', orgId: a02, entities: ['scp_reading'] });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('所属机构不在您的数据范围内');
    expect((await issue('wangfang', { name: '患者', orgId: a01, entities: 'scp_patient' })).statusCode).toBe(400);
    expect((await issue('lina', { name: '护士', orgId: a01, entities: ['scp_reading'] })).json().code).toBe(510);
    expect((await list('lina')).code).toBe(510);
    // The administrator sees every organisation's keys.
    expect(((await list('admin')).result.records as Row[]).map((r) => r.id)).toEqual([keyId]);
  });

  it('adds a device’s reading for the organisation’s patient through the ordinary add path', async () => {
    const res = await post({ patient: 'C001', sbp: 142 });
    expect(res.json(), res.body).toMatchObject({ success: true, result: { ok: 1, errors: [] } });
    expect(await readings()).toEqual([expect.objectContaining({ patient, sbp: 142, createBy: 'device:血压计一号' })]);
    const stored = await t.ctx.db.kysely.selectFrom('sysApiKey').select('lastUsedTime').where('id', '=', keyId).executeTakeFirstOrThrow();
    expect(stored.lastUsedTime).not.toBeNull();
    // Staff who see the patient see the reading.
    const seen = await t.call({ method: 'GET', url: `${API}/getData/scp_reading`, token: tokens.zhangwei });
    expect(seen.json().result.records).toHaveLength(1);
  });

  it('answers per row: invalid values and patients outside the organisation are row errors', async () => {
    const outside = await t.call({ method: 'POST', url: `${API}/form/scp_patient`, token: tokens.zhangwei, payload: { name: '李二', cardNo: 'C002' } });
    const a02 = (await t.ctx.db.kysely.selectFrom('sysDepart').select('id').where('orgCode', '=', 'A02').executeTakeFirstOrThrow()).id;
    await t.ctx.db.kysely
      .updateTable('scp_patient' as never)
      .set({ orgId: a02, sysOrgCode: 'A02A01' } as never)
      .where('id' as never, '=', outside.json().result as never)
      .execute();
    const res = await post({ records: [{ patient: 'C001', sbp: 10 }, { patient: 'C001', sbp: 120 }, { patient: 'C002', sbp: 120 }, { sbp: 120 }] });
    const body = res.json();
    expect(body.result.ok).toBe(1);
    expect(body.result.errors.map((e: Row) => e.row)).toEqual([1, 3, 4]);
    expect(body.result.errors[0].message).toContain('收缩压');
    expect(body.result.errors[1].message).toBe('患者：“C002”所选数据不存在或无权访问');
    expect((await post({ records: Array.from({ length: 501 }, () => ({ patient: 'C001', sbp: 120 })) })).statusCode).toBe(400);
  });

  it('refuses a missing or unknown key, an entity the key does not name or that takes no device posts', async () => {
    for (const bad of [null, 'yjy_nope']) {
      const res = await post({ patient: 'C001', sbp: 120 }, bad);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('密钥无效或已停用');
    }
    expect((await post({ name: 'x' }, key, 'scp_patient')).statusCode).toBe(400);
    await t.ctx.db.kysely.updateTable('sysApiKey').set({ entities: 'scp_patient' }).where('id', '=', keyId).execute();
    expect((await post({ patient: 'C001', sbp: 120 })).statusCode).toBe(403);
    await t.ctx.db.kysely.updateTable('sysApiKey').set({ entities: 'scp_reading' }).where('id', '=', keyId).execute();
  });

  it('stops a revoked key; only a manager of its organisation may revoke it', async () => {
    expect((await t.call({ method: 'PUT', url: '/sys/apiKey/revoke', token: tokens.lina, payload: { id: keyId } })).json().code).toBe(510);
    const res = await t.call({ method: 'PUT', url: '/sys/apiKey/revoke', token: tokens.wangfang, payload: { id: keyId } });
    expect(res.json()).toMatchObject({ success: true });
    expect((await list('wangfang')).result.records[0]).toMatchObject({ status: '0', status_dictText: '已停用' });
    const refused = await post({ patient: 'C001', sbp: 120 });
    expect(refused.statusCode).toBe(401);
    // Issuing and revoking are in the key's change history, without its hash.
    const log = await t.call({ method: 'GET', url: '/sys/changeLog/list', token: tokens.admin, query: { table: 'sys_api_key', recordId: keyId } });
    const entries = log.json().result.records as Array<{ action: string }>;
    expect(entries.map((e) => e.action)).toEqual(['edit', 'add']);
    expect(log.body).not.toMatch(/keyHash|key_hash/);
  });

  it('limits posts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= DEVICE_POSTS_PER_ADDRESS; i++) statuses.push((await post({ sbp: 1 }, 'yjy_guess')).statusCode);
    expect(statuses[0]).toBe(401);
    expect(statuses.at(-1)).toBe(429);
  });
});
