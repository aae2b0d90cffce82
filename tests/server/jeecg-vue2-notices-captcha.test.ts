import zlib from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { formatDate, formatDateTime } from '../../src/shared/time.js';
import * as captchaImage from '../../src/server/modules/auth/captcha-image.js';
import { CAPTCHA_PER_IP_PER_MINUTE, storeCaptcha } from '../../src/server/modules/auth/captcha.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { clearDemoNotices } from './blank-notices.js';

/**
 * What the JeecgBoot Vue 2 client (ant-design-vue-jeecg 3.4.3) needs beyond the common protocol: the
 * image captcha of its sign-in page, the visit figures of its home page, the third-app switch of its
 * user list, the announcement detail page and bell sync, GET release/revoke and its default list sort.
 */

const ZHANGWEI = stableId('user', 'zhangwei');
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

interface Png {
  width: number;
  height: number;
  colourType: number;
  pixels: Buffer;
}

/** CRC-32 bit by bit, independent of the server's table-driven one. */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** Reads an 8-bit RGB PNG the way a browser would: signature, chunk CRCs, IHDR, inflated IDAT rows. */
function readPng(bytes: Buffer): Png {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  const idat: Buffer[] = [];
  let ihdr: Buffer | null = null;
  let ended = false;
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const type = bytes.toString('ascii', offset + 4, offset + 8);
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = bytes.readUInt32BE(offset + 8 + length);
    expect(crc, `${type} CRC`).toBe(crc32(bytes.subarray(offset + 4, offset + 8 + length)));
    if (type === 'IHDR') ihdr = data;
    if (type === 'IDAT') idat.push(data);
    if (type === 'IEND') ended = true;
    offset += 12 + length;
  }
  expect(ihdr).not.toBeNull();
  expect(ended).toBe(true);
  const width = ihdr!.readUInt32BE(0);
  const height = ihdr!.readUInt32BE(4);
  expect(ihdr![8]).toBe(8);
  const raw = zlib.inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe((width * 3 + 1) * height);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width * 3 + 1)], 'filter type').toBe(0);
    raw.copy(pixels, y * width * 3, y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1));
  }
  return { width, height, colourType: ihdr![9], pixels };
}

