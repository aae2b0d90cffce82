import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

/**
 * A small, protocol-faithful identity provider on loopback: Feishu-style code exchange
 * (`{code:0,data:{access_token}}`, then the user by bearer token) and CAS 3 `p3/serviceValidate`.
 */
function startProvider() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push(`${req.method} ${url.pathname}`);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      if (url.pathname === '/feishu/token') {
        const { code } = JSON.parse(body || '{}') as { code?: string };
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(code === 'good-code' ? { code: 0, data: { access_token: 'at-zhangwei' } } : { code: 20003, msg: 'invalid code' }));
      } else if (url.pathname === '/feishu/user') {
        res.setHeader('content-type', 'application/json');
        const ok = req.headers.authorization === 'Bearer at-zhangwei';
        res.end(JSON.stringify(ok ? { code: 0, data: { mobile: '+8613800130001', name: '张伟' } } : { code: 99991663, msg: 'bad token' }));
      } else if (url.pathname === '/cas/p3/serviceValidate') {
        res.setHeader('content-type', 'application/xml');
        const ticket = url.searchParams.get('ticket');
        res.end(
          ticket === 'ST-good' && url.searchParams.get('service') === 'http://console.local/'
            ? `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>lina</cas:user></cas:authenticationSuccess></cas:serviceResponse>`
            : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure></cas:serviceResponse>`,
        );
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  return new Promise<{ base: string; seen: string[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ base: `http://127.0.0.1:${port}`, seen, close: () => new Promise((r) => server.close(() => r())) });
    }),
  );
}

describe('Feishu-style, third-party and CAS sign-in against a loopback provider', () => {
  let t: TestApp;
  let idp: Awaited<ReturnType<typeof startProvider>>;
  beforeAll(async () => {
    idp = await startProvider();
    t = await createTestApp('sqlite://:memory:', {
      FEISHU_TOKEN_URL: `${idp.base}/feishu/token`,
      FEISHU_USER_URL: `${idp.base}/feishu/user`,
      FEISHU_APP_ID: 'app',
      FEISHU_APP_SECRET: 'secret',
      CAS_PREFIX: `${idp.base}/cas`,
    });
  });
  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  it('exchanges a Feishu authorisation code and signs the bound user in', async () => {
    const res = (await t.call({ method: 'POST', url: '/api/sys/staff/user/feishuLogin', payload: { code: 'good-code' } })).json();
    expect(res.success).toBe(true);
    expect(res.result.userInfo.username).toBe('zhangwei');
    expect(idp.seen).toEqual(expect.arrayContaining(['POST /feishu/token', 'GET /feishu/user']));
    const bad = (await t.call({ method: 'POST', url: '/api/sys/staff/user/feishuLogin', payload: { code: 'forged' } })).json();
    expect(bad).toMatchObject({ success: false, message: '飞书授权码无效或已过期' });
  });

  it('validates a CAS ticket with the configured server and refuses others', async () => {
    const ok = (
      await t.call({ method: 'GET', url: `/sys/cas/client/validateLogin?ticket=ST-good&service=${encodeURIComponent('http://console.local/')}` })
    ).json();
    expect(ok.success).toBe(true);
    expect(ok.result.userInfo.username).toBe('lina');
    const bad = (await t.call({ method: 'GET', url: '/sys/cas/client/validateLogin?ticket=ST-bad&service=x' })).json();
    expect(bad.success).toBe(false);
    expect(bad.message).toContain('单点登录票据无效');
  });

  it('accepts only tokens this server issued for third-party sign-in (AUTH-05)', async () => {
    const token = await t.login('wangfang');
    const ok = (await t.call({ method: 'GET', url: `/sys/thirdLogin/getLoginUser/${token}/github` })).json();
    expect(ok.result.userInfo.username).toBe('wangfang');
    // A JWT-looking token naming the administrator, never issued here.
    const forged = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJIUzI1NiJ9.eyJ1c2VybmFtZSI6ImFkbWluIn0.x';
    const res = await t.call({ method: 'GET', url: `/sys/thirdLogin/getLoginUser/${forged}/github` });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('admin');
  });

  it('is off until configured', async () => {
    const plain = await createTestApp('sqlite://:memory:');
    try {
      const res = (await plain.call({ method: 'POST', url: '/api/sys/staff/user/feishuLogin', payload: { code: 'good-code' } })).json();
      expect(res).toMatchObject({ success: false, message: '未配置飞书登录' });
      const cas = (await plain.call({ method: 'GET', url: '/sys/cas/client/validateLogin?ticket=ST-good&service=x' })).json();
      expect(cas).toMatchObject({ success: false, message: '未配置单点登录' });
    } finally {
      await plain.close();
    }
  });
});
