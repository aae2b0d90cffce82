import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { MissingValuesError, parseValueLines, placeholders, renderTemplate } from '../../src/server/modules/message/template-text.js';
import { MAX_RECIPIENTS } from '../../src/server/modules/message/recipients.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const LINA = stableId('user', 'lina');
const LIUYANG = stableId('user', 'liuyang');
const TPL = '/sys/message/sysMessageTemplate';
const SEND = '/sys/message/send';

describe('message template placeholders', () => {
  it('replaces ${name} with plain text and nothing else', () => {
    expect(renderTemplate('${name}，您好：${ date } 有排班', { name: '李娜', date: '明天' })).toBe('李娜，您好：明天 有排班');
    // Values are text, never evaluated or expanded again.
    expect(renderTemplate('${a}', { a: '${b} {{1+1}} <b>' })).toBe('${b} {{1+1}} <b>');
    expect(renderTemplate('无变量 $name {x} $ {y}', {})).toBe('无变量 $name {x} $ {y}');
    expect(placeholders('${a}${b}${a}')).toEqual(['a', 'b']);
  });

  it('refuses placeholders without a value, naming them', () => {
    expect(() => renderTemplate('${name} ${date} ${toString}', { name: 'x' })).toThrow(MissingValuesError);
    expect(() => renderTemplate('${name} ${date} ${constructor}', { name: 'x' })).toThrow('模板变量未提供值：date、constructor');
  });

  it('reads name=value lines and explains a bad line', () => {
    expect(parseValueLines('name=李娜\n\n date = 2026-11-26 \nexpr=a=b')).toEqual({ name: '李娜', date: '2026-11-26', expr: 'a=b' });
    expect(parseValueLines('name=李娜\n没有等号')).toBe('变量值第 2 行格式不正确，应为“变量名=值”');
  });
});

