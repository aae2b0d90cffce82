import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { sendMessage } from '../../src/server/modules/message/send.js';
import { formatDateTime } from '../../src/shared/time.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { clearDemoNotices } from './blank-notices.js';

const ZHANGWEI = stableId('user', 'zhangwei');
const LINA = stableId('user', 'lina');
const DAY = 86_400_000;

describe.each(DIALECTS)('user messages on $name', ({ url }) => {
  let t: TestApp;
  let doctor: string;
  let nurse: string;
  const unreadList = (token: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: '/api/sys/msg/rec/unreadList', token, query }).then((r) => r.json().result as Array<Record<string, unknown>>);

  beforeAll(async () => {
    t = await createTestApp(url);
    await clearDemoNotices(t);
    [doctor, nurse] = await Promise.all([t.login('zhangwei'), t.login('lina')]);
  });
  afterAll(async () => t?.close());

  it('sends messages with classify, colour (blue by default) and a redirect, and groups them for the bell', async () => {
    await sendMessage(t.ctx, {
      userIds: [ZHANGWEI],
      title: '随访表单待填写',
      content: '患者王某的随访表单待填写',
      classify: 'followUp',
      classifyName: '随访提醒',
      msgColor: 'red',
      redirect: { type: 'visitForm', param: { detailId: 'd1', caseId: 'c1', formId: 'f1', projectId: 'p1' } },
    });
    await sendMessage(t.ctx, {
      userIds: [ZHANGWEI],
      title: '报表已生成',
      classify: 'system',
      classifyName: '系统消息',
      redirect: { type: 'download', downloadUrl: 'https://files.example.com/r.xlsx' },
    });
    const groups = (await t.call({ method: 'GET', url: '/api/sys/msg/rec/getUnreadListWithMsg', token: doctor })).json().result;
    const follow = groups.find((g: { classify: string }) => g.classify === 'followUp');
    expect(follow).toMatchObject({ classifyName: '随访提醒', unreadCount: 1 });
    expect(follow.msgList[0]).toMatchObject({
      title: '随访表单待填写',
      content: '患者王某的随访表单待填写',
      msgColor: 'red',
      readFlag: 0,
      redirect: { type: 'visitForm', param: { detailId: 'd1', caseId: 'c1', formId: 'f1', projectId: 'p1' } },
    });
    const sys = groups.find((g: { classify: string }) => g.classify === 'system');
    expect(sys.msgList[0]).toMatchObject({ msgColor: 'blue', redirect: { type: 'download', downloadUrl: 'https://files.example.com/r.xlsx' } });
    const count = (await t.call({ method: 'GET', url: '/api/sys/msg/rec/unreadCount', token: doctor })).json().result;
    expect(count).toBe(2);
    // Nothing of it reaches another user.
    expect(await unreadList(nurse)).toEqual([]);
  });

  it('refuses script links and malformed redirect parameters before storing anything', async () => {
    const before = await unreadList(nurse);
    for (const redirect of [
      { type: 'web', webUrl: 'javascript:alert(1)' },
      { type: 'download', downloadUrl: '//evil.example/x' },
      { type: 'visitForm', param: { detailId: "1' or '1'='1" } },
      { type: 'nowhere' },
    ] as const) {
      await expect(
        sendMessage(t.ctx, { userIds: [LINA], title: 'x', classify: 'system', classifyName: '系统消息', redirect: redirect as never }),
      ).rejects.toThrow();
    }
    expect(await unreadList(nurse)).toEqual(before);
  });

  it('lists only the unread messages of the last dayCount days (3 by default)', async () => {
    const db = t.ctx.db.kysely;
    const old = { userId: LINA, tenantId: 1, content: null, classify: 'system', classifyName: '系统消息', msgColor: 'blue', redirect: null, readFlag: 0, readTime: null, anntId: null, createBy: null };
    await db
      .insertInto('sysMessage')
      .values([
        { ...old, id: 'a'.repeat(32), title: '五天前', createTime: formatDateTime(Date.now() - 5 * DAY) },
        { ...old, id: 'b'.repeat(32), title: '两天前', createTime: formatDateTime(Date.now() - 2 * DAY) },
        { ...old, id: 'c'.repeat(32), title: '已读的', readFlag: 1, createTime: formatDateTime(Date.now() - DAY) },
      ])
      .execute();
    expect((await unreadList(nurse)).map((m) => m.title)).toEqual(['两天前']);
    expect((await unreadList(nurse, { dayCount: '7' })).map((m) => m.title)).toEqual(['两天前', '五天前']);
    const bad = await t.call({ method: 'GET', url: '/api/sys/msg/rec/unreadList', token: nurse, query: { dayCount: '3 or 1=1' } });
    expect(bad.statusCode).toBe(400);
  });

  it("marks read by comma-joined ids, only the caller's own, and not on GET", async () => {
    await sendMessage(t.ctx, { userIds: [LINA, ZHANGWEI], title: '两人都有', classify: 'system', classifyName: '系统消息' });
    const mine = (await unreadList(nurse)).find((m) => m.title === '两人都有') as { id: string };
    const his = (await unreadList(doctor)).find((m) => m.title === '两人都有') as { id: string };
    // The doctor tries to mark the nurse's message read along with his own.
    const res = await t.call({ method: 'POST', url: '/api/sys/msg/rec/read', token: doctor, payload: { ids: `${his.id},${mine.id},` } });
    expect(res.json()).toMatchObject({ success: true });
    expect((await unreadList(doctor)).some((m) => m.id === his.id)).toBe(false);
    expect((await unreadList(nurse)).some((m) => m.id === mine.id)).toBe(true);

    const get = await t.call({ method: 'GET', url: '/api/sys/msg/rec/read', token: nurse, query: { ids: mine.id } });
    expect(get.statusCode).toBe(405);
    expect((await unreadList(nurse)).some((m) => m.id === mine.id)).toBe(true);
    const none = await t.call({ method: 'POST', url: '/api/sys/msg/rec/read', token: nurse, payload: {} });
    expect(none.statusCode).toBe(400);
  });

  it('needs a session for every message endpoint', async () => {
    for (const path of ['/api/sys/msg/rec/unreadList', '/api/sys/msg/rec/getUnreadListWithMsg', '/api/sys/msg/rec/unreadCount']) {
      const res = await t.call({ method: 'GET', url: path });
      expect(res.statusCode).toBe(401);
      expect(res.json().result).toBeNull();
    }
  });
});
