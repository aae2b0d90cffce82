import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIVEN_NAMES, NAMED_USERS } from '../../src/server/db/seed-data.js';
import { parseDateTime } from '../../src/shared/time.js';
import { createTestApp, DEMO_PASSWORD, DIALECTS, type TestApp } from './harness.js';

const DAY = 86_400_000;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

interface MenuNode {
  path: string;
  meta?: { title?: string; cornerMark?: string };
  children?: MenuNode[];
}
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** A fresh start should look like a hospital in use: people, faces, notices, feedback and badges. */
describe.each(DIALECTS)('demo seed on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  const seededAt = Date.now();
  const get = (token: string, u: string, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: u, token, query }).then((r) => r.json());

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  const users = () =>
    t.ctx.db.kysely
      .selectFrom('sysUser')
      .select(['username', 'realname', 'sex', 'avatar', 'relTenantIds'])
      .orderBy('username')
      .execute();

  it('names every user uniquely, and generated staff by a given name of their recorded sex', async () => {
    const all = await users();
    expect(all).toHaveLength(56);
    expect(new Set(all.map((u) => u.realname)).size).toBe(all.length);
    const named = new Set(NAMED_USERS.map((u) => u.username));
    const generated = all.filter((u) => !named.has(u.username));
    expect(generated).toHaveLength(50);
    for (const u of generated) {
      const sex = u.sex as 1 | 2;
      expect(GIVEN_NAMES[sex], `${u.username} ${u.realname}`).toContain(u.realname!.slice(1));
    }
    // Both sexes are there, not one list used for everybody.
    expect(new Set(generated.map((u) => u.sex))).toEqual(new Set([1, 2]));
  });

  it('gives every user an avatar the server serves as a PNG to a user of their tenant', async () => {
    const all = await users();
    expect(all.every((u) => !!u.avatar && u.avatar.startsWith('avatar/'))).toBe(true);
    expect(new Set(all.map((u) => u.avatar)).size).toBe(all.length);
    // Each avatar is a file of its owner's tenant, read by a signed-in user of that tenant.
    const tokens = new Map<string, string>([['1', admin]]);
    for (const u of all) {
      const tenant = u.relTenantIds!.split(',')[0];
      if (!tokens.has(tenant)) tokens.set(tenant, await t.login(u.username));
      const token = tokens.get(tenant)!;
      const res = await t.call({ method: 'GET', url: `/sys/common/static/${u.avatar}`, token });
      expect(res.statusCode, u.username).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.rawPayload.subarray(0, 4).equals(PNG_MAGIC)).toBe(true);
    }
    // And the signed-in user learns their own avatar path with their user information.
    const login = await t.call({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'admin', password: DEMO_PASSWORD },
    });
    expect(login.json().result.userInfo.avatar).toBe(all.find((u) => u.username === 'admin')!.avatar);
  });

  it('has announcements and messages of the last days, some read and some unread for the administrator', async () => {
    const db = t.ctx.db.kysely;
    const released = await db
      .selectFrom('sysAnnouncement')
      .select(['sendTime', 'msgCategory'])
      .where('sendStatus', '=', '1')
      .execute();
    expect(released.length).toBeGreaterThanOrEqual(5);
    expect(new Set(released.map((a) => a.msgCategory))).toEqual(new Set(['1', '2']));
    for (const a of released) {
      const sent = parseDateTime(a.sendTime!);
      expect(sent).toBeLessThanOrEqual(seededAt + 60_000);
      expect(sent).toBeGreaterThan(seededAt - 5 * DAY);
    }
    // The unread modal (last 3 days), the bell groups and the count.
    const unread = await get(admin, '/api/sys/msg/rec/unreadList');
    expect(unread.result.length).toBeGreaterThanOrEqual(2);
    const bell = await get(admin, '/api/sys/msg/rec/getUnreadListWithMsg');
    expect(bell.result.map((g: { classify: string }) => g.classify)).toEqual(
      expect.arrayContaining(['announcement', 'system']),
    );
    // "My messages": read and unread ones.
    const mine = await get(admin, '/sys/sysAnnouncementSend/getMyAnnouncementSend', { pageSize: '50' });
    const flags = new Set(mine.result.records.map((r: { readFlag: number | string }) => Number(r.readFlag)));
    expect(flags).toEqual(new Set([0, 1]));
    // Doctors and nurses have messages of their own.
    for (const name of ['zhangwei', 'lina']) {
      const token = await t.login(name);
      const list = await get(token, '/api/sys/msg/rec/unreadList');
      expect(
        list.result.some((m: { classify: string }) => m.classify === 'system'),
        name,
      ).toBe(true);
    }
  });

  it('has feedback in every state of its dictionary', async () => {
    const list = await get(admin, '/api/sys/feedback/list', { pageSize: '50' });
    const states = new Set(list.result.records.map((r: { status: string }) => r.status));
    const dict = t.ctx.defs.dicts.find((d) => d.code === 'feedback_status')!;
    expect(states).toEqual(new Set(dict.items!.map((i) => i.value)));
    // Handled feedback carries the handler's reply.
    expect(
      list.result.records.filter((r: { reply: string | null }) => r.reply).length,
    ).toBeGreaterThanOrEqual(3);
  });

  it("tells the console the server's time zone, in which the seed's times are written", async () => {
    const cfg = (await t.app.inject({ method: 'GET', url: '/config.json' })).json();
    expect(cfg.timeZone).toBe('Asia/Shanghai');
    const newest = await t.ctx.db.kysely
      .selectFrom('sysMessage')
      .select((eb) => eb.fn.max('createTime').as('at'))
      .executeTakeFirst();
    // Written on the Shanghai wall clock: parsing it there gives an instant just before the seed.
    const at = parseDateTime(String(newest?.at), 'Asia/Shanghai');
    expect(at).toBeLessThanOrEqual(seededAt + 60_000);
    expect(at).toBeGreaterThan(seededAt - DAY);
  });

  it('gives menu entries badges: unread messages for everyone, feedback to handle for those who handle it', async () => {
    const menu = await get(admin, '/sys/permission/getUserPermissionByToken');
    const marked = flatten(menu.result.menu as MenuNode[]).filter((n) => n.meta?.cornerMark);
    expect(marked.map((n) => n.path)).toEqual(
      expect.arrayContaining(['/isps/userAnnouncement', '/system/feedback/List']),
    );
    for (const n of marked) {
      const count = await get(admin, n.meta!.cornerMark!);
      expect(count.success, n.path).toBe(true);
      // Overdue visits (项目预警) and visit alerts exist only once the demo stories have played; this
      // database plays none.
      if (['/followManage/projectWarning', '/online/cgformList/fu_alert'].includes(n.path))
        expect(count.result, n.path).toBe(0);
      else expect(count.result, n.path).toBeGreaterThan(0);
    }
    // The feedback count is for those who may list feedback.
    const doctor = await t.login('zhangwei');
    expect((await get(doctor, '/api/sys/feedback/pendingCount')).success).toBe(false);
  });
});
