import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { createContext } from '../../src/server/bootstrap.js';
import type { AppContext } from '../../src/server/context.js';
import { watchDefinitions } from '../../src/server/definitions/watch.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { serve, type Serving } from '../../src/server/serve.js';
import { fixtureFolder } from './definition-fixtures.js';

describe.each(DIALECTS)('page definitions on $name', ({ url }) => {
  let t: TestApp;
  let token: string;
  const page = (query: Record<string, string>) =>
    t.call({ method: 'GET', url: '/sys/schema/page', token, query });

  beforeAll(async () => {
    t = await createTestApp(url);
    token = await t.login('zhangwei');
  });
  afterAll(async () => t?.close());

  it('serves the entity page of an online list by the route code, for both component names', async () => {
    const equipment = (await page({ component: 'OnlineList', code: 'erp_equipment' })).json();
    expect(equipment).toMatchObject({
      success: true,
      code: 200,
      result: { code: 'erp-equipment', entity: 'erp_equipment', kind: 'list' },
    });
    const customer = (
      await page({ component: 'modules/online/cgform/auto/OnlCgformAutoList', code: 'erp_customer' })
    ).json();
    expect(customer.result).toMatchObject({ code: 'erp-customer', title: '客户信息' });
    expect(customer.result.columns.length).toBeGreaterThan(0);
  });

  it('serves system pages by menu component, also in the /views/… spelling', async () => {
    const user = (await page({ component: 'system/UserList' })).json();
    expect(user.result.components).toContain('system/UserList');
    const slashed = (await page({ component: '/system/UserList' })).json();
    expect(slashed.result.code).toBe(user.result.code);
    const byCode = (await t.call({ method: 'GET', url: '/sys/schema/page/erp-customer', token })).json();
    expect(byCode.result.entity).toBe('erp_customer');
  });

  it('answers 404 with a Chinese message for an unknown page and 400 for a bad request', async () => {
    const unknown = await page({ component: 'system/NoSuchList' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({
      success: false,
      code: 404,
      message: '页面定义不存在：system/NoSuchList',
      result: null,
    });
    const unknownEntity = await page({ component: 'OnlineList', code: 'erp_nothing' });
    expect(unknownEntity.json().message).toBe('页面定义不存在：OnlineList（erp_nothing）');
    const byCode = await t.call({ method: 'GET', url: '/sys/schema/page/no-such-page', token });
    expect(byCode.statusCode).toBe(404);
    expect(byCode.json().message).toBe('页面定义不存在：no-such-page');
    expect((await page({ component: 'OnlineList' })).statusCode).toBe(400);
    for (const component of ['../../etc/passwd', 'system/User List', "system/x' or '1'='1"]) {
      const res = await page({ component });
      expect(res.statusCode, component).toBe(400);
      expect(res.json().result).toBeNull();
    }
  });

  it('needs a session', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/sys/schema/page',
      query: { component: 'system/UserList' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain('components');
  });
});

/** A fresh server context over a copy of the valid fixture definitions. */
async function fixtureContext(prefix: string): Promise<{ dir: string; ctx: AppContext }> {
  const { dir, schemas, cfg } = fixtureFolder(prefix, 'valid');
  return { dir, ctx: await createContext(cfg, schemas) };
}

/** Polls until the check holds (a thrown check counts as not yet), for up to five seconds. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  for (let i = 0; i < 100; i++) {
    if (await check().catch(() => false)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

describe('server start with invalid definitions', () => {
  it('refuses to start, naming each file, JSON pointer and reason', async () => {
    const { dir, schemas, cfg } = fixtureFolder('yjy-invalid-', 'invalid');
    try {
      const started = createContext(cfg, schemas);
      await expect(started).rejects.toThrow(/^定义文件有 \d+ 处错误：/);
      await expect(started).rejects.toThrow(
        `${path.relative(process.cwd(), schemas)}/pages/demo-item.json:29:7: /columns/1/dict: 字典 "foo" 不存在`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('definitions reload in development', () => {
  let dir: string;
  let ctx: AppContext;
  let app: FastifyInstance;
  let stop: () => void;
  const logged: string[] = [];
  const pageFile = () => path.join(dir, 'schemas', 'pages', 'demo-list.json');

  beforeAll(async () => {
    ({ dir, ctx } = await fixtureContext('yjy-watch-'));
    app = await buildApp(ctx, { logger: false });
    await app.ready();
    stop = watchDefinitions(
      ctx,
      { info: (m) => logged.push(m), warn: (m) => logged.push(m), error: (m) => logged.push(m) },
      50,
    );
  });
  afterAll(async () => {
    stop?.();
    await app?.close();
    await ctx?.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const login = async () =>
    (
      await app.inject({
        method: 'POST',
        url: '/jeecg-boot/sys/login',
        payload: { username: 'admin', password: 'Demo@2026' },
      })
    ).json().result.token as string;
  const title = async (token: string) =>
    (
      await app.inject({
        method: 'GET',
        url: '/jeecg-boot/sys/schema/page/demo-list',
        headers: { 'x-access-token': token },
      })
    ).json().result?.title;

  it('shows an edited page on the next request, and keeps the last good definitions when an edit is invalid', async () => {
    const token = await login();
    expect(await title(token)).toBe('列表');
    const def = JSON.parse(fs.readFileSync(pageFile(), 'utf8'));
    fs.writeFileSync(pageFile(), JSON.stringify({ ...def, title: '改过的列表' }));
    expect(await eventually(async () => (await title(token)) === '改过的列表')).toBe(true);

    const bad = JSON.stringify({
      ...def,
      title: '坏的列表',
      columns: [{ dataIndex: 'x', title: 'x', dict: 'no_such_dict' }],
    });
    fs.writeFileSync(pageFile(), bad);
    expect(await eventually(async () => logged.some((l) => l.includes('字典 "no_such_dict" 不存在')))).toBe(
      true,
    );
    expect(await title(token)).toBe('改过的列表');
    expect(logged.find((l) => l.includes('no_such_dict'))).toContain(
      `pages/demo-list.json:1:${bad.indexOf('"dict"') + 1}: /columns/0/dict`,
    );
  });
});

describe('entity edits in development', () => {
  let dir: string;
  let ctx: AppContext;
  let server: Serving;
  const entityFile = () => path.join(dir, 'schemas', 'entities', 'demo_item.json');
  const api = (p: string, token?: string, init: RequestInit = {}) =>
    fetch(`http://127.0.0.1:${server.port}/jeecg-boot${p}`, {
      ...init,
      headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    }).then(
      (r) =>
        r.json() as Promise<{
          success: boolean;
          code: number;
          message: string;
          result: { token: string; records: Array<Record<string, unknown>> };
        }>,
    );

  beforeAll(async () => {
    ({ dir, ctx } = await fixtureContext('yjy-entity-watch-'));
    server = await serve(ctx, { port: 0, host: '127.0.0.1', watch: true, logger: false });
  });
  afterAll(async () => {
    await server?.close();
    await ctx?.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('extends the table and the API when an entity gains a field, and refuses a change that would lose data', async () => {
    const token = (
      await api('/sys/login', undefined, {
        method: 'POST',
        body: JSON.stringify({ username: 'admin', password: 'Demo@2026' }),
      })
    ).result.token;
    const sortByRemark = () => api('/online/cgform/api/getData/demo_item?column=remark&order=asc', token);
    expect((await sortByRemark()).success).toBe(false);

    const def = JSON.parse(fs.readFileSync(entityFile(), 'utf8'));
    fs.writeFileSync(
      entityFile(),
      JSON.stringify({
        ...def,
        fields: [...def.fields, { name: 'remark', title: '备注', type: 'string', length: 100 }],
      }),
    );
    expect(await eventually(async () => (await sortByRemark()).success)).toBe(true);
    const added = await api('/online/cgform/api/form/demo_item', token, {
      method: 'POST',
      body: JSON.stringify({ name: '热更新', remark: '无需重启' }),
    });
    expect(added).toMatchObject({ success: true });
    const saved = await api(`/online/cgform/api/form/demo_item/${String(added.result)}`, token);
    expect(saved.result).toMatchObject({ name: '热更新', remark: '无需重启' });

    // Shortening a column would cut stored text: refused, and the running app keeps the field.
    fs.writeFileSync(
      entityFile(),
      JSON.stringify({
        ...def,
        fields: [...def.fields, { name: 'remark', title: '备注', type: 'string', length: 2 }],
      }),
    );
    await new Promise((r) => setTimeout(r, 800));
    const still = await api(`/online/cgform/api/form/demo_item/${String(added.result)}`, token);
    expect(still.result).toMatchObject({ remark: '无需重启' });
    expect(
      ctx.defs.entities.find((e) => e.code === 'demo_item')?.fields.find((f) => f.name === 'remark')?.length,
    ).toBe(100);
  });
});
