import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/** The code the server wrote to its log (there is no SMS gateway). */
function lastCode(logs: string[]): string {
  const line = [...logs].reverse().find((l) => l.includes('"smsCode"'));
  if (!line) throw new Error('no sms code logged');
  return JSON.parse(line).smsCode;
}

describe.each(DIALECTS)('SMS sign-in, recovery and registration on $name', ({ url }) => {
  let t: TestApp;
  const logs: string[] = [];
  // zhangwei is the second named demo user: phone 13800130001.
  const phone = '13800130001';
  beforeAll(async () => {
    t = await createTestApp(url, {}, { logs });
  });
  afterAll(async () => t?.close());

  it('signs in with a logged SMS code exactly once', async () => {
    const sent = await t.call({ method: 'POST', url: '/sys/sms', payload: { mobile: phone, smsmode: '0' } });
    expect(sent.json().success).toBe(true);
    const code = lastCode(logs);
    const first = (await t.call({ method: 'POST', url: '/sys/phoneLogin', payload: { mobile: phone, captcha: code } })).json();
    expect(first.success).toBe(true);
    expect(first.result.userInfo.username).toBe('zhangwei');
    const again = (await t.call({ method: 'POST', url: '/sys/phoneLogin', payload: { mobile: phone, captcha: code } })).json();
    expect(again).toMatchObject({ success: false, message: '手机验证码错误' });
  });

  it('burns a code after five wrong tries', async () => {
    const mobile = '13800130002';
    await t.call({ method: 'POST', url: '/sys/sms', payload: { mobile, smsmode: '0' } });
    const code = lastCode(logs);
    for (let i = 0; i < 5; i++)
      await t.call({ method: 'POST', url: '/sys/phoneLogin', payload: { mobile, captcha: code === '000000' ? '111111' : '000000' } });
    const right = (await t.call({ method: 'POST', url: '/sys/phoneLogin', payload: { mobile, captcha: code } })).json();
    expect(right.success).toBe(false);
  });

  it('answers the same for unknown numbers and sends them nothing', async () => {
    const before = logs.filter((l) => l.includes('"smsCode"')).length;
    const res = (await t.call({ method: 'POST', url: '/sys/sms', payload: { mobile: '13999999999', smsmode: '0' } })).json();
    expect(res.success).toBe(true);
    expect(logs.filter((l) => l.includes('"smsCode"')).length).toBe(before);
  });

  it('resets a forgotten password through a single-use token and ends old sessions', async () => {
    const mobile = '13800130003'; // wangfang
    const old = await t.login('wangfang');
    await t.call({ method: 'POST', url: '/sys/sms', payload: { mobile, smsmode: '2' } });
    const verified = (
      await t.call({ method: 'POST', url: '/sys/user/phoneVerification', payload: { phone: mobile, smscode: lastCode(logs) } })
    ).json();
    expect(verified.result.username).toBe('wangfang');
    const token = verified.result.smscode;
    const change = (
      await t.call({ method: 'POST', url: '/sys/user/passwordChange', payload: { username: 'wangfang', smscode: token, password: 'Recovered@2026' } })
    ).json();
    expect(change.success).toBe(true);
    const reuse = (
      await t.call({ method: 'POST', url: '/sys/user/passwordChange', payload: { username: 'wangfang', smscode: token, password: 'Another@2026x' } })
    ).json();
    expect(reuse.success).toBe(false);
    expect((await t.call({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token: old })).statusCode).toBe(401);
    expect(await t.login('wangfang', 'Recovered@2026')).toBeTruthy();
    const get = await t.call({ method: 'GET', url: '/sys/user/passwordChange?username=admin&password=x' });
    expect(get.statusCode).toBe(405);
  });

  it('refuses self-registration unless enabled', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/sys/user/register',
      payload: { username: 'newbie01', password: 'Newbie@2026', phone: '13912345678', smscode: '123456' },
    });
    expect(res.json()).toMatchObject({ success: false, message: '系统未开放自助注册，请联系管理员开通账号' });
  });
});

describe('self-registration when enabled', () => {
  it('creates an account after the phone is proven', async () => {
    const logs: string[] = [];
    const t = await createTestApp('sqlite://:memory:', { REGISTER_ENABLED: '1' }, { logs });
    try {
      const phone = '13912345678';
      await t.call({ method: 'POST', url: '/sys/sms', payload: { mobile: phone, smsmode: '1' } });
      const res = await t.call({
        method: 'POST',
        url: '/sys/user/register',
        payload: { username: 'newbie01', password: 'Newbie@2026', phone, smscode: lastCode(logs) },
      });
      expect(res.json().success).toBe(true);
      expect(await t.login('newbie01', 'Newbie@2026')).toBeTruthy();
    } finally {
      await t.close();
    }
  });
});
