import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { clearDemoNotices } from './blank-notices.js';

const ZHANGWEI = stableId('user', 'zhangwei');
const LINA = stableId('user', 'lina');
const LIUYANG = stableId('user', 'liuyang');

/** XSS payloads of the security catalogue §9 / §12 item 14. */
const HOSTILE_HTML = [
  '<p>正文</p>',
  '<p>`${7*7}` &lt;#assign x=1&gt;</p>',
  '<svg/onload=alert(1)>',
  '<img src="x"onerror=alert(1)>',
  '<a href="jav&#x61;script:alert(1)">点我</a>',
  '<iframe src="https://evil.example"></iframe>',
  '<p style="background:url(javascript:alert(1))">样式</p>',
  // An unclosed fragment last: everything after it is script text and goes too.
  '<script src=//x>',
].join('');

describe.each(DIALECTS)('announcements on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let doctor: string;
  let nurse: string;
  let manager: string;

  const add = (token: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/sys/annountCement/add', token, payload }).then((r) => r.json());
  const release = (token: string, id: string) =>
    t.call({ method: 'POST', url: '/sys/annountCement/doReleaseData', token, payload: { id } }).then((r) => r.json());
  const listByUser = (token: string) => t.call({ method: 'GET', url: '/sys/annountCement/listByUser', token }).then((r) => r.json().result);
  const unreadCount = (token: string) => t.call({ method: 'GET', url: '/api/sys/msg/rec/unreadCount', token }).then((r) => r.json().result as number);

  beforeAll(async () => {
    t = await createTestApp(url);
    await clearDemoNotices(t);
    [admin, doctor, nurse, manager] = await Promise.all([t.login('admin'), t.login('zhangwei'), t.login('lina'), t.login('wangfang')]);
  });
  afterAll(async () => t?.close());

  it('stores rich text sanitised and returns every hostile payload inert, plain fields unchanged', async () => {
    const titile = '系统升级 `${7*7}` <#assign x=1> =1+1';
    const res = await add(admin, { titile, msgContent: HOSTILE_HTML, priority: 'H', msgCategory: '1', msgType: 'USER', userIds: `${ZHANGWEI},` });
    expect(res).toMatchObject({ success: true, message: '添加成功！' });
    const got = (await t.call({ method: 'GET', url: '/sys/annountCement/queryById', token: admin, query: { id: res.result.id } })).json().result;
    expect(got.titile).toBe(titile);
    expect(got.priority_dictText).toBe('高');
    const html: string = got.msgContent;
    expect(html).toContain('<p>正文</p>');
    expect(html).toContain('<p>`${7*7}` &lt;#assign x=1&gt;</p>');
    expect(html).toContain('<p>样式</p>');
    for (const bad of ['<svg', 'onload', 'onerror', 'javascript', '<script', '<iframe', 'url(']) expect(html.toLowerCase()).not.toContain(bad);
    const row = await t.ctx.db.kysely.selectFrom('sysAnnouncement').select('msgContent').where('id', '=', res.result.id).executeTakeFirstOrThrow();
    expect(row.msgContent).toBe(html);
  });

  it('refuses values outside the enumerations and unsafe open targets with 400', async () => {
    const bad = await t.call({ method: 'POST', url: '/sys/annountCement/add', token: admin, payload: { titile: 'x', priority: '<b>H</b>' } });
    expect(bad.statusCode).toBe(400);
    const js = await t.call({
      method: 'POST',
      url: '/sys/annountCement/add',
      token: admin,
      payload: { titile: 'x', openType: 'url', openPage: 'javascript:alert(1)' },
    });
    expect(js.statusCode).toBe(400);
    expect(js.json().message).toContain('页面地址');
  });

  it('releases to the chosen user only: inbox, bell message and counts; reading drops them', async () => {
    const { result } = await add(admin, { titile: '门诊排班调整', msgContent: '<p>请<b>查看</b>新排班</p>', msgType: 'USER', userIds: ZHANGWEI, priority: 'M' });
    const before = await unreadCount(doctor);
    const rel = await release(admin, result.id);
    expect(rel).toMatchObject({ success: true, message: '该系统通知发布成功', result: { recipients: 1 } });

    const inbox = await listByUser(doctor);
    expect(inbox.anntMsgList.map((a: { titile: string }) => a.titile)).toContain('门诊排班调整');
    expect(inbox.anntMsgList[0]).toMatchObject({ sender: 'admin', sendStatus: '1', userIds: null });
    expect(await unreadCount(doctor)).toBe(before + 1);
    const groups = (await t.call({ method: 'GET', url: '/api/sys/msg/rec/getUnreadListWithMsg', token: doctor })).json().result;
    const group = groups.find((g: { classify: string }) => g.classify === 'announcement');
    expect(group.classifyName).toBe('通知公告');
    const msg = group.msgList.find((m: { title: string }) => m.title === '门诊排班调整');
    expect(msg).toMatchObject({ content: '请查看新排班', msgColor: 'orange', readFlag: 0, redirect: { type: 'announcement', param: { anntId: result.id } } });

    // Someone not chosen sees nothing, not even by id.
    expect((await listByUser(nurse)).anntMsgList.some((a: { id: string }) => a.id === result.id)).toBe(false);
    const peek = (await t.call({ method: 'GET', url: '/sys/annountCement/queryById', token: nurse, query: { id: result.id } })).json();
    expect(peek).toMatchObject({ success: false, result: null });

    const read = await t.call({ method: 'PUT', url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId', token: doctor, payload: { anntId: result.id } });
    expect(read.json().success).toBe(true);
    expect((await listByUser(doctor)).anntMsgList.some((a: { id: string }) => a.id === result.id)).toBe(false);
    expect(await unreadCount(doctor)).toBe(before);
    const mine = (await t.call({ method: 'GET', url: '/sys/sysAnnouncementSend/getMyAnnouncementSend', token: doctor, query: { titile: '*排班*' } })).json().result;
    expect(mine.records).toHaveLength(1);
    expect(mine.records[0]).toMatchObject({ anntId: result.id, readFlag: '1', readFlag_dictText: '已读', priority_dictText: '中' });
  });

  it('releases to everyone of the tenant, reads by message id, and read-all clears the inbox', async () => {
    const { result } = await add(admin, { titile: '全员通知', msgType: 'ALL', msgCategory: '2' });
    const rel = await release(admin, result.id);
    expect(rel.result.recipients).toBeGreaterThan(50);
    const nurseInbox = await listByUser(nurse);
    expect(nurseInbox.sysMsgList.map((a: { id: string }) => a.id)).toContain(result.id);
    const unread = (await t.call({ method: 'GET', url: '/api/sys/msg/rec/unreadList', token: nurse, query: { dayCount: '3' } })).json().result;
    const msg = unread.find((m: { anntId: string }) => m.anntId === result.id);
    expect(msg).toMatchObject({ classify: 'system', classifyName: '系统消息', msgColor: 'blue' });
    // Reading the bell message reads the announcement too.
    const read = await t.call({ method: 'POST', url: '/api/sys/msg/rec/read', token: nurse, payload: { ids: `${msg.id},` } });
    expect(read.json()).toMatchObject({ success: true });
    expect((await listByUser(nurse)).sysMsgList.some((a: { id: string }) => a.id === result.id)).toBe(false);

    expect((await listByUser(doctor)).sysMsgTotal).toBeGreaterThan(0);
    const all = await t.call({ method: 'PUT', url: '/sys/sysAnnouncementSend/readAll', token: doctor });
    expect(all.json()).toMatchObject({ success: true, message: '全部已读' });
    const after = await listByUser(doctor);
    expect(after.sysMsgTotal + after.anntMsgTotal).toBe(0);
    const left = (await t.call({ method: 'GET', url: '/api/sys/msg/rec/unreadList', token: doctor })).json().result;
    expect(left.filter((m: { anntId: string | null }) => m.anntId)).toHaveLength(0);
  });

  it('revoking or deleting takes the announcement and its unread message back', async () => {
    const { result } = await add(admin, { titile: '将被撤销', msgType: 'USER', userIds: LINA });
    await release(admin, result.id);
    const count = await unreadCount(nurse);
    const edit = await t.call({ method: 'PUT', url: '/sys/annountCement/edit', token: admin, payload: { id: result.id, titile: '改' } });
    expect(edit.json()).toMatchObject({ success: false, message: '已发布的通告不能编辑，请先撤销' });
    const revoke = await t.call({ method: 'PUT', url: '/sys/annountCement/doReovkeData', token: admin, payload: { id: result.id } });
    expect(revoke.json()).toMatchObject({ success: true, message: '该系统通知撤销成功' });
    expect(await unreadCount(nurse)).toBe(count - 1);
    expect((await listByUser(nurse)).anntMsgList.some((a: { id: string }) => a.id === result.id)).toBe(false);

    const edited = await t.call({ method: 'PUT', url: '/sys/annountCement/edit', token: admin, payload: { id: result.id, titile: '撤销后修改', msgType: 'USER', userIds: LINA } });
    expect(edited.json()).toMatchObject({ success: true, message: '编辑成功!' });
    await release(admin, result.id);
    expect(await unreadCount(nurse)).toBe(count);
    const del = await t.call({ method: 'DELETE', url: '/sys/annountCement/delete', token: admin, query: { id: result.id } });
    expect(del.json()).toMatchObject({ success: true, message: '删除成功!' });
    expect(await unreadCount(nurse)).toBe(count - 1);
    const gone = (await t.call({ method: 'GET', url: '/sys/annountCement/queryById', token: admin, query: { id: result.id } })).json();
    expect(gone.success).toBe(false);
  });

  it('lists for administrators with dictionary texts, filters and batch delete', async () => {
    const a = await add(admin, { titile: '批量删除甲', msgType: 'ALL' });
    const b = await add(admin, { titile: '批量删除乙', msgType: 'ALL' });
    const list = (await t.call({ method: 'GET', url: '/sys/annountCement/list', token: admin, query: { titile: '*批量删除*', pageSize: '10' } })).json().result;
    expect(list.total).toBe(2);
    expect(list.records[0]).toMatchObject({ sendStatus: '0', sendStatus_dictText: '未发布', msgType_dictText: '全体用户' });
    const del = await t.call({ method: 'DELETE', url: '/sys/annountCement/deleteBatch', token: admin, query: { ids: `${a.result.id},${b.result.id},` } });
    expect(del.json()).toMatchObject({ success: true, message: '批量删除成功!' });
    const again = (await t.call({ method: 'GET', url: '/sys/annountCement/list', token: admin, query: { titile: '*批量删除*' } })).json().result;
    expect(again.total).toBe(0);
  });

  it('refuses administration to users without the permission codes (510) and changes nothing', async () => {
    const { result } = await add(admin, { titile: '权限测试', msgType: 'ALL' });
    const calls = [
      t.call({ method: 'GET', url: '/sys/annountCement/list', token: doctor }),
      t.call({ method: 'POST', url: '/sys/annountCement/add', token: doctor, payload: { titile: '越权' } }),
      t.call({ method: 'PUT', url: '/sys/annountCement/edit', token: doctor, payload: { id: result.id, titile: '越权' } }),
      t.call({ method: 'POST', url: '/sys/annountCement/doReleaseData', token: doctor, payload: { id: result.id } }),
      t.call({ method: 'DELETE', url: '/sys/annountCement/delete', token: doctor, query: { id: result.id } }),
    ];
    for (const res of await Promise.all(calls)) expect(res.json()).toMatchObject({ success: false, code: 510 });
    const row = await t.ctx.db.kysely.selectFrom('sysAnnouncement').select(['titile', 'sendStatus', 'delFlag']).where('id', '=', result.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ titile: '权限测试', sendStatus: '0', delFlag: 0 });
  });

  it('lets an organisation manager address only users inside their organisation, never everyone', async () => {
    const all = await add(manager, { titile: '越级全员', msgType: 'ALL' });
    expect(all).toMatchObject({ success: false, message: '只有不受机构范围限制的管理员才能向全体用户发布通告' });
    const outside = await add(manager, { titile: '越级个人', msgType: 'USER', userIds: `${ZHANGWEI},${LIUYANG}` });
    expect(outside).toMatchObject({ success: false, message: '所选用户中有不存在或不在您管理范围内的用户' });
    const inside = await add(manager, { titile: '本院通知', msgType: 'USER', userIds: `${ZHANGWEI},${LINA}` });
    expect(inside.success).toBe(true);
    expect((await release(manager, inside.result.id)).result.recipients).toBe(2);
    // Releasing someone else's wider draft does not widen the manager's reach either.
    const wide = await add(admin, { titile: '管理员草稿', msgType: 'ALL' });
    expect(await release(manager, wide.result.id)).toMatchObject({ success: false, message: '只有不受机构范围限制的管理员才能向全体用户发布通告' });
    const far = await add(admin, { titile: '管理员草稿2', msgType: 'USER', userIds: LIUYANG });
    expect(await release(manager, far.result.id)).toMatchObject({ success: false, message: '所选用户中有不存在或不在您管理范围内的用户' });
    const rows = await t.ctx.db.kysely.selectFrom('sysAnnouncement').select('sendStatus').where('id', 'in', [wide.result.id, far.result.id]).execute();
    expect(rows.map((r) => r.sendStatus)).toEqual(['0', '0']);
  });

  it('keeps announcements inside their tenant (AC-04, TOK-07)', async () => {
    const { result } = await add(admin, { titile: '租户一的通告', msgType: 'ALL' });
    const otherTenant = await t.call({
      method: 'GET',
      url: '/sys/annountCement/queryById',
      token: admin,
      query: { id: result.id },
      headers: { 'tenant-id': '2' },
    });
    expect(otherTenant.json()).toMatchObject({ success: false, result: null });
    const list = (await t.call({ method: 'GET', url: '/sys/annountCement/list', token: admin, headers: { 'tenant-id': '2' } })).json().result;
    expect(list.records.some((r: { id: string }) => r.id === result.id)).toBe(false);
    const foreign = await t.call({ method: 'GET', url: '/sys/annountCement/list', token: doctor, headers: { 'tenant-id': '2' } });
    expect(foreign.statusCode).toBe(403);
  });

  it('never lets a crafted anntId or id list mark other rows read (protocol §12 item 3, SQL-10)', async () => {
    const { result } = await add(admin, { titile: '注入测试', msgType: 'USER', userIds: LINA });
    await release(admin, result.id);
    for (const anntId of ["x' or '1'='1", `${result.id}' or 1=1 --`]) {
      const res = await t.call({ method: 'PUT', url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId', token: nurse, payload: { anntId } });
      expect(res.json().success).toBe(true);
    }
    const res = await t.call({ method: 'POST', url: '/api/sys/msg/rec/read', token: nurse, payload: { ids: "1) or (1=1" } });
    expect(res.json().success).toBe(true);
    expect((await listByUser(nurse)).anntMsgList.some((a: { id: string }) => a.id === result.id)).toBe(true);
    // Another user's read mark never touches this user's row.
    await t.call({ method: 'PUT', url: '/sys/sysAnnouncementSend/editByAnntIdAndUserId', token: doctor, payload: { anntId: result.id } });
    expect((await listByUser(nurse)).anntMsgList.some((a: { id: string }) => a.id === result.id)).toBe(true);
  });

  it('rejects hostile sort and advanced-query fields with 400 (SQL-05, SQL-06)', async () => {
    const sort = await t.call({ method: 'GET', url: '/sys/annountCement/list', token: admin, query: { column: 'extractvalue(1,concat(0x7e,user()))' } });
    expect(sort.statusCode).toBe(400);
    const sq = await t.call({
      method: 'GET',
      url: '/sys/annountCement/list',
      token: admin,
      query: { superQueryParams: JSON.stringify([{ field: 'id) or (1=1', rule: 'eq', val: '1' }]) },
    });
    expect(sq.statusCode).toBe(400);
    const inbox = await t.call({ method: 'GET', url: '/sys/sysAnnouncementSend/getMyAnnouncementSend', token: doctor, query: { column: 'userId' } });
    expect(inbox.statusCode).toBe(400);
  });

  it('refuses odd path shapes on its routes before any handler runs (AUTH-01/02)', async () => {
    for (const path of ['/sys/annountCement/list.js', '/sys/annountCement/list;.js', '/sys/%2e/annountCement/list', '/sys//annountCement/list', '/api/sys/msg/rec/unreadList.css']) {
      const res = await t.call({ method: 'GET', url: path });
      expect([400, 401, 404]).toContain(res.statusCode);
      expect(res.json().success).toBe(false);
      expect(res.json().result).toBeNull();
    }
    expect((await t.call({ method: 'GET', url: '/sys/annountCement/listByUser' })).statusCode).toBe(401);
  });

  it('counts announcements on the dashboard without the table probe', async () => {
    const res = (await t.call({ method: 'GET', url: '/sys/dashboard/counts', token: admin })).json().result;
    const n = await t.ctx.db.kysely
      .selectFrom('sysAnnouncement')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('delFlag', '=', 0)
      .executeTakeFirstOrThrow();
    expect(res.announcementCount).toBe(Number(n.n));
    expect(res.announcementCount).toBeGreaterThan(0);
  });
});
