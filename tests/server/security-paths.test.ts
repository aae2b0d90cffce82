import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * AUTH-01/02: suffixes, matrix parameters, encoded dots, doubled slashes, case and trailing slashes
 * on protected routes must never reach a handler without the route's own access check, and never
 * answer data.
 */
const VARIANTS = [
  '/sys/user/list.js',
  '/sys/user/list;.js',
  '/sys/user/list%3b.js',
  '/sys/user/list%2ejs',
  '/sys//user/list',
  '/sys/%2e/user/list',
  '/sys/%2e%2e/sys/user/list',
  '/anon/..;/sys/user/list',
  '/SYS/user/list',
  '/sys/User/List',
  '/sys/user/list/',
  '/sys/user/list%3b',
  '/sys/user/queryById.css?id=1',
  '/sys/role/queryall.json',
  '/sys/sysDepart/queryTreeList;jsessionid=1',
  '/sys/tenant/getCurrentUserTenant/',
  '/sys/position/list%2f',
];

describe.each(DIALECTS)('path tricks on organisation routes on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let port = 0;

  /**
   * A raw request over a socket: `inject` (like a browser) would normalise `%2e` segments away before
   * the server sees them, while an attacker's client sends the path byte for byte.
   */
  const raw = (path: string, token?: string) =>
    new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: `${t.base}${path}`, method: 'GET', headers: token ? { 'x-access-token': token } : {} },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end();
    });

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t?.close());

  it('answers 400, 401 or 404 without a token and never data', async () => {
    for (const path of VARIANTS) {
      const res = await raw(path);
      expect([400, 401, 404], path).toContain(res.statusCode);
      expect(JSON.parse(res.body).success, path).toBe(false);
      expect(res.body, path).not.toMatch(/records|username|roleCode|orgCode|华康/);
    }
  });

  it('does not turn a tricked path into the real route even with a valid token', async () => {
    for (const path of VARIANTS) {
      const res = await raw(path, admin);
      expect([400, 404], path).toContain(res.statusCode);
      expect(res.body, path).not.toMatch(/records|username|roleCode|orgCode|华康/);
    }
    // The canonical path still works, so the refusals above are about the path, not the session.
    const real = await raw('/sys/user/list', admin);
    expect(real.statusCode).toBe(200);
    expect(JSON.parse(real.body).result.total).toBeGreaterThan(0);
  });

  it('requires a session on every organisation read', async () => {
    for (const path of [
      '/sys/user/list',
      '/sys/user/queryUserComponentData',
      '/sys/role/list',
      '/sys/role/queryall',
      '/sys/role/queryTreeList',
      '/sys/sysDepart/queryTreeList',
      '/sys/sysDepart/queryIdTree',
      '/api/sys/dept/getMyDeptTreeList',
      '/sys/position/list',
      '/sys/tenant/getCurrentUserTenant',
    ]) {
      const res = await t.call({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(401);
      expect(res.body, path).not.toMatch(/records|username|华康/);
    }
  });
});
