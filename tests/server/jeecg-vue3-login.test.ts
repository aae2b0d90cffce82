import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeCaptcha } from '../../src/server/modules/auth/captcha.js';
import { rangeOf } from '../../src/server/modules/announcement/vue3-inbox.js';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DEMO_PASSWORD, DIALECTS, type TestApp } from './harness.js';

/**
 * The JeecgBoot Vue 3 client (jeecgboot-vue3 v3.9.3) signing in and opening its home page under
 * CLIENT_PROFILE=jeecg-vue3. The key and IV are the ones the client publishes in src/utils/cipher.ts,
 * configured here as a deployment that keeps them would.
 */
const AES_KEY = '1234567890adbcde';
const AES_IV = '1234567890hjlkew';
const VUE3_ENV = { CLIENT_PROFILE: 'jeecg-vue3', LOGIN_AES_KEY: AES_KEY, LOGIN_AES_IV: AES_IV };

/** What the client's encryptAESCBC sends: CryptoJS AES-CBC, PKCS#7, UTF-8 key and IV, base64. */
function encrypt(text: string, key = AES_KEY, iv = AES_IV): string {
  const cipher = crypto.createCipheriv(
    `aes-${Buffer.byteLength(key) * 8}-cbc`,
    Buffer.from(key),
    Buffer.from(iv),
  );
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

const ZHANGWEI = stableId('user', 'zhangwei');
const LOGIN_FAILED = '用户名或密码错误';

describe.each(DIALECTS)('the JeecgBoot Vue 3 client signs in on $name', ({ url }) => {
  let t: TestApp;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await createTestApp(url, VUE3_ENV, { logs });
  });
  afterAll(async () => t?.close());

  const login = (payload: Record<string, unknown>) =>
    t.call({
      method: 'POST',
      url: '/sys/login',
      payload: { username: 'admin', password: encrypt(DEMO_PASSWORD), ...payload },
    });
  const tokenOf = async (username: string) => {
    const body = (await login({ username })).json();
    expect(body.success, body.message).toBe(true);
    return body.result.token as string;
  };
  const failures = async (username: string) =>
    (
      await t.ctx.db.kysely
        .selectFrom('sysLog')
        .select('id')
        .where('event', '=', 'login.failure')
        .where('username', '=', username)
        .execute()
    ).length;

  describe('POST /sys/login', () => {
    it('signs the administrator in with the encrypted password and answers what the client reads', async () => {
      const res = await login({ captcha: '', remember_me: true });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ success: true, code: 200, message: '登录成功' });
      const r = body.result;
      expect(r.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(r.userInfo).toMatchObject({
        username: 'admin',
        realname: '管理员',
        orgCode: 'A01',
        loginTenantId: 1,
        homePath: null,
      });
      expect(r.userInfo.id).toBe(stableId('user', 'admin'));
      expect(r.userInfo).not.toHaveProperty('passwordHash');
      // Kept in the browser's storage: personal fields masked.
      expect(r.userInfo.phone).toBe('138****0000');
      expect(r.userInfo.email).toBe('a***@huakang.example.cn');
      expect(r.tenantList.map((x: { id: number }) => x.id)).toEqual([1, 2]);
      expect(r.multi_depart).toBe(1);
      expect(r.departs.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01']);
      // The Vue 3 client loads dictionaries with getUserInfo, not with the login answer.
      expect(r).not.toHaveProperty('sysAllDictItems');
    });

    it('signs a doctor in, in his only tenant', async () => {
      const r = (await login({ username: 'zhangwei' })).json().result;
      expect(r.userInfo).toMatchObject({
        username: 'zhangwei',
        realname: '张伟',
        orgCode: 'A01A01A01',
        loginTenantId: 1,
      });
      expect(r.tenantList.map((x: { id: number }) => x.id)).toEqual([1]);
    });

    it('checks the image captcha the client names with its Date.now()+random checkKey', async () => {
      const key = '1712345678901k3x9';
      await storeCaptcha(t.ctx, key, 'K7PA');
      const wrong = (await login({ captcha: 'K7PB', checkKey: key })).json();
      expect(wrong).toMatchObject({ success: false, code: 412 });
      await storeCaptcha(t.ctx, key, 'K7PA');
      expect((await login({ captcha: 'k7pa', checkKey: key })).json()).toMatchObject({
        success: true,
        code: 200,
      });
    });

    it('refuses a password that does not decrypt as an ordinary failure, counted, never a 5xx', async () => {
      const before = await failures('zhangwei');
      const garbage = [
        DEMO_PASSWORD, // not encrypted at all
        'not base64 at all!',
        Buffer.alloc(16, 7).toString('base64'), // 16 bytes that are no PKCS#7 cipher text
        Buffer.alloc(5, 1).toString('base64'), // not a whole block
        encrypt(DEMO_PASSWORD, 'another-key-1234'), // the right password under another key
        encrypt('Wrong@2026'),
      ];
      for (const [i, password] of garbage.entries()) {
        const res = await login({ username: 'zhangwei', password });
        expect(res.statusCode, password).toBe(200);
        expect(res.json(), password).toMatchObject({ success: false, code: 500, message: LOGIN_FAILED });
        // A right sign-in ends a run of failures (before the lock, which the next test reaches).
        if (i % 3 === 2) expect((await login({ username: 'zhangwei' })).json().success).toBe(true);
      }
      expect(await failures('zhangwei')).toBe(before + garbage.length);
    });

    it('locks the account after five undecryptable passwords, even for the right one', async () => {
      for (let i = 0; i < 5; i++)
        await login({ username: 'lina', password: Buffer.alloc(32, i).toString('base64') });
      const res = (await login({ username: 'lina' })).json();
      expect(res).toMatchObject({ success: false });
      expect(res.message).toContain('登录失败次数过多');
    });

    it('refuses an over-long password field with 400 naming it', async () => {
      const res = await login({ password: 'A'.repeat(800) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('password');
    });
  });

  describe('POST /sys/phoneLogin', () => {
    it('answers the SMS sign-in in the Vue 3 shape too', async () => {
      // zhangwei is the second named demo user: phone 13800130001. There is no SMS gateway: the code is logged.
      const sent = await t.call({
        method: 'POST',
        url: '/sys/sms',
        payload: { mobile: '13800130001', smsmode: '0' },
      });
      expect(sent.json().success).toBe(true);
      const line = [...logs].reverse().find((l) => l.includes('"smsCode"'));
      const code = JSON.parse(line ?? '{}').smsCode as string;
      const res = (
        await t.call({
          method: 'POST',
          url: '/sys/phoneLogin',
          payload: { mobile: '13800130001', captcha: code, loginOrgCode: null },
        })
      ).json();
      expect(res).toMatchObject({
        success: true,
        result: { userInfo: { username: 'zhangwei', loginTenantId: 1, phone: '138****0001' } },
      });
      expect(res.result.tenantList.map((x: { id: number }) => x.id)).toEqual([1]);
      expect(res.result).not.toHaveProperty('sysAllDictItems');
    });
  });

  describe('POST /sys/loginGetUserDeparts (the sign-in page, once the captcha is typed)', () => {
    it('offers the departments of a user whose password is right, keeps the captcha for the sign-in, and honours the choice', async () => {
      const key = '1712345678902abcd';
      await storeCaptcha(t.ctx, key, 'HJKM');
      const res = await t.call({
        method: 'POST',
        url: '/sys/loginGetUserDeparts',
        payload: {
          username: 'chenjing',
          password: encrypt(DEMO_PASSWORD),
          inputCode: 'hjkm',
          checkKey: key,
          loginOrgCode: '',
          loginType: 'account',
        },
      });
      const body = res.json();
      expect(body).toMatchObject({ success: true, code: 200 });
      expect(body.result.departs).toEqual([
        { orgCode: 'A01A01A02', departName: '内分泌科' },
        { orgCode: 'A01A01A05', departName: '慢病管理中心' },
      ]);
      const signedIn = (
        await login({ username: 'chenjing', captcha: 'HJKM', checkKey: key, loginOrgCode: 'A01A01A05' })
      ).json();
      expect(signedIn).toMatchObject({
        success: true,
        result: { multi_depart: 2, userInfo: { orgCode: 'A01A01A05' } },
      });
      const info = (
        await t.call({ method: 'GET', url: '/sys/user/getUserInfo', token: signedIn.result.token })
      ).json();
      expect(info.result.userInfo.orgCode).toBe('A01A01A05');
      // A department the user does not belong to is not taken.
      const other = (await login({ username: 'chenjing', loginOrgCode: 'A01' })).json();
      expect(other.result.userInfo.orgCode).toBe('A01A01A05');
    });

    it('reveals nothing for a wrong password and counts it as a failed sign-in', async () => {
      const before = await failures('wangfang');
      const res = await t.call({
        method: 'POST',
        url: '/sys/loginGetUserDeparts',
        payload: { username: 'wangfang', password: encrypt('Wrong@2026'), loginType: 'account' },
      });
      expect(res.json()).toMatchObject({ success: false, message: LOGIN_FAILED });
      expect(res.json().result).toBeNull();
      expect(await failures('wangfang')).toBe(before + 1);
    });

    it('offers the SMS form nothing', async () => {
      const res = await t.call({
        method: 'POST',
        url: '/sys/loginGetUserDeparts',
        payload: { mobile: '13800130001', smscode: '123456', loginType: 'phone' },
      });
      expect(res.json()).toMatchObject({ success: true, result: { departs: [], currentOrgCode: null } });
    });
  });

  describe('GET /sys/user/getUserInfo', () => {
    it('answers userInfo with the tenant of the request and every dictionary, as the dictionary endpoint does', async () => {
      const token = await tokenOf('admin');
      const res = await t.call({ method: 'GET', url: '/sys/user/getUserInfo', token, query: { _t: '1' } });
      expect(res.statusCode).toBe(200);
      const r = res.json().result;
      expect(r.userInfo).toMatchObject({
        id: stableId('user', 'admin'),
        username: 'admin',
        realname: '管理员',
        orgCode: 'A01',
        loginTenantId: 1,
        homePath: null,
      });
      expect(r.userInfo).toHaveProperty('avatar');
      expect(r.userInfo).not.toHaveProperty('passwordHash');
      expect(r.userInfo.phone).toBe('138****0000');
      const all = (await t.call({ method: 'GET', url: '/sys/dict/queryAllDictItems', token })).json().result;
      expect(r.sysAllDictItems).toEqual(all);
      expect(r.sysAllDictItems.sex).toEqual([
        { value: '1', text: '男', title: '男', label: '男' },
        { value: '2', text: '女', title: '女', label: '女' },
      ]);
      // The client sends the tenant it keeps as X-Tenant-Id on every request.
      const second = (
        await t.call({ method: 'GET', url: '/sys/user/getUserInfo', token, headers: { 'x-tenant-id': '2' } })
      ).json();
      expect(second.result.userInfo.loginTenantId).toBe(2);
    });

    it('needs a session', async () => {
      const res = await t.call({ method: 'GET', url: '/sys/user/getUserInfo' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 401 });
    });
  });

  describe('PUT /sys/selectDepart with only a tenant', () => {
    it('switches the session to another tenant of the user', async () => {
      const token = await tokenOf('admin');
      const res = await t.call({
        method: 'PUT',
        url: '/sys/selectDepart',
        token,
        payload: { loginTenantId: 2, username: 'admin' },
      });
      expect(res.json()).toMatchObject({
        success: true,
        result: { userInfo: { username: 'admin', loginTenantId: 2, orgCode: 'A01' } },
      });
      const after = (await t.call({ method: 'GET', url: '/sys/user/getUserInfo', token })).json();
      expect(after.result.userInfo.loginTenantId).toBe(2);
      const session = await t.ctx.sessions.resolve(token);
      expect(session?.tenantId).toBe(2);
      // The header's picker may send the id as text.
      const back = (
        await t.call({ method: 'PUT', url: '/sys/selectDepart', token, payload: { loginTenantId: '1' } })
      ).json();
      expect(back.result.userInfo.loginTenantId).toBe(1);
      expect((await t.ctx.sessions.resolve(token))?.tenantId).toBe(1);
    });

    it('refuses a tenant the user is not in, and one that does not exist, changing nothing', async () => {
      const token = await tokenOf('zhangwei');
      for (const loginTenantId of [2, 99]) {
        const res = await t.call({
          method: 'PUT',
          url: '/sys/selectDepart',
          token,
          payload: { loginTenantId, username: 'zhangwei' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({
          success: false,
          code: 500,
          message: '您不属于该租户或该租户已冻结，无法切换',
        });
      }
      // Naming another user changes nothing about him: the session's own user is the one switched.
      const named = await t.call({
        method: 'PUT',
        url: '/sys/selectDepart',
        token,
        payload: { loginTenantId: 2, username: 'admin' },
      });
      expect(named.json().success).toBe(false);
      expect((await t.ctx.sessions.resolve(token))?.tenantId).toBe(1);
    });

    it('still switches departments, checks both before changing either, and asks for one of them', async () => {
      const token = await tokenOf('chenjing');
      const dep = (
        await t.call({
          method: 'PUT',
          url: '/sys/selectDepart',
          token,
          payload: { orgCode: 'A01A01A02', loginTenantId: 1 },
        })
      ).json();
      expect(dep).toMatchObject({
        success: true,
        result: { userInfo: { orgCode: 'A01A01A02', loginTenantId: 1 } },
      });
      const notMine = (
        await t.call({
          method: 'PUT',
          url: '/sys/selectDepart',
          token,
          payload: { orgCode: 'A02A01', loginTenantId: 1 },
        })
      ).json();
      expect(notMine).toMatchObject({ success: false, message: '您不属于该部门' });
      const badTenant = (
        await t.call({
          method: 'PUT',
          url: '/sys/selectDepart',
          token,
          payload: { orgCode: 'A01A01A05', loginTenantId: 2 },
        })
      ).json();
      expect(badTenant.success).toBe(false);
      expect((await t.ctx.sessions.resolve(token))?.orgCode).toBe('A01A01A02');
      const none = (
        await t.call({
          method: 'PUT',
          url: '/sys/selectDepart',
          token,
          payload: { username: 'chenjing', loginTenantId: '' },
        })
      ).json();
      expect(none).toMatchObject({ success: false, message: '请选择部门或租户' });
    });
  });

  describe('home page and header', () => {
    let admin: string;
    let doctor: string;
    beforeAll(async () => {
      admin = await tokenOf('admin');
      doctor = await tokenOf('zhangwei');
    });
    const unread = async (token: string) => {
      const res = await t.call({
        method: 'GET',
        url: '/sys/annountCement/getUnreadMessageCount',
        token,
        query: { _t: '1' },
      });
      expect(res.statusCode).toBe(200);
      return res.json().result as Record<string, number>;
    };
    const announce = async (titile: string) => {
      const id = (
        await t.call({
          method: 'POST',
          url: '/sys/annountCement/add',
          token: admin,
          payload: { titile, msgType: 'USER', userIds: `${ZHANGWEI},` },
        })
      ).json().result.id as string;
      const released = await t.call({
        method: 'GET',
        url: '/sys/annountCement/doReleaseData',
        token: admin,
        query: { id },
      });
      expect(released.json().success).toBe(true);
      return id;
    };

    it('counts unread messages by notice type, lists them for the bell (reading them) and clears them', async () => {
      const cleared = await t.call({
        method: 'POST',
        url: '/sys/annountCement/clearAllUnReadMessage',
        token: doctor,
      });
      expect(cleared.json()).toMatchObject({ success: true, code: 200 });
      expect(await unread(doctor)).toEqual({
        systemCount: 0,
        flowCount: 0,
        fileCount: 0,
        planCount: 0,
        count: 0,
      });
      const id = await announce('Vue 3 铃铛测试');
      expect(await unread(doctor)).toEqual({
        systemCount: 1,
        flowCount: 0,
        fileCount: 0,
        planCount: 0,
        count: 1,
      });

      const list = await t.call({
        method: 'GET',
        url: '/sys/annountCement/vue3List',
        token: doctor,
        query: {
          fromUser: '',
          starFlag: '',
          rangeDateKey: '',
          beginDate: '',
          endDate: '',
          pageNo: '1',
          pageSize: '10',
          noticeType: '',
          _t: '1',
        },
      });
      expect(list.statusCode).toBe(200);
      const rows = list.json().result as Array<Record<string, unknown>>;
      expect(rows[0]).toMatchObject({
        id,
        titile: 'Vue 3 铃铛测试',
        readFlag: '0',
        starFlag: '0',
        msgCategory: expect.any(String),
        sendId: expect.any(String),
      });
      expect(rows[0].userIds ?? null).toBeNull();
      // Listed means read, as in the original.
      expect((await unread(doctor)).count).toBe(0);
      const again = (
        await t.call({
          method: 'GET',
          url: '/sys/annountCement/vue3List',
          token: doctor,
          query: { pageNo: '1', pageSize: '10' },
        })
      ).json();
      expect(again.result.find((r: { id: string }) => r.id === id)).toMatchObject({ readFlag: '1' });
      // Filters: nothing is starred, other notice types are empty, and a custom range outside it excludes it.
      const filters: Array<Record<string, string>> = [
        { starFlag: '1' },
        { noticeType: 'flow' },
        { rangeDateKey: 'zdy', beginDate: '2000-01-01 00:00:00', endDate: '2000-12-31 23:59:59' },
      ];
      for (const query of filters) {
        const res = (
          await t.call({ method: 'GET', url: '/sys/annountCement/vue3List', token: doctor, query })
        ).json();
        expect(
          res.result.some((r: { id: string }) => r.id === id),
          JSON.stringify(query),
        ).toBe(false);
      }
      // Another user's inbox does not show it.
      const other = (
        await t.call({
          method: 'GET',
          url: '/sys/annountCement/vue3List',
          token: await tokenOf('liuyang'),
          query: {},
        })
      ).json();
      expect(other.result.some((r: { id: string }) => r.id === id)).toBe(false);

      await announce('Vue 3 清空测试');
      expect((await unread(doctor)).count).toBe(1);
      await t.call({ method: 'POST', url: '/sys/annountCement/clearAllUnReadMessage', token: doctor });
      expect((await unread(doctor)).count).toBe(0);
      expect(
        (await t.call({ method: 'GET', url: '/sys/annountCement/getUnreadMessageCount' })).statusCode,
      ).toBe(401);
    });

    it('never asks to change a default password', async () => {
      const res = (
        await t.call({ method: 'GET', url: '/sys/user/verifyIzDefaultPwd', token: doctor })
      ).json();
      expect(res).toMatchObject({ success: true, code: 200, message: 'no' });
      expect((await t.call({ method: 'GET', url: '/sys/user/verifyIzDefaultPwd' })).statusCode).toBe(401);
    });

    it('serves the header pickers, the menu with its codes and the analysis page statistics', async () => {
      const tenants = (
        await t.call({ method: 'GET', url: '/sys/tenant/getCurrentUserTenant', token: admin })
      ).json();
      expect(tenants.result.list.map((x: { id: number; name: string }) => x.id)).toEqual([1, 2]);
      const departs = (
        await t.call({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token: admin })
      ).json();
      expect(departs.result).toMatchObject({
        orgCode: 'A01',
        list: [expect.objectContaining({ orgCode: 'A01', departName: expect.any(String) })],
      });
      const perms = (
        await t.call({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token: admin })
      ).json();
      expect(perms.result).toMatchObject({
        menu: expect.any(Array),
        auth: expect.any(Array),
        allAuth: expect.any(Array),
        codeList: expect.any(Array),
      });
      const loginfo = (await t.call({ method: 'GET', url: '/sys/loginfo', token: admin })).json();
      expect(loginfo.result).toMatchObject({
        totalVisitCount: expect.any(Number),
        todayVisitCount: expect.any(Number),
        todayIp: expect.any(Number),
      });
      const visits = (await t.call({ method: 'GET', url: '/sys/visitInfo', token: admin })).json();
      expect(visits.result.length).toBeGreaterThan(0);
      expect(visits.result[0]).toMatchObject({
        type: expect.any(String),
        ip: expect.any(Number),
        visit: expect.any(Number),
      });
    });

    it('signs out by GET, as the Vue 3 client does', async () => {
      const token = await tokenOf('liuyang');
      expect((await t.call({ method: 'GET', url: '/sys/logout', token })).json()).toMatchObject({
        success: true,
      });
      expect((await t.call({ method: 'GET', url: '/sys/user/getUserInfo', token })).statusCode).toBe(401);
    });
  });
});

describe.each(DIALECTS)('without the Vue 3 profile on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url);
  });
  afterAll(async () => t?.close());

  it('takes an AES-encrypted password for a wrong one, and signs in with the plain one as before', async () => {
    const aes = (
      await t.call({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'admin', password: encrypt(DEMO_PASSWORD) },
      })
    ).json();
    expect(aes).toMatchObject({ success: false, code: 500, message: LOGIN_FAILED });
    const plain = (
      await t.call({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'admin', password: DEMO_PASSWORD },
      })
    ).json();
    expect(plain.success).toBe(true);
    expect(plain.result.userInfo).not.toHaveProperty('loginTenantId');
    expect(plain.result.sysAllDictItems.sex).toHaveLength(2);
  });

  it('has none of the Vue 3 endpoints, and selectDepart still wants a department', async () => {
    const token = await t.login('admin');
    for (const path of [
      '/sys/user/getUserInfo',
      '/sys/annountCement/getUnreadMessageCount',
      '/sys/user/verifyIzDefaultPwd',
    ]) {
      expect((await t.call({ method: 'GET', url: path, token })).statusCode, path).toBe(404);
    }
    const tenantOnly = (
      await t.call({ method: 'PUT', url: '/sys/selectDepart', token, payload: { loginTenantId: 2 } })
    ).json();
    expect(tenantOnly).toMatchObject({ success: false, message: '您不属于该部门' });
    expect((await t.ctx.sessions.resolve(token))?.tenantId).toBe(1);
  });
});

