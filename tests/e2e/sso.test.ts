import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openContext, screenshot, startServer, type RunningServer } from './browser.js';

/**
 * Single sign-on as a hospital runs it: a CAS server on loopback that signs "wangfang" in, issues a
 * one-time ticket for the service it was given and validates it once (CAS 3 p3/serviceValidate).
 */
function startCas() {
  const tickets = new Map<string, string>();
  const validations: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/cas/login') {
      const service = url.searchParams.get('service') ?? '';
      const ticket = `ST-${tickets.size + 1}-e2e`;
      tickets.set(ticket, service);
      const back = new URL(service);
      back.searchParams.set('ticket', ticket);
      res.writeHead(302, { location: back.toString() });
      res.end();
    } else if (url.pathname === '/cas/p3/serviceValidate') {
      const ticket = url.searchParams.get('ticket') ?? '';
      validations.push(ticket);
      const ok = tickets.get(ticket) === url.searchParams.get('service');
      tickets.delete(ticket);
      res.setHeader('content-type', 'application/xml');
      res.end(
        ok
          ? '<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>wangfang</cas:user></cas:authenticationSuccess></cas:serviceResponse>'
          : `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationFailure code="INVALID_TICKET">未识别的票据 ${ticket}</cas:authenticationFailure></cas:serviceResponse>`,
      );
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  return new Promise<{ base: string; validations: string[]; close: () => Promise<void> }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/cas`,
        validations,
        close: () => new Promise((done) => server.close(() => done())),
      }),
    ),
  );
}

let cas: Awaited<ReturnType<typeof startCas>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  cas = await startCas();
  server = await startServer({ CAS_PREFIX: cas.base });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await cas?.close();
});

describe('single sign-on', () => {
  it('takes a visitor through the CAS server and back into the page they asked for', async () => {
    const context = await openContext(browser);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${server.url}/isystem/user`);
    await page.getByRole('link', { name: '单点登录' }).click();
    // CAS sends the browser back with a ticket; the console trades it for a session.
    await page.waitForURL((u) => u.pathname === '/isystem/user', { timeout: 20_000 });
    await page.locator('.renderer-list-page .ant-table-row').first().waitFor({ timeout: 20_000 });
    await page.getByText('王芳').first().waitFor();
    expect(cas.validations).toEqual(['ST-1-e2e']);
    expect(new URL(page.url()).searchParams.get('ticket')).toBeNull();
    await screenshot(page, 'sso-signed-in');

    // A ticket is single-use: coming back with it again signs nobody in.
    await context.clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto(`${server.url}/user/login?ticket=ST-1-e2e`);
    await page.getByText(/未识别的票据/).waitFor();
    expect(new URL(page.url()).searchParams.get('ticket')).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