describe.each(DIALECTS)('JeecgBoot Vue 2 sign-in captcha, home figures and notices on $name', ({ url }) => {
  let t: TestApp;
  let off: TestApp;
  let admin: string;
  let doctor: string;
  let nurse: string;

  beforeAll(async () => {
    [t, off] = await Promise.all([createTestApp(url), createTestApp(url, { LOGIN_CAPTCHA: 'off' })]);
    await clearDemoNotices(t);
    [admin, doctor, nurse] = await Promise.all([t.login('admin'), t.login('zhangwei'), t.login('lina')]);
  });
  afterAll(async () => {
    await t?.close();
    await off?.close();
  });
  afterEach(() => vi.restoreAllMocks());

  const login = (app: TestApp, payload: Record<string, unknown>) =>
    app
      .call({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'lina', password: 'Demo@2026', remember_me: true, ...payload },
      })
      .then((r) => r.json());
  const image = (app: TestApp, key: string | number) =>
    app.call({ method: 'GET', url: `/sys/randomImage/${key}`, query: { _t: '1' } });

  describe('image captcha', () => {
    it('serves a real 105×35 PNG as a data URL, anonymously, a new drawing each time', async () => {
      const key = Date.now();
      const res = await image(t, key);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, code: 200 });
      expect(body.result).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
      const png = readPng(Buffer.from(body.result.split(',')[1], 'base64'));
      expect([png.width, png.height, png.colourType]).toEqual([105, 35, 2]);
      // Ink and noise on a light background: many colours, some of them dark.
      const colours = new Set<string>();
      let dark = 0;
      for (let i = 0; i < png.pixels.length; i += 3) {
        colours.add(png.pixels.subarray(i, i + 3).toString('hex'));
        if (png.pixels[i] + png.pixels[i + 1] + png.pixels[i + 2] < 400) dark++;
      }
      expect(colours.size).toBeGreaterThan(20);
      expect(dark).toBeGreaterThan(150);
      const again = (await image(t, key)).json().result;
      expect(again).not.toBe(body.result);
      // Stored hashed under the key, for a minute.
      const row = await t.ctx.db.kysely
        .selectFrom('sysSmsCode')
        .selectAll()
        .where('mobile', '=', `captcha:${key}`)
        .executeTakeFirstOrThrow();
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(Number(row.expiresAt) - Date.now()).toBeGreaterThan(55_000);
      expect(Number(row.expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);
    });

    it('draws exactly the code the sign-in then accepts, in any case, once', async () => {
      const drawn: string[] = [];
      const real = captchaImage.captchaDataUrl;
      vi.spyOn(captchaImage, 'captchaDataUrl').mockImplementation((code: string) => {
        drawn.push(code);
        return real(code);
      });
      const key = Date.now() + 1;
      expect((await image(t, key)).json().success).toBe(true);
      expect(drawn).toHaveLength(1);
      expect(drawn[0]).toMatch(new RegExp(`^[${captchaImage.CAPTCHA_ALPHABET}]{4}$`));
      const res = await login(t, { captcha: drawn[0].toLowerCase(), checkKey: key });
      expect(res).toMatchObject({ success: true, code: 200, message: '登录成功' });
      expect(res.result.token).toBeTruthy();
      const reused = await login(t, { captcha: drawn[0], checkKey: key });
      expect(reused).toMatchObject({ success: false, code: 412 });
      expect(reused.message).toContain('验证码已失效');
    });

    it('accepts a text key and upper or lower case', async () => {
      await storeCaptcha(t.ctx, 'k_abc-1', 'K7PA');
      expect(await login(t, { captcha: 'k7pA', checkKey: 'k_abc-1' })).toMatchObject({
        success: true,
        code: 200,
      });
      await storeCaptcha(t.ctx, 'k_abc-2', 'K7PA');
      expect(await login(t, { captcha: ' K7PA ', checkKey: 'k_abc-2' })).toMatchObject({
        success: true,
        code: 200,
      });
    });

    it('refuses a wrong code with 412 and uses the code up, so the right one fails afterwards', async () => {
      await storeCaptcha(t.ctx, '1700000000001', 'HJKM');
      const wrong = await login(t, { captcha: 'HJKN', checkKey: 1700000000001 });
      expect(wrong).toMatchObject({ success: false, code: 412, message: '验证码错误', result: null });
      const after = await login(t, { captcha: 'HJKM', checkKey: 1700000000001 });
      expect(after).toMatchObject({ success: false, code: 412 });
      expect(after.message).toContain('验证码已失效');
    });

    it('uses the code up on a wrong password too: one solved captcha is one password guess', async () => {
      await storeCaptcha(t.ctx, '1700000000002', 'NPRT');
      const bad = await login(t, {
        username: 'wangfang',
        password: 'not-the-password',
        captcha: 'nprt',
        checkKey: 1700000000002,
      });
      expect(bad).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
      const second = await login(t, { username: 'wangfang', captcha: 'nprt', checkKey: 1700000000002 });
      expect(second).toMatchObject({ success: false, code: 412 });
    });

    it('refuses an expired, a missing, a never issued and an empty code', async () => {
      await storeCaptcha(t.ctx, '1700000000003', 'WXY3');
      await t.ctx.db.kysely
        .updateTable('sysSmsCode')
        .set({ expiresAt: Date.now() - 1 })
        .where('mobile', '=', 'captcha:1700000000003')
        .execute();
      const expired = await login(t, { captcha: 'WXY3', checkKey: 1700000000003 });
      expect(expired).toMatchObject({ success: false, code: 412 });
      expect(expired.message).toContain('验证码已失效');

      await storeCaptcha(t.ctx, '1700000000004', 'WXY3');
      expect(await login(t, { checkKey: 1700000000004 })).toMatchObject({
        success: false,
        code: 412,
        message: '请输入验证码',
      });
      expect(await login(t, { captcha: 'WXY3', checkKey: 1700000000004 })).toMatchObject({
        success: false,
        code: 412,
      });

      const never = await login(t, { captcha: 'AAAA', checkKey: 'never-issued' });
      expect(never).toMatchObject({ success: false, code: 412 });
      expect(never.message).toContain('验证码已失效');
    });

    it('answers 400 for keys that are not short plain text', async () => {
      for (const key of ['a.b', 'x'.repeat(41), '%3Cb%3E', '1%20or%201'])
        expect((await image(t, key)).statusCode, key).toBe(400);
      for (const checkKey of ['a b', 'x'.repeat(41), 1.5, '', { key: 1 }]) {
        const res = await t.call({
          method: 'POST',
          url: '/sys/login',
          payload: { username: 'lina', password: 'Demo@2026', captcha: 'AAAA', checkKey },
        });
        expect(res.statusCode, JSON.stringify(checkKey)).toBe(400);
      }
    });

    it('signs in without a checkKey as before (this console)', async () => {
      expect(await login(t, {})).toMatchObject({ success: true, code: 200 });
    });

    it('checkCaptcha keeps a right code for the sign-in and burns a wrong one', async () => {
      const check = (app: TestApp, payload: Record<string, unknown>) =>
        app.call({ method: 'POST', url: '/sys/checkCaptcha', payload }).then((r) => r.json());
      await storeCaptcha(t.ctx, '1700000000005', 'ACEF');
      expect(await check(t, { captcha: 'acef', checkKey: 1700000000005 })).toMatchObject({
        success: true,
        code: 200,
      });
      expect(await login(t, { captcha: 'ACEF', checkKey: 1700000000005 })).toMatchObject({ success: true });

      await storeCaptcha(t.ctx, '1700000000006', 'ACEF');
      expect(await check(t, { captcha: 'ACEX', checkKey: '1700000000006' })).toMatchObject({
        success: false,
        code: 500,
        message: '验证码错误',
      });
      const after = await check(t, { captcha: 'ACEF', checkKey: '1700000000006' });
      expect(after.success).toBe(false);
      expect(after.message).toContain('验证码已失效');
      expect(await check(t, { checkKey: 1 })).toMatchObject({ success: false, message: '请输入验证码' });
      // With the check turned off nothing is refused.
      expect(await check(off, { captcha: 'ZZZZ', checkKey: 1 })).toMatchObject({ success: true });
    });

    it('with LOGIN_CAPTCHA=off signs in whatever the code, and still serves the image', async () => {
      const res = await login(off, { captcha: 'nope', checkKey: Date.now() });
      expect(res).toMatchObject({ success: true, code: 200, message: '登录成功' });
      const img = (await image(off, 'any-key')).json();
      expect(img.success).toBe(true);
      expect(img.result).toMatch(/^data:image\/png;base64,/);
    });

    it('limits images per address', async () => {
      const results: boolean[] = [];
      for (let i = 0; i < CAPTCHA_PER_IP_PER_MINUTE + 1; i++) {
        const res = await off.call({
          method: 'GET',
          url: `/sys/randomImage/rate${i}`,
          remoteAddress: '10.9.8.7',
        });
        results.push(res.json().success);
      }
      expect(results.slice(0, 20).every(Boolean)).toBe(true);
      expect(results.at(-1)).toBe(false);
      const refused = await off.call({
        method: 'GET',
        url: '/sys/randomImage/rate-x',
        remoteAddress: '10.9.8.7',
      });
      expect(refused.json()).toMatchObject({ success: false, code: 500 });
      expect(refused.json().message).toContain('获取验证码过于频繁');
      // Another address is not affected.
      expect(
        (await off.call({ method: 'GET', url: '/sys/randomImage/rate-y', remoteAddress: '10.9.8.6' })).json()
          .success,
      ).toBe(true);
    });
  });

  describe('home page figures', () => {
    it('counts sign-ins: today, today’s addresses, all time; and the last seven days one entry a day', async () => {
      const db = t.ctx.db.kysely;
      const day = 86_400_000;
      const log = (userid: string, ip: string, createTime: string) =>
        db
          .insertInto('sysLog')
          .values({
            id: `visit-${Math.random().toString(36).slice(2)}`,
            logType: 1,
            event: 'login.success',
            logContent: '登录成功',
            result: 1,
            userid,
            username: null,
            target: null,
            ip,
            requestId: null,
            requestUrl: null,
            tenantId: 0,
            createTime,
          })
          .execute();
      await log(ZHANGWEI, '10.1.1.1', formatDateTime(Date.now() - 3 * day));
      await log(ZHANGWEI, '10.1.1.2', formatDateTime(Date.now() - 3 * day));
      await log(ZHANGWEI, '10.1.1.2', formatDateTime(Date.now() - 10 * day));
      await log('someone-of-no-tenant', '10.7.7.7', formatDateTime());
      // A failed sign-in is not a visit.
      await db
        .insertInto('sysLog')
        .values({
          id: 'visit-failed',
          logType: 1,
          event: 'login.failure',
          logContent: '登录失败',
          result: 0,
          userid: null,
          username: 'x',
          target: null,
          ip: '10.6.6.6',
          requestId: null,
          requestUrl: null,
          tenantId: 0,
          createTime: formatDateTime(),
        })
        .execute();

      const today = formatDate();
      const expected = await db
        .selectFrom('sysLog')
        .select(['ip', 'createTime', 'userid'])
        .where('event', '=', 'login.success')
        .execute();
      const todays = expected.filter((r) => r.createTime.startsWith(today));

      const info = await t.call({ method: 'GET', url: '/sys/loginfo', token: admin });
      expect(info.json()).toMatchObject({ success: true, code: 200 });
      expect(info.json().result).toEqual({
        todayVisitCount: todays.length,
        todayIp: new Set(todays.map((r) => r.ip)).size,
        totalVisitCount: expected.length,
      });
      expect(todays.length).toBeGreaterThanOrEqual(4);

      const visits = (await t.call({ method: 'GET', url: '/sys/visitInfo', token: admin })).json();
      expect(visits.success).toBe(true);
      const list = visits.result as Array<{ ip: number; visit: number; tian: string; type: string }>;
      expect(list).toHaveLength(7);
      expect(list.at(-1)).toEqual({
        ip: new Set(todays.map((r) => r.ip)).size,
        visit: todays.length,
        tian: today,
        type: today.slice(5),
      });
      expect(list.map((d) => d.tian)).toEqual([...list.map((d) => d.tian)].sort());
      const threeAgo = formatDate(Date.now() - 3 * day);
      expect(list.find((d) => d.tian === threeAgo)).toMatchObject({
        visit: 2,
        ip: 2,
        type: threeAgo.slice(5),
      });
      expect(list.some((d) => d.tian === formatDate(Date.now() - 10 * day))).toBe(false);

      // A user working in a tenant counts the sign-ins of that tenant's users only.
      const mine = (await t.call({ method: 'GET', url: '/sys/loginfo', token: doctor })).json().result;
      expect(mine.todayVisitCount).toBe(todays.length - 1);
      expect(mine.totalVisitCount).toBe(expected.length - 1);
    });

    it('needs a session', async () => {
      for (const path of [
        '/sys/loginfo',
        '/sys/visitInfo',
        '/sys/thirdApp/getEnabledType',
        '/sys/annountCement/syncNotic',
      ])
        expect((await t.call({ method: 'GET', url: path })).statusCode, path).toBe(401);
    });

    it('tells the user list no third-party app is connected', async () => {
      const res = (await t.call({ method: 'GET', url: '/sys/thirdApp/getEnabledType', token: nurse })).json();
      expect(res).toMatchObject({ success: true, result: { wechatEnterprise: false, dingtalk: false } });
    });
  });

  describe('announcements', () => {
    const add = (payload: Record<string, unknown>) =>
      t
        .call({ method: 'POST', url: '/sys/annountCement/add', token: admin, payload })
        .then((r) => r.json().result.id as string);
    const status = async (id: string) =>
      (
        await t.ctx.db.kysely
          .selectFrom('sysAnnouncement')
          .select('sendStatus')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).sendStatus;

    it('releases and revokes by GET with ?id=, and only with the permission', async () => {
      const id = await add({ titile: 'GET 发布', msgType: 'USER', userIds: `${ZHANGWEI},` });
      const refused = await t.call({
        method: 'GET',
        url: '/sys/annountCement/doReleaseData',
        token: doctor,
        query: { id },
      });
      expect(refused.json()).toMatchObject({ success: false, code: 510 });
      expect(await status(id)).toBe('0');
      expect(
        (await t.call({ method: 'GET', url: '/sys/annountCement/doReleaseData', query: { id } })).statusCode,
      ).toBe(401);

      const released = await t.call({
        method: 'GET',
        url: '/sys/annountCement/doReleaseData',
        token: admin,
        query: { id, _t: '1' },
      });
      expect(released.statusCode).toBe(200);
      expect(released.json()).toMatchObject({ success: true, message: '该系统通知发布成功' });
      expect(await status(id)).toBe('1');

      const revokeRefused = await t.call({
        method: 'GET',
        url: '/sys/annountCement/doReovkeData',
        token: nurse,
        query: { id },
      });
      expect(revokeRefused.json()).toMatchObject({ success: false, code: 510 });
      expect(await status(id)).toBe('1');
      const revoked = await t.call({
        method: 'GET',
        url: '/sys/annountCement/doReovkeData',
        token: admin,
        query: { id },
      });
      expect(revoked.json()).toMatchObject({ success: true, message: '该系统通知撤销成功' });
      expect(await status(id)).toBe('2');
      // POST stays, with the id in the body.
      const again = await t.call({
        method: 'POST',
        url: '/sys/annountCement/doReleaseData',
        token: admin,
        payload: { id },
      });
      expect(again.json()).toMatchObject({ success: true });
      expect(await status(id)).toBe('1');
      expect(
        (await t.call({ method: 'GET', url: '/sys/annountCement/doReleaseData', token: admin })).statusCode,
      ).toBe(400);
    });

    it('shows an announcement to its recipient and administrators only, as JSON or as a page without scripts', async () => {
      const titile = '门诊<b>调整</b> `${7*7}`';
      const id = await add({
        titile,
        msgContent: '<p>请查看</p><img src="x"onerror=alert(1)><script>alert(2)</script>',
        msgType: 'USER',
        userIds: `${ZHANGWEI},`,
        priority: 'H',
      });
      const draft = await t.call({ method: 'GET', url: `/sys/annountCement/show/${id}`, token: doctor });
      expect(draft.json()).toMatchObject({ success: false, message: '未找到对应数据' });
      await t.call({ method: 'GET', url: '/sys/annountCement/doReleaseData', token: admin, query: { id } });

      const mine = (
        await t.call({ method: 'GET', url: `/sys/annountCement/show/${id}`, token: doctor })
      ).json();
      expect(mine).toMatchObject({
        success: true,
        result: { id, titile, sendStatus: '1', userIds: null, priority: 'H' },
      });
      expect(mine.result.msgContent).toContain('<p>请查看</p>');
      const asAdmin = (
        await t.call({ method: 'GET', url: `/sys/annountCement/show/${id}`, token: admin })
      ).json();
      expect(asAdmin.result.userIds).toContain(ZHANGWEI);

      const other = (
        await t.call({ method: 'GET', url: `/sys/annountCement/show/${id}`, token: nurse })
      ).json();
      expect(other).toMatchObject({ success: false, code: 500, message: '未找到对应数据', result: null });
      expect((await t.call({ method: 'GET', url: `/sys/annountCement/show/${id}` })).statusCode).toBe(401);
      expect(
        (await t.call({ method: 'GET', url: `/sys/annountCement/show/${id}`, token: 'not-a-token' }))
          .statusCode,
      ).toBe(401);

      // The Vue 2 list opens it in an iframe with ?token=.
      const page = await t.call({
        method: 'GET',
        url: `/sys/annountCement/show/${id}`,
        query: { token: doctor },
        headers: { accept: BROWSER_ACCEPT },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.headers['content-security-policy']).not.toContain('script-src');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.body).toContain('<p>请查看</p>');
      expect(page.body).toContain('门诊&lt;b&gt;调整&lt;/b&gt; `${7*7}`');
      for (const bad of ['<script', 'onerror', '<b>调整']) expect(page.body).not.toContain(bad);
      const foreign = await t.call({
        method: 'GET',
        url: `/sys/annountCement/show/${id}`,
        query: { token: nurse },
        headers: { accept: BROWSER_ACCEPT },
      });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.body).toContain('未找到对应数据');
      expect(foreign.body).not.toContain('请查看');
      const signedOut = await t.call({
        method: 'GET',
        url: `/sys/annountCement/show/${id}`,
        query: { token: 'expired' },
        headers: { accept: BROWSER_ACCEPT },
      });
      expect(signedOut.statusCode).toBe(401);
      expect(signedOut.body).not.toContain('请查看');
      const unknown = (
        await t.call({ method: 'GET', url: '/sys/annountCement/show/no-such-id', token: admin })
      ).json();
      expect(unknown).toMatchObject({ success: false, message: '未找到对应数据' });
    });

    it('answers the bell sync for any signed-in user, with or without an announcement id', async () => {
      for (const query of [{ anntId: 'whatever' }, {}] as Array<Record<string, string>>) {
        const res = await t.call({
          method: 'GET',
          url: '/sys/annountCement/syncNotic',
          token: doctor,
          query: { ...query, _t: '1' },
        });
        expect(res.json(), JSON.stringify(query)).toMatchObject({ success: true, code: 200 });
      }
    });

    it('sorts my announcements by the client’s default createTime (the send time), and refuses unknown sort columns', async () => {
      const older = await add({
        titile: '排序较早',
        msgType: 'USER',
        userIds: `${ZHANGWEI},`,
        msgCategory: '1',
      });
      const newer = await add({
        titile: '排序较晚',
        msgType: 'USER',
        userIds: `${ZHANGWEI},`,
        msgCategory: '1',
      });
      for (const id of [older, newer])
        await t.call({ method: 'GET', url: '/sys/annountCement/doReleaseData', token: admin, query: { id } });
      const db = t.ctx.db.kysely;
      // Send times set apart (releases within one second would tie); created in the opposite order.
      await db
        .updateTable('sysAnnouncement')
        .set({ sendTime: '2030-01-01 08:00:00', createTime: '2030-02-01 08:00:00' })
        .where('id', '=', older)
        .execute();
      await db
        .updateTable('sysAnnouncement')
        .set({ sendTime: '2030-01-02 08:00:00', createTime: '2030-01-01 07:00:00' })
        .where('id', '=', newer)
        .execute();

      const list = (order: string, extra: Record<string, string> = {}) =>
        t.call({
          method: 'GET',
          url: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
          token: doctor,
          query: {
            _t: '1',
            column: 'createTime',
            order,
            field: 'id,,,titile,msgCategory,sender,sendTime,priority,readFlag,action',
            pageNo: '1',
            pageSize: '10',
            ...extra,
          },
        });
      const desc = await list('desc');
      expect(desc.statusCode).toBe(200);
      const titles = (r: typeof desc) =>
        (r.json().result.records as Array<{ titile: string }>)
          .map((x) => x.titile)
          .filter((x) => x.startsWith('排序'));
      expect(titles(desc)).toEqual(['排序较晚', '排序较早']);
      expect(titles(await list('asc'))).toEqual(['排序较早', '排序较晚']);
      expect(desc.json().result.records[0]).toMatchObject({
        anntId: newer,
        sendTime: '2030-01-02 08:00:00',
        readFlag: '0',
        sender: 'admin',
      });
      // The list's 发布人 search.
      expect(titles(await list('desc', { sender: 'admin' }))).toHaveLength(2);
      expect(titles(await list('desc', { sender: 'nobody' }))).toHaveLength(0);

      for (const column of ['id); drop table sys_user; --', 'userId', 'msgContent'])
        expect((await list('desc', { column })).statusCode, column).toBe(400);
    });
  });
});