describe('the bell date ranges', () => {
  const today = '2026-03-04'; // a Wednesday
  it('resolves the rangeDate keys on the calendar', () => {
    expect(rangeOf('jt', '', '', today)).toEqual({ from: '2026-03-04 00:00:00', to: '2026-03-04 23:59:59' });
    expect(rangeOf('zt', '', '', today)).toEqual({ from: '2026-03-03 00:00:00', to: '2026-03-03 23:59:59' });
    expect(rangeOf('bz', '', '', today)).toEqual({ from: '2026-03-02 00:00:00', to: '2026-03-08 23:59:59' });
    expect(rangeOf('sz', '', '', today)).toEqual({ from: '2026-02-23 00:00:00', to: '2026-03-01 23:59:59' });
    expect(rangeOf('by', '', '', today)).toEqual({ from: '2026-03-01 00:00:00', to: '2026-03-31 23:59:59' });
    expect(rangeOf('sy', '', '', today)).toEqual({ from: '2026-02-01 00:00:00', to: '2026-02-28 23:59:59' });
    expect(rangeOf('7day', '', '', today)).toEqual({
      from: '2026-02-26 00:00:00',
      to: '2026-03-04 23:59:59',
    });
    expect(rangeOf('zdy', '2026-01-01 00:00:00', '2026-01-31 23:59:59', today)).toEqual({
      from: '2026-01-01 00:00:00',
      to: '2026-01-31 23:59:59',
    });
    expect(rangeOf('', '', '', today)).toEqual({});
    expect(rangeOf('bz', '', '', '2026-03-08')).toEqual({
      from: '2026-03-02 00:00:00',
      to: '2026-03-08 23:59:59',
    });
  });
});