describe.each(DIALECTS)('message administration on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let nurse: string;
  let manager: string;
  let nurseRoleId: string;

  const json = async (opts: Parameters<TestApp['call']>[0]) => (await t.call(opts)).json();
  const unreadTitles = async (token: string) =>
    ((await json({ method: 'GET', url: '/api/sys/msg/rec/unreadList', token })).result as Array<{ title: string }>).map((m) => m.title);

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, nurse, manager] = await Promise.all([t.login('admin'), t.login('lina'), t.login('wangfang')]);
    const role = await t.ctx.db.kysely.selectFrom('sysRole').select('id').where('roleCode', '=', 'nurse').executeTakeFirstOrThrow();
    nurseRoleId = role.id;
  });
  afterAll(async () => t?.close());

  it('keeps templates: add, list with dictionary texts, edit, unique code, delete', async () => {
    const add = await json({
      method: 'POST',
      url: `${TPL}/add`,
      token: admin,
      payload: { code: 'shift_notice', name: '排班通知', tplType: 'system', title: '${name}，排班已更新', content: '${name} 您好，${date} 的排班已更新。' },
    });
    expect(add).toMatchObject({ success: true, message: '添加成功！' });
    const list = (await json({ method: 'GET', url: `${TPL}/list`, token: admin, query: { name: '*排班*' } })).result;
    expect(list.total).toBe(1);
    expect(list.records[0]).toMatchObject({ code: 'shift_notice', tplType_dictText: '站内消息', status: '1', status_dictText: '启用' });
    const id = list.records[0].id as string;

    const again = await json({ method: 'POST', url: `${TPL}/add`, token: admin, payload: { code: 'shift_notice', name: '重复', tplType: 'system', title: 'x' } });
    expect(again).toMatchObject({ success: false, message: '模板编码已存在' });

    const edit = await json({
      method: 'PUT',
      url: `${TPL}/edit`,
      token: admin,
      payload: { id, code: 'shift_notice', name: '排班通知', tplType: 'system', title: '${name}，您的排班已更新', content: '${name} 您好，${date} 的排班已更新。', status: '1' },
    });
    expect(edit.success).toBe(true);
    expect((await json({ method: 'GET', url: `${TPL}/queryById`, token: admin, query: { id } })).result.title).toBe('${name}，您的排班已更新');

    const temp = await json({ method: 'POST', url: `${TPL}/add`, token: admin, payload: { code: 'temp', name: '临时', tplType: 'email', title: '临时' } });
    expect(temp.success).toBe(true);
    const tempId = (await json({ method: 'GET', url: `${TPL}/list`, token: admin, query: { code: 'temp' } })).result.records[0].id;
    expect(await json({ method: 'DELETE', url: `${TPL}/delete`, token: admin, query: { id: tempId } })).toMatchObject({ success: true });
    expect((await json({ method: 'GET', url: `${TPL}/list`, token: admin, query: { code: 'temp' } })).result.total).toBe(0);
  });

  it('refuses bad template input with a 400 in Chinese', async () => {
    const badCode = await t.call({ method: 'POST', url: `${TPL}/add`, token: admin, payload: { code: 'a b', name: 'x', tplType: 'system', title: 'x' } });
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toMatch(/code/);
    const html = await t.call({
      method: 'POST',
      url: `${TPL}/add`,
      token: admin,
      payload: { code: 'html', name: 'x', tplType: 'system', title: 'x', content: '<img src=x onerror=alert(1)>' },
    });
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toBe('模板内容为纯文本，不能包含 HTML 标签');
  });

  it('sends a template to a role: every member gets it in the bell, and the log counts sends and reads', async () => {
    const tpl = (await json({ method: 'GET', url: `${TPL}/list`, token: admin, query: { code: 'shift_notice' } })).result.records[0];
    const members = await t.ctx.db.kysely
      .selectFrom('sysUserRole')
      .innerJoin('sysUser', 'sysUser.id', 'sysUserRole.userId')
      .select('sysUser.id')
      .where('sysUserRole.roleId', '=', nurseRoleId)
      .where('sysUser.status', '=', 1)
      .where('sysUser.delFlag', '=', 0)
      .execute();
    expect(members.length).toBeGreaterThan(1);

    const sent = await json({
      method: 'POST',
      url: `${SEND}/sendMsg`,
      token: admin,
      payload: { templateId: tpl.id, roleIds: nurseRoleId, values: 'name=护理组\ndate=11月28日' },
    });
    expect(sent).toMatchObject({ success: true, result: { recipientCount: members.length } });
    expect(await unreadTitles(nurse)).toContain('护理组，您的排班已更新');

    const log = (await json({ method: 'GET', url: `${SEND}/list`, token: admin })).result;
    const row = log.records.find((r: { id: string }) => r.id === sent.result.id);
    expect(row).toMatchObject({ title: '护理组，您的排班已更新', content: '护理组 您好，11月28日 的排班已更新。', templateName: '排班通知', sender: 'admin', recipientCount: members.length, readCount: 0 });

    // Lina reads it: the log counts one read and her row says so.
    const mine = (await json({ method: 'GET', url: '/api/sys/msg/rec/unreadList', token: nurse })).result as Array<{ id: string; title: string }>;
    const msg = mine.find((m) => m.title === '护理组，您的排班已更新')!;
    expect((await json({ method: 'POST', url: '/api/sys/msg/rec/read', token: nurse, payload: { ids: msg.id } })).success).toBe(true);
    const after = (await json({ method: 'GET', url: `${SEND}/list`, token: admin })).result.records.find((r: { id: string }) => r.id === sent.result.id);
    expect(after.readCount).toBe(1);
    const recipients = (await json({ method: 'GET', url: `${SEND}/recipients`, token: admin, query: { sendId: sent.result.id, pageSize: '100' } })).result;
    expect(recipients.total).toBe(members.length);
    const lina = recipients.records.find((r: { username: string }) => r.username === 'lina');
    expect(lina).toMatchObject({ realname: '李娜', readFlag: '1', readFlag_dictText: '已读' });
    expect(recipients.records.filter((r: { readFlag: string }) => r.readFlag === '1')).toHaveLength(1);
  });

  it('sends typed text to chosen users; a placeholder without a value is refused by name', async () => {
    const ok = await json({ method: 'POST', url: `${SEND}/sendMsg`, token: admin, payload: { title: '请核对本周药品库存', content: '周五前完成', userIds: LINA } });
    expect(ok).toMatchObject({ success: true, result: { recipientCount: 1 } });
    expect(await unreadTitles(nurse)).toContain('请核对本周药品库存');

    // The send form offers enabled in-app templates only.
    const options = (await json({ method: 'GET', url: `${TPL}/options`, token: manager })).result as Array<{ code: string }>;
    expect(options.map((o) => o.code)).toEqual(['shift_notice']);
    const tpl = (await json({ method: 'GET', url: `${TPL}/list`, token: admin, query: { code: 'shift_notice' } })).result.records[0];
    const missing = await t.call({ method: 'POST', url: `${SEND}/sendMsg`, token: admin, payload: { templateId: tpl.id, userIds: LINA, values: { name: '李娜' } } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('模板变量未提供值：date');
  });

  it('reaches only users inside the sender’s scope', async () => {
    // Wang Fang manages the clinical organisation; Liu Yang works in operations.
    const out = await json({ method: 'POST', url: `${SEND}/sendMsg`, token: manager, payload: { title: '越权测试', userIds: `${LINA},${LIUYANG}` } });
    expect(out).toMatchObject({ success: false, message: '所选用户中有不存在、已冻结或不在您管理范围内的用户' });
    expect(await unreadTitles(nurse)).not.toContain('越权测试');

    // A role reaches only its members she may see.
    const byRole = await json({ method: 'POST', url: `${SEND}/sendMsg`, token: manager, payload: { title: '科内护理通知', roleIds: nurseRoleId } });
    expect(byRole.success).toBe(true);
    const db = t.ctx.db.kysely;
    const reached = await db.selectFrom('sysMessage').innerJoin('sysUserDepart', 'sysUserDepart.userId', 'sysMessage.userId').innerJoin('sysDepart', 'sysDepart.id', 'sysUserDepart.depId').select('sysDepart.orgCode').where('sysMessage.title', '=', '科内护理通知').execute();
    expect(reached.length).toBe(byRole.result.recipientCount);
    expect(reached.every((r) => r.orgCode?.startsWith('A01A01'))).toBe(true);
  });

  it('answers 510 without the permissions and 4xx in Chinese on bad input', async () => {
    for (const [method, u] of [['POST', `${SEND}/sendMsg`], ['GET', `${SEND}/list`], ['GET', `${TPL}/list`], ['GET', `${TPL}/options`], ['POST', `${TPL}/add`]] as const) {
      const res = await json({ method, url: u, token: nurse, payload: method === 'POST' ? { title: 'x', userIds: LINA } : undefined });
      expect(res.code, u).toBe(510);
    }
    const none = await t.call({ method: 'POST', url: `${SEND}/sendMsg`, token: admin, payload: { title: '没有接收人' } });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('请选择接收人：用户、角色或部门至少选一项');
    const noTitle = await t.call({ method: 'POST', url: `${SEND}/sendMsg`, token: admin, payload: { userIds: LINA } });
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toBe('请填写消息标题或选择消息模板');
    const badIds = await t.call({ method: 'POST', url: `${SEND}/sendMsg`, token: admin, payload: { title: 'x', userIds: "1' or '1'='1" } });
    expect(badIds.statusCode).toBe(400);
    const noSend = await t.call({ method: 'GET', url: `${SEND}/recipients`, token: admin });
    expect(noSend.statusCode).toBe(400);
  });

  it('refuses a send to more than the recipient limit, saying how many were chosen', async () => {
    const db = t.ctx.db.kysely;
    const lina = await db.selectFrom('sysUser').selectAll().where('id', '=', LINA).executeTakeFirstOrThrow();
    const depart = await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', LINA).executeTakeFirstOrThrow();
    const clones = Array.from({ length: MAX_RECIPIENTS }, (_, i) => ({
      ...lina,
      id: `limit${String(i).padStart(5, '0')}`,
      username: `limit_nurse_${i}`,
      phone: null,
      email: null,
      workNo: null,
      staffId: null,
    }));
    for (let i = 0; i < clones.length; i += 100) {
      const part = clones.slice(i, i + 100);
      await db.insertInto('sysUser').values(part).execute();
      await db.insertInto('sysUserRole').values(part.map((u) => ({ id: `r${u.id}`, userId: u.id, roleId: nurseRoleId }))).execute();
      await db.insertInto('sysUserDepart').values(part.map((u) => ({ id: `d${u.id}`, userId: u.id, depId: depart.depId }))).execute();
      // Tenant membership is the indexed relation sys_user_tenant (rel_tenant_ids is its copy for the protocol).
      await db.insertInto('sysUserTenant').values(part.map((u) => ({ userId: u.id, tenantId: 1 }))).execute();
    }
    const before = (await db.selectFrom('sysMessage').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const res = await t.call({ method: 'POST', url: `${SEND}/sendMsg`, token: admin, payload: { title: '全员护理通知', roleIds: nurseRoleId } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^一次最多发送给 ${MAX_RECIPIENTS} 人，当前选择了 \\d+ 人，请缩小范围后分批发送$`));
    const after = (await db.selectFrom('sysMessage').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    expect(Number(after)).toBe(Number(before));
  });
});

describe.each(DIALECTS)('label page API on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let nurse: string;
  const json = async (opts: Parameters<TestApp['call']>[0]) => (await t.call(opts)).json();

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, nurse] = await Promise.all([t.login('admin'), t.login('lina')]);
  });
  afterAll(async () => t?.close());

  it('saves system labels only with label:sys, personal ones for anyone, and says which each may change', async () => {
    expect(await json({ method: 'POST', url: '/api/sys/label/save', token: admin, payload: { labelType: 'sys', name: '重点关注', color: 'red' } })).toMatchObject({ success: true });
    const refused = await json({ method: 'POST', url: '/api/sys/label/save', token: nurse, payload: { labelType: 'sys', name: '护士系统标签' } });
    expect(refused.code).toBe(510);
    expect(await json({ method: 'POST', url: '/api/sys/label/save', token: nurse, payload: { labelType: 'user', name: '夜班' } })).toMatchObject({ success: true });
    const noType = await t.call({ method: 'POST', url: '/api/sys/label/save', token: nurse, payload: { name: '无类型' } });
    expect(noType.statusCode).toBe(400);

    const seen = (await json({ method: 'GET', url: '/api/sys/label/myLabel', token: nurse })).result as Array<{ id: string; name: string; editable: boolean; labelType: string }>;
    expect(seen.find((l) => l.name === '重点关注')).toMatchObject({ labelType: 'sys', editable: false });
    const night = seen.find((l) => l.name === '夜班')!;
    expect(night).toMatchObject({ labelType: 'user', editable: true });

    // An edit keeps the kind; a nurse cannot edit the system label through the same endpoint.
    expect(await json({ method: 'POST', url: '/api/sys/label/save', token: nurse, payload: { id: night.id, name: '夜班组' } })).toMatchObject({ success: true });
    const sysId = seen.find((l) => l.name === '重点关注')!.id;
    expect((await json({ method: 'POST', url: '/api/sys/label/save', token: nurse, payload: { id: sysId, name: '改名' } })).code).toBe(510);
    const mine = (await json({ method: 'GET', url: '/api/sys/label/myLabel', token: nurse })).result as Array<{ name: string; labelType: string }>;
    expect(mine.map((l) => l.name).sort()).toEqual(['夜班组', '重点关注'].sort());
  });

  it('attaches labels to a user and shows them checked for that user', async () => {
    const labels = (await json({ method: 'GET', url: '/api/sys/label/myLabel', token: admin })).result as Array<{ id: string; name: string }>;
    const key = labels.find((l) => l.name === '重点关注')!;
    const saved = await json({ method: 'POST', url: '/api/sys/label/rlat/rlatLabel', token: admin, payload: { bizType: 'user', bizId: LINA, labelIds: key.id } });
    expect(saved.success).toBe(true);
    const forLina = (await json({ method: 'GET', url: '/api/sys/label/myLabel', token: admin, query: { bizType: 'user', bizId: LINA } })).result as Array<{ id: string; checked: boolean }>;
    expect(forLina.find((l) => l.id === key.id)?.checked).toBe(true);
    const forLiu = (await json({ method: 'GET', url: '/api/sys/label/myLabel', token: admin, query: { bizType: 'user', bizId: LIUYANG } })).result as Array<{ id: string; checked: boolean }>;
    expect(forLiu.find((l) => l.id === key.id)?.checked).toBe(false);
  });
});
