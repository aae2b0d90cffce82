import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { clearDemoNotices } from './blank-notices.js';

describe.each(DIALECTS)('labels and feedback on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let doctor: string;
  let nurse: string;
  let operator: string;
  const myLabels = (token: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: '/api/sys/label/myLabel', token, query }).then((r) => r.json().result as Array<Record<string, unknown>>);

  beforeAll(async () => {
    t = await createTestApp(url);
    await clearDemoNotices(t);
    [admin, doctor, nurse, operator] = await Promise.all([t.login('admin'), t.login('zhangwei'), t.login('lina'), t.login('liuyang')]);
  });
  afterAll(async () => t?.close());

  it('keeps personal labels private and system labels shared, with names unique per owner', async () => {
    const own = (await t.call({ method: 'POST', url: '/api/sys/label/saveByUser', token: doctor, payload: { name: '重点随访', color: 'red' } })).json();
    expect(own).toMatchObject({ success: true, message: '保存成功！' });
    const dup = (await t.call({ method: 'POST', url: '/api/sys/label/saveByUser', token: doctor, payload: { name: '重点随访' } })).json();
    expect(dup).toMatchObject({ success: false, message: '标签名称已存在' });
    const sys = (await t.call({ method: 'POST', url: '/api/sys/label/saveBySys', token: operator, payload: { name: '高血压', color: '#ff4d4f' } })).json();
    expect(sys.success).toBe(true);

    const doctorSees = await myLabels(doctor);
    expect(doctorSees.map((l) => [l.name, l.labelType])).toEqual(expect.arrayContaining([['重点随访', 'user'], ['高血压', 'sys']]));
    const nurseSees = await myLabels(nurse);
    expect(nurseSees.map((l) => l.name)).toContain('高血压');
    expect(nurseSees.map((l) => l.name)).not.toContain('重点随访');

    // Renaming someone else's label is "not found"; the label stays as it was.
    const steal = (await t.call({ method: 'POST', url: '/api/sys/label/saveByUser', token: nurse, payload: { id: own.result.id, name: '改名' } })).json();
    expect(steal).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await myLabels(doctor)).find((l) => l.id === own.result.id)?.name).toBe('重点随访');
  });

  it('saves system labels only with label:sys (510 otherwise) and stores names as text', async () => {
    const denied = await t.call({ method: 'POST', url: '/api/sys/label/saveBySys', token: doctor, payload: { name: '越权标签' } });
    expect(denied.json()).toMatchObject({ success: false, code: 510 });
    const xss = '<img src=x onerror=alert(1)>';
    const long = await t.call({ method: 'POST', url: '/api/sys/label/saveByUser', token: doctor, payload: { name: xss } });
    expect(long.statusCode).toBe(400);
    const raw = '${7*7}<b>';
    const saved = (await t.call({ method: 'POST', url: '/api/sys/label/saveByUser', token: doctor, payload: { name: raw } })).json();
    expect(saved.success).toBe(true);
    expect((await myLabels(doctor)).find((l) => l.id === saved.result.id)?.name).toBe(raw);
    const badColor = await t.call({ method: 'POST', url: '/api/sys/label/saveByUser', token: doctor, payload: { name: '颜色', color: 'red;background:url(x)' } });
    expect(badColor.statusCode).toBe(400);
  });

  it("links labels to a record, shows them checked, and never uses or removes another user's private label", async () => {
    const mine = (await t.call({ method: 'POST', url: '/api/sys/label/saveByUser', token: nurse, payload: { name: '护理重点' } })).json().result.id;
    const hisLabel = (await myLabels(doctor)).find((l) => l.name === '重点随访')?.id as string;
    const shared = (await myLabels(nurse)).find((l) => l.name === '高血压')?.id as string;
    const biz = { bizType: 'patient', bizId: 'P0001' };

    const his = await t.call({ method: 'POST', url: '/api/sys/label/rlat/rlatLabel', token: doctor, payload: { ...biz, labelIds: `${hisLabel},${shared}` } });
    expect(his.json().success).toBe(true);
    const foreign = await t.call({ method: 'POST', url: '/api/sys/label/rlat/rlatLabel', token: nurse, payload: { ...biz, labelIds: hisLabel } });
    expect(foreign.json()).toMatchObject({ success: false, message: '标签不存在或无权使用' });
    const own = await t.call({ method: 'POST', url: '/api/sys/label/rlat/rlatLabel', token: nurse, payload: { ...biz, labelIds: mine } });
    expect(own.json().success).toBe(true);

    const nurseView = await myLabels(nurse, biz);
    expect(nurseView.find((l) => l.id === mine)?.checked).toBe(true);
    // The nurse's selection replaced the shared label (visible to her) but not the doctor's private one.
    expect(nurseView.find((l) => l.id === shared)?.checked).toBe(false);
    const doctorView = await myLabels(doctor, biz);
    expect(doctorView.find((l) => l.id === hisLabel)?.checked).toBe(true);

    const bad = await t.call({ method: 'POST', url: '/api/sys/label/rlat/rlatLabel', token: nurse, payload: { bizType: "patient' or 1=1", bizId: 'P0001' } });
    expect(bad.statusCode).toBe(400);
  });

  it("deletes own labels, system labels only with label:sys, and never another user's", async () => {
    const hisLabel = (await myLabels(doctor)).find((l) => l.name === '重点随访')?.id as string;
    const shared = (await myLabels(nurse)).find((l) => l.name === '高血压')?.id as string;
    const foreign = await t.call({ method: 'DELETE', url: '/api/sys/label/delete', token: nurse, query: { id: hisLabel } });
    expect(foreign.json()).toMatchObject({ success: false, message: '未找到对应数据' });
    const sysByNurse = await t.call({ method: 'DELETE', url: '/api/sys/label/delete', token: nurse, query: { id: shared } });
    expect(sysByNurse.json()).toMatchObject({ success: false, code: 510 });
    expect((await myLabels(nurse)).some((l) => l.id === shared)).toBe(true);
    const ownDel = await t.call({ method: 'DELETE', url: '/api/sys/label/delete', token: doctor, query: { id: hisLabel } });
    expect(ownDel.json()).toMatchObject({ success: true, message: '删除成功!' });
    const sysDel = await t.call({ method: 'DELETE', url: '/api/sys/label/delete', token: admin, query: { id: shared } });
    expect(sysDel.json().success).toBe(true);
    const links = await t.ctx.db.kysely.selectFrom('sysLabelRlat').select('labelId').where('labelId', 'in', [hisLabel, shared]).execute();
    expect(links).toEqual([]);
  });

  it('takes feedback from anyone and shows each user only their own', async () => {
    const res = (await t.call({ method: 'POST', url: '/api/sys/feedback/add', token: doctor, payload: { fbType: '2', content: '病历页面加载慢 <script>alert(1)</script>', contact: '13800000000' } })).json();
    expect(res).toMatchObject({ success: true, message: '提交成功，感谢您的反馈！' });
    await t.call({ method: 'POST', url: '/api/sys/feedback/add', token: nurse, payload: { fbType: '1', content: '希望增加夜班排班提醒' } });
    const mine = (await t.call({ method: 'GET', url: '/api/sys/feedback/myList', token: doctor })).json().result;
    expect(mine.records).toHaveLength(1);
    // Text fields are stored and returned as text: the console renders them escaped.
    expect(mine.records[0]).toMatchObject({ content: '病历页面加载慢 <script>alert(1)</script>', status: '0', status_dictText: '待处理', fbType_dictText: '问题反馈' });
    const peek = (await t.call({ method: 'GET', url: '/api/sys/feedback/queryById', token: nurse, query: { id: res.result.id } })).json();
    expect(peek).toMatchObject({ success: false, result: null });
    const list = await t.call({ method: 'GET', url: '/api/sys/feedback/list', token: nurse });
    expect(list.json()).toMatchObject({ success: false, code: 510 });
    const badPath = await t.call({ method: 'POST', url: '/api/sys/feedback/add', token: nurse, payload: { fbType: '1', content: 'x', images: '../../etc/passwd' } });
    expect(badPath.statusCode).toBe(400);
    const badType = await t.call({ method: 'POST', url: '/api/sys/feedback/add', token: nurse, payload: { fbType: '9', content: 'x' } });
    expect(badType.statusCode).toBe(400);
  });

  it('lets an administrator handle pending feedback once, replying to the submitter in the bell', async () => {
    const id = (await t.call({ method: 'GET', url: '/api/sys/feedback/myList', token: doctor })).json().result.records[0].id;
    const all = (await t.call({ method: 'GET', url: '/api/sys/feedback/list', token: operator, query: { status: '0' } })).json().result;
    expect(all.total).toBe(2);
    const denied = await t.call({ method: 'POST', url: '/api/sys/feedback/handle', token: nurse, payload: { id, status: '1', reply: 'x' } });
    expect(denied.json()).toMatchObject({ success: false, code: 510 });
    const noReply = await t.call({ method: 'POST', url: '/api/sys/feedback/handle', token: operator, payload: { id, status: '1' } });
    expect(noReply.json()).toMatchObject({ success: false, message: '请填写处理意见' });
    const started = await t.call({ method: 'POST', url: '/api/sys/feedback/handle', token: operator, payload: { id, status: '2' } });
    expect(started.json().success).toBe(true);
    const done = await t.call({ method: 'POST', url: '/api/sys/feedback/handle', token: operator, payload: { id, status: '1', reply: '已优化加载速度' } });
    expect(done.json()).toMatchObject({ success: true, message: '处理成功！' });
    const again = await t.call({ method: 'POST', url: '/api/sys/feedback/handle', token: operator, payload: { id, status: '3', reply: '关闭' } });
    expect(again.json()).toMatchObject({ success: false, message: '该反馈已处理完毕，不能再次处理' });

    const row = (await t.call({ method: 'GET', url: '/api/sys/feedback/queryById', token: doctor, query: { id } })).json().result;
    expect(row).toMatchObject({ status: '1', reply: '已优化加载速度', handleBy: 'liuyang' });
    const bell = (await t.call({ method: 'GET', url: '/api/sys/msg/rec/unreadList', token: doctor })).json().result;
    const replies = bell.filter((m: { classify: string }) => m.classify === 'feedback');
    // One message for "in progress", one for the answer.
    expect(replies.map((m: { title: string }) => m.title).sort()).toEqual(['您的意见反馈处理中', '您的意见反馈已处理']);
    expect(replies.find((m: { title: string }) => m.title === '您的意见反馈已处理')).toMatchObject({
      content: '已优化加载速度',
      classifyName: '意见反馈',
      redirect: { type: 'web', webUrl: '/system/feedback/my/List' },
    });
  });

  it('lets the submitter withdraw only their own pending feedback', async () => {
    const nurseFb = (await t.call({ method: 'GET', url: '/api/sys/feedback/myList', token: nurse })).json().result.records[0];
    const byOther = await t.call({ method: 'POST', url: '/api/sys/feedback/withdraw', token: doctor, payload: { id: nurseFb.id } });
    expect(byOther.json()).toMatchObject({ success: false, message: '未找到对应数据' });
    const own = await t.call({ method: 'POST', url: '/api/sys/feedback/withdraw', token: nurse, payload: { id: nurseFb.id } });
    expect(own.json()).toMatchObject({ success: true, message: '撤回成功！' });
    const twice = await t.call({ method: 'POST', url: '/api/sys/feedback/withdraw', token: nurse, payload: { id: nurseFb.id } });
    expect(twice.json()).toMatchObject({ success: false, message: '只有待处理的反馈可以撤回' });
    const handle = await t.call({ method: 'POST', url: '/api/sys/feedback/handle', token: operator, payload: { id: nurseFb.id, status: '1', reply: '好' } });
    expect(handle.json()).toMatchObject({ success: false, message: '该反馈已处理完毕，不能再次处理' });
  });
});
