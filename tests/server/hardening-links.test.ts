import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { ApiError } from '../../src/server/http/errors.js';
import { sendMessage } from '../../src/server/modules/message/send.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * Issue 11 §16: stored links that leave the site once a browser reads them. Browsers drop tab and
 * newline from URLs and read `\` as `/`, so each of these is `//evil.example/login` when clicked.
 */
const OFF_SITE = [
  '/\t/evil.example/login',
  '/\n/evil.example/login',
  '/\r\n/evil.example/login',
  '//evil.example/login',
  '/\\evil.example/login',
  '/\\/evil.example/login',
  'javascript:alert(1)',
  'jav\tascript:alert(1)',
  'https://trusted.example@evil.example/login',
  'data:text/html,<script>alert(1)</script>',
];
const CHINESE = /[\u4e00-\u9fa5]/;
const ZHANGWEI = stableId('user', 'zhangwei');
const SYSTEM_MENU = stableId('menu', 'isystem');
const STATIC_DOMAIN = 'https://static.example/files';

describe.each(DIALECTS)('stored links and remote images on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;

  const addAnnouncement = (payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: '/sys/annountCement/add', token: admin, payload: { titile: '链接测试', msgType: 'USER', userIds: ZHANGWEI, ...payload } });
  const count = async (table: 'sysAnnouncement' | 'sysPermission' | 'sysMessage') =>
    Number((await t.ctx.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestApp(url, { STATIC_DOMAIN });
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('refuses announcement links that leave the site with 400 and a Chinese message, storing nothing', async () => {
    const before = await count('sysAnnouncement');
    for (const openPage of OFF_SITE) {
      const res = await addAnnouncement({ openType: 'url', openPage });
      expect(res.statusCode, JSON.stringify(openPage)).toBe(400);
      const { message } = res.json();
      expect(message, JSON.stringify(openPage)).toMatch(CHINESE);
      expect(message).toContain('页面地址');
    }
    const tab = (await addAnnouncement({ openType: 'url', openPage: '/\t/evil.example/login' })).json();
    expect(tab.message).toContain('控制字符');
    expect(await count('sysAnnouncement')).toBe(before);
  });

  it('refuses the same links on edit and keeps the stored one', async () => {
    const added = (await addAnnouncement({ openType: 'url', openPage: '/isystem/user' })).json();
    expect(added.success).toBe(true);
    const id = added.result.id as string;
    for (const openPage of OFF_SITE) {
      const res = await t.call({
        method: 'PUT',
        url: '/sys/annountCement/edit',
        token: admin,
        payload: { id, titile: '链接测试', msgType: 'USER', userIds: ZHANGWEI, openType: 'url', openPage },
      });
      expect(res.statusCode, JSON.stringify(openPage)).toBe(400);
    }
    const row = await t.ctx.db.kysely.selectFrom('sysAnnouncement').select('openPage').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.openPage).toBe('/isystem/user');
  });

  it('keeps in-console paths and http(s) pages as announcement links', async () => {
    for (const openPage of ['/isystem/user', '/isps/userAnnouncement?tab=1', 'https://help.example.com/guide']) {
      const res = (await addAnnouncement({ openType: 'url', openPage })).json();
      expect(res.success, openPage).toBe(true);
    }
  });

  it('refuses menu addresses, redirects and corner marks that leave the site', async () => {
    const add = (extra: Record<string, unknown>) =>
      t.call({ method: 'POST', url: '/sys/permission/add', token: admin, payload: { name: '链接菜单', menuType: 1, parentId: SYSTEM_MENU, url: '/links', ...extra } });
    const before = await count('sysPermission');
    for (const link of OFF_SITE) {
      for (const field of ['url', 'redirect', 'cornerMark']) {
        const res = await add({ [field]: link });
        expect(res.statusCode, `${field} ${JSON.stringify(link)}`).toBe(400);
        expect(res.json().message).toMatch(CHINESE);
      }
    }
    // The iframe address of the domianURL placeholder must stay on that domain's paths.
    for (const u of ["{{ window._CONFIG['domianURL'] }}//evil.example", "{{ window._CONFIG['domianURL'] }}/\t/evil.example", 'https://help.example.com/\tx'])
      expect((await add({ url: u })).statusCode, JSON.stringify(u)).toBe(400);
    expect(await count('sysPermission')).toBe(before);
    const good = (await add({ url: '/links/ok', redirect: '/links/ok/first', cornerMark: '/sys/count?kind=1' })).json();
    expect(good.success).toBe(true);
  });

  it('refuses message redirects that leave the site and stores no message', async () => {
    const before = await count('sysMessage');
    for (const link of OFF_SITE) {
      for (const redirect of [
        { type: 'web' as const, webUrl: link },
        { type: 'download' as const, downloadUrl: link },
      ]) {
        const sent = sendMessage(t.ctx, { userIds: [ZHANGWEI], title: '跳转测试', classify: 'system', classifyName: '系统消息', redirect });
        await expect(sent, JSON.stringify(redirect)).rejects.toBeInstanceOf(ApiError);
        await expect(sent).rejects.toMatchObject({ httpStatus: 400, message: expect.stringMatching(CHINESE) });
      }
    }
    expect(await count('sysMessage')).toBe(before);
  });

  it('strips remote images (tracking pixels) and off-site links from announcement HTML, keeps local images', async () => {
    const html =
      '<p>正文<img src="https://tracker.example/p.gif?u=1">' +
      '<img src="//tracker.example/q.gif"><img src="/&#9;/tracker.example/r.gif"><img src="HTTPS://TRACKER.example/s.gif">' +
      '<img src="https://static.example.evil.com/files/t.gif"><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">' +
      '<img src="/jeecg-boot/sys/common/static/jeditor/a.png" alt="本地图">' +
      '<img src="https://static.example/files/jeditor/b.png" alt="静态域图">' +
      '<a href="/&#9;/evil.example/login">站外</a><a href="/isystem/user">站内</a></p>';
    const res = (await addAnnouncement({ msgContent: html })).json();
    expect(res.success).toBe(true);
    const row = await t.ctx.db.kysely.selectFrom('sysAnnouncement').select('msgContent').where('id', '=', res.result.id).executeTakeFirstOrThrow();
    const stored = row.msgContent ?? '';
    expect(stored.toLowerCase()).not.toContain('tracker');
    expect(stored).not.toContain('static.example.evil.com');
    expect(stored).not.toContain('data:');
    expect(stored).not.toContain('evil.example');
    expect(stored).toContain('<img src="/jeecg-boot/sys/common/static/jeditor/a.png" alt="本地图" />');
    expect(stored).toContain('<img src="https://static.example/files/jeditor/b.png" alt="静态域图" />');
    expect(stored).toContain('<a href="/isystem/user">站内</a>');
    expect(stored).toContain('<a>站外</a>');
  });
});
