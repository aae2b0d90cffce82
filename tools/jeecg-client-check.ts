/**
 * Drives a JeecgBoot front end built from its own source against a running server, as a person would:
 * serves the client's dist on a port (forwarding /jeecg-boot, WebSocket included, to the server), signs
 * in, opens each page, and prints every failed request, page error and error toast, with screenshots.
 *
 *   npx tsx tools/jeecg-client-check.ts --dist /path/to/ant-design-vue-jeecg/dist \
 *     --server http://localhost:8080 --user admin --pages /isystem/user,/online/cgformList/erp_customer
 *   (the Vue 3 client: --login /login, built with VITE_GLOB_API_URL=/jeecg-boot and
 *   VITE_GLOB_DOMAIN_URL=http://localhost:3100/jeecg-boot; the server with CLIENT_PROFILE=jeecg-vue3)
 *
 * Build the client with VUE_APP_API_BASE_URL=http://localhost:<port>/jeecg-boot (default port 3100) and
 * start the server with LOGIN_CAPTCHA=off (the script cannot read the image). Exit code 1 on any failure.
 */
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../src/server/db/seed-data.js';

const { values: args } = parseArgs({
  options: {
    dist: { type: 'string' },
    server: { type: 'string', default: 'http://localhost:8080' },
    port: { type: 'string', default: '3100' },
    user: { type: 'string', default: 'admin' },
    password: { type: 'string', default: DEMO_PASSWORD },
    pages: { type: 'string', default: '/dashboard/analysis' },
    // The Vue 2 client signs in at /user/login, the Vue 3 one at /login.
    login: { type: 'string', default: '/user/login' },
    shots: { type: 'string', default: 'test-output/jeecg-client' },
  },
});
if (!args.dist || !fs.existsSync(path.join(args.dist, 'index.html'))) {
  console.error('用法：--dist <客户端构建目录（含 index.html）>');
  process.exit(2);
}
const root = path.resolve(args.dist);
const upstream = new URL(args.server ?? 'http://localhost:8080');
const TYPES: Record<string, string> = {
  '.js': 'application/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const forwardHeaders = (headers: http.IncomingHttpHeaders) => ({ ...headers, host: upstream.host });
const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (url.startsWith('/jeecg-boot')) {
    const up = http.request(
      { host: upstream.hostname, port: upstream.port, path: url, method: req.method, headers: forwardHeaders(req.headers) },
      (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      },
    );
    up.on('error', () => res.writeHead(502).end());
    req.pipe(up);
    return;
  }
  // Only files under the dist folder; anything else is the single-page app.
  let file = path.resolve(root, `.${decodeURIComponent(url.split('?')[0])}`);
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(root, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  fs.createReadStream(file).pipe(res);
});
server.on('upgrade', (req, socket, head) => {
  const up = net.connect(Number(upstream.port), upstream.hostname, () => {
    const lines = Object.entries(forwardHeaders(req.headers)).map(([k, v]) => `${k}: ${String(v)}`);
    up.write(`${req.method} ${req.url} HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    up.write(head);
    socket.pipe(up).pipe(socket);
  });
  up.on('error', () => socket.destroy());
  socket.on('error', () => up.destroy());
});
await new Promise<void>((resolve) => server.listen(Number(args.port), resolve));

const base = `http://localhost:${args.port}`;
const problems: string[] = [];
fs.mkdirSync(args.shots!, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // Which page was open when something failed: a page error names no address of its own.
  let current = args.login!;
  page.on('pageerror', (e) => problems.push(`${current} 页面错误 ${e.message}`));
  page.on('response', async (r) => {
    if (!r.url().includes('/jeecg-boot/')) return;
    const body = await r.text().catch(() => '');
    if (r.status() >= 400 || /"success":false/.test(body))
      problems.push(`${current} ${r.status()} ${r.request().method()} ${r.url().slice(base.length)} ${body.slice(0, 160)}`);
  });
  await page.goto(`${base}${args.login}`);
  await page.waitForTimeout(2500);
  const inputs = page.locator('form input:not([type=checkbox])');
  await inputs.nth(0).fill(args.user!);
  await inputs.nth(1).fill(args.password!);
  if ((await inputs.count()) > 2) await inputs.nth(2).fill('abcd');
  await page.getByRole('button', { name: /确\s*定|登\s*录/ }).first().click();
  await page.waitForTimeout(5000);
  for (const p of args.pages!.split(',').filter(Boolean)) {
    current = p;
    await page.goto(base + p);
    await page.waitForTimeout(4000);
    await page.screenshot({ path: path.join(args.shots!, `${p.replace(/\W+/g, '_')}.png`) });
    for (const t of await page.$$eval('.ant-message-error, .ant-message-warning, .ant-notification-notice', (ns) => ns.map((n) => n.textContent ?? '')))
      problems.push(`${p} 提示：${t}`);
  }
} finally {
  await browser.close();
  server.close();
}
console.log(problems.length ? problems.join('\n') : '没有失败的请求、页面错误或错误提示');
process.exit(problems.length ? 1 : 0);
