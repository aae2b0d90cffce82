import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDefinitions } from '../../src/server/definitions/check.js';
import { checkFormDefinition } from '../../src/server/definitions/form-problems.js';
import { resolveForm } from '../../src/server/modules/form/resolve.js';
import { storedShape } from '../../src/server/modules/form/store.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { fixtureForm, formSchemas } from './form-fixtures.js';
import { multipartForm } from './multipart-form.js';

const API = '/online/form';
type Row = Record<string, unknown>;

/** A stored form made from the fixture's file form under another code. */
const storedForm = (title = '测试入院表'): Row => {
  const { version: _version, ...rest } = fixtureForm();
  return { ...rest, code: 'fx_stored', title };
};

// Issue 20 §2: case-report forms designed in the console, stored per tenant in versions.
describe.each(DIALECTS)('stored forms on $name', ({ url }) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  const call = (
    who: string,
    method: 'GET' | 'POST' | 'DELETE',
    u: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => t.call({ method, url: `${API}${u}`, token: tokens[who], payload: payload as Row, headers });
  const save = (definition: unknown, who = 'wangfang') => call(who, 'POST', '/save', { definition });
  const get = (query: string, who = 'wangfang', headers: Record<string, string> = {}) =>
    call(who, 'GET', `/get?${query}`, undefined, headers);
  const rows = () =>
    t.ctx.db.kysely
      .selectFrom('sysForm')
      .selectAll()
      .where('code', '=', 'fx_stored')
      .orderBy('version')
      .execute();

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: formSchemas() });
    for (const u of ['admin', 'wangfang', 'zhangwei']) tokens[u] = await t.login(u);
  });
  afterAll(async () => t?.close());

  it('refuses an invalid definition with exactly the problems of the definitions check', async () => {
    const bad = storedForm();
    const props = (bad.schema as { properties: Record<string, Row> }).properties;
    props.extra = {
      type: 'string',
      'x-component': 'NoSuchWidget',
      'x-component-props': { dictCode: 'fx_gone' },
    };
    props.symptoms = { ...props.symptoms, 'x-reactions': { when: { field: 'nope', op: 'empty' } } };
    const expected = checkFormDefinition(storedShape(bad), t.ctx.defs).map((p) => ({
      pointer: p.pointer,
      message: p.message,
    }));
    expect(expected).toEqual([
      {
        pointer: '/schema/properties/extra/x-component',
        message: '组件 "NoSuchWidget" 未注册（见 schemas/meta/widgets.schema.json）',
      },
      { pointer: '/schema/properties/extra/x-component-props/dictCode', message: '字典 "fx_gone" 不存在' },
      { pointer: '/schema/properties/symptoms/x-reactions/when/field', message: '字段 "nope" 不在表单中' },
    ]);
    const res = await save(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      message: '表单定义有 3 处错误',
      result: { problems: expected },
    });
    const checked = await call('wangfang', 'POST', '/check', { definition: bad });
    expect(checked.statusCode).toBe(200);
    expect(checked.json().result).toEqual({ problems: expected });
    expect((await call('wangfang', 'POST', '/check', { definition: storedForm() })).json().result).toEqual({
      problems: [],
    });
    // Meta-schema errors come as schemas:check words them.
    const meta = await save({ ...storedForm(), code: 'Bad code', layout: 'sideways' });
    expect(meta.statusCode).toBe(400);
    expect(meta.json().result.problems).toEqual([
      { pointer: '/code', message: '格式不正确（应匹配 ^[a-z][a-z0-9_]{1,39}$）' },
      { pointer: '/layout', message: '取值应为以下之一："horizontal"、"vertical"' },
    ]);
    expect(await rows()).toEqual([]);
  });

  it('refuses a code a file form has, a body that is no definition and a definition too big', async () => {
    const taken = await save({ ...storedForm(), code: 'fx_visit' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().message).toBe('表单编码 "fx_visit" 已被定义文件使用');
    for (const body of [{ definition: 'x' }, { definition: [] }, {}, { definition: {}, more: 1 }]) {
      const res = await call('wangfang', 'POST', '/save', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    }
    const big = storedForm();
    big.description = 'x'.repeat(400);
    (big.schema as { properties: Row }).properties.big = {
      type: 'string',
      description: '长'.repeat(600_000),
    };
    const res = await save(big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: '表单定义过大（最大 1 MB）' });
  });

  it('saves a draft v1, publishes it, and keeps v1 unchanged while v2 is drafted and published', async () => {
    expect((await save(storedForm())).json()).toMatchObject({
      success: true,
      result: { code: 'fx_stored', version: 1 },
    });
    expect((await get('code=fx_stored')).statusCode).toBe(404);
    expect((await get('code=fx_stored')).json().message).toBe('表单不存在');
    const draft = (await get('code=fx_stored&draft=1')).json().result;
    expect(draft).toMatchObject({ code: 'fx_stored', version: 1, status: 'draft', source: 'db' });
    expect(draft.definition).toMatchObject({
      $schema: '../meta/form.schema.json',
      code: 'fx_stored',
      title: '测试入院表',
      version: 1,
    });

    expect((await call('wangfang', 'POST', '/publish', { code: 'fx_stored' })).json()).toMatchObject({
      success: true,
      result: { code: 'fx_stored', version: 1 },
    });
    const again = await call('wangfang', 'POST', '/publish', { code: 'fx_stored' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('表单 "fx_stored" 没有待发布的草稿');
    const [v1] = await rows();
    expect(v1).toMatchObject({ version: 1, status: 'published', publishBy: 'wangfang' });

    expect((await save(storedForm('测试入院表（二）'))).json().result).toEqual({
      code: 'fx_stored',
      version: 2,
    });
    // Saving again overwrites the draft; it never touches the published version.
    expect((await save(storedForm('测试入院表（三）'))).json().result).toEqual({
      code: 'fx_stored',
      version: 2,
    });
    const [sameV1, v2] = await rows();
    expect(sameV1).toEqual(v1);
    expect(v2).toMatchObject({ version: 2, status: 'draft', title: '测试入院表（三）' });
    expect((await get('code=fx_stored')).json().result).toMatchObject({
      version: 1,
      status: 'published',
      definition: { title: '测试入院表' },
    });
    expect((await get('code=fx_stored&version=1')).json().result.version).toBe(1);
    expect((await get('code=fx_stored&version=2')).statusCode).toBe(404);

    const versions = (await call('wangfang', 'GET', '/versions?code=fx_stored')).json().result as Row[];
    expect(versions.map((v) => [v.version, v.status])).toEqual([
      [2, 'draft'],
      [1, 'published'],
    ]);
    const list = (await call('wangfang', 'GET', '/list')).json().result;
    expect(list.records).toEqual([
      expect.objectContaining({ code: 'fx_visit', source: 'file', publishedVersion: 2, draftVersion: null }),
      expect.objectContaining({
        code: 'fx_stored',
        source: 'db',
        title: '测试入院表（三）',
        publishedVersion: 1,
        draftVersion: 2,
        updateBy: 'wangfang',
      }),
    ]);
    expect(
      (await call('wangfang', 'GET', `/list?keyword=${encodeURIComponent('入院')}`))
        .json()
        .result.records.map((r: Row) => r.code),
    ).toEqual(['fx_stored']);
    expect((await call('wangfang', 'GET', '/list?keyword=%25')).json().result.total).toBe(0);

    // Deleting the draft leaves v1; a new draft takes the number again.
    expect((await call('wangfang', 'DELETE', '/draft?code=fx_stored')).json().success).toBe(true);
    expect((await call('wangfang', 'DELETE', '/draft?code=fx_stored')).statusCode).toBe(400);
    expect((await rows()).map((r) => r.version)).toEqual([1]);
    expect((await save(storedForm('测试入院表（二）'))).json().result.version).toBe(2);
    expect((await call('wangfang', 'POST', '/publish', { code: 'fx_stored' })).json().result.version).toBe(2);
    expect((await rows())[0]).toEqual(v1);
    expect((await get('code=fx_stored', 'zhangwei')).json().result).toMatchObject({
      version: 2,
      status: 'published',
      definition: { title: '测试入院表（二）' },
    });
  });

  it('records saves and publishes in the history without the definition', async () => {
    const [v1] = await rows();
    const log = await t.ctx.db.kysely
      .selectFrom('sysChangeLog')
      .selectAll()
      .where('tableName', '=', 'sys_form')
      .where('recordId', '=', v1!.id)
      .orderBy('id')
      .execute();
    expect(log.map((l) => [l.action, JSON.parse(l.changes)])).toEqual([
      [
        'add',
        {
          code: [null, 'fx_stored'],
          title: [null, '测试入院表'],
          status: [null, 'draft'],
          version: [null, 1],
        },
      ],
      ['edit', { status: ['draft', 'published'] }],
    ]);
    expect(log.every((l) => !l.changes.includes('schema'))).toBe(true);
  });

  it('keeps each tenant to its own forms', async () => {
    const other = { 'x-tenant-id': '2' };
    expect((await get('code=fx_stored', 'admin', other)).statusCode).toBe(404);
    expect((await get('code=fx_stored&draft=1', 'admin', other)).statusCode).toBe(404);
    const list = (await call('admin', 'GET', '/list', undefined, other)).json().result;
    expect(list.records.map((r: Row) => r.code)).toEqual(['fx_visit']);
    expect((await call('admin', 'POST', '/publish', { code: 'fx_stored' }, other)).statusCode).toBe(400);
    expect((await call('admin', 'GET', '/export?code=fx_stored', undefined, other)).statusCode).toBe(404);
    // The same code is the other tenant's own form, numbered from 1.
    expect(
      (await call('admin', 'POST', '/save', { definition: storedForm('租户二的表') }, other)).json().result,
    ).toEqual({ code: 'fx_stored', version: 1 });
    expect((await get('code=fx_stored&draft=1', 'admin', other)).json().result.definition.title).toBe(
      '租户二的表',
    );
    expect((await get('code=fx_stored')).json().result.version).toBe(2);
  });

  it('refuses callers without the permissions, but lets any signed-in user read a published form', async () => {
    for (const [method, u, payload] of [
      ['POST', '/save', { definition: storedForm() }],
      ['POST', '/check', { definition: storedForm() }],
      ['POST', '/publish', { code: 'fx_stored' }],
      ['GET', '/list', undefined],
      ['GET', '/versions?code=fx_stored', undefined],
      ['GET', '/export?code=fx_stored', undefined],
      ['DELETE', '/draft?code=fx_stored', undefined],
      ['GET', '/get?code=fx_stored&draft=1', undefined],
    ] as const) {
      const res = await call('zhangwei', method, u, payload);
      expect(res.statusCode, u).toBe(403);
      expect(res.json(), u).toMatchObject({ success: false, code: 510 });
    }
    // A file form has only its current version: a record entered with an older one is shown with it.
    expect((await get('code=fx_visit&version=1', 'zhangwei')).json().result).toMatchObject({
      source: 'file',
      version: 2,
    });
    expect((await get('code=fx_visit&draft=1')).statusCode).toBe(404);
    expect((await get('code=fx_visit', 'zhangwei')).json().result).toMatchObject({
      source: 'file',
      version: 2,
      status: 'published',
    });
    expect((await t.call({ method: 'GET', url: `${API}/get?code=fx_stored` })).statusCode).toBe(401);
  });

  it('exports a version as a file schemas:check accepts, and imports it back as the draft', async () => {
    const res = await call('wangfang', 'GET', '/export?code=fx_stored&version=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['content-disposition']).toContain('fx_stored.json');
    const exported = JSON.parse(res.body) as Row;
    expect(exported).toMatchObject({
      $schema: '../meta/form.schema.json',
      code: 'fx_stored',
      title: '测试入院表',
      version: 1,
    });

    // The same meta-schema and checks: the file passes the definitions check where an implementer would put it.
    const root = formSchemas();
    fs.mkdirSync(path.join(root, 'forms'));
    fs.writeFileSync(path.join(root, 'forms', 'fx_stored.json'), res.body);
    const { problems, defs } = checkDefinitions(root);
    expect(problems).toEqual([]);
    expect(defs.forms.map((f) => f.code).sort()).toEqual(['fx_stored', 'fx_visit']);

    const upload = (name: string, content: Buffer) => {
      const form = multipartForm([{ name: 'file', file: { name, content, type: 'application/json' } }]);
      return t.call({
        method: 'POST',
        url: `${API}/import`,
        token: tokens.wangfang,
        payload: form.payload,
        headers: form.headers,
      });
    };
    const imported = await upload('fx_stored.json', Buffer.from(res.body));
    expect(imported.json()).toMatchObject({ success: true, result: { code: 'fx_stored', version: 3 } });
    const draft = (await get('code=fx_stored&draft=1')).json().result;
    expect(draft.definition).toEqual({ ...exported, version: 3 });

    const bad: Array<[string, Buffer, number, string]> = [
      ['fx.txt', Buffer.from(res.body), 400, '请上传 .json 格式的表单定义文件'],
      ['fx.json', Buffer.from('{ "code": '), 400, '文件不是有效的 JSON'],
      ['fx.json', Buffer.from('[1]'), 400, '文件内容应为一个表单定义（JSON 对象）'],
      [
        'fx.json',
        Buffer.from(JSON.stringify({ ...exported, code: 'fx_visit' })),
        400,
        '表单编码 "fx_visit" 已被定义文件使用',
      ],
      ['fx.json', Buffer.alloc(1024 * 1024 + 10, 0x20), 413, '文件大小超过限制（最大 1 MB）'],
    ];
    for (const [name, content, status, message] of bad) {
      const r = await upload(name, content);
      expect(r.statusCode, message).toBe(status);
      expect(r.json().message).toBe(message);
    }
    const invalid = await upload('fx.json', Buffer.from(JSON.stringify({ ...exported, title: '' })));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().result.problems).toEqual([{ pointer: '/title', message: '长度不能少于 1 个字符' }]);
  });

  it('resolves file forms and published stored forms, never drafts', async () => {
    const db = t.ctx.db.kysely;
    const defs = t.ctx.defs;
    expect(await resolveForm(db, defs, 1, 'fx_visit')).toMatchObject({
      source: 'file',
      version: 2,
      definition: { code: 'fx_visit', version: 2 },
    });
    expect(await resolveForm(db, defs, null, 'fx_visit')).toMatchObject({ source: 'file', version: 2 });
    // fx_stored: v1 and v2 published, v3 the imported draft.
    expect(await resolveForm(db, defs, 1, 'fx_stored')).toMatchObject({
      source: 'db',
      version: 2,
      definition: { title: '测试入院表（二）', version: 2 },
    });
    expect(await resolveForm(db, defs, '1', 'fx_stored', 1)).toMatchObject({
      version: 1,
      definition: { title: '测试入院表' },
    });
    expect(await resolveForm(db, defs, 1, 'fx_stored', 3)).toBeNull();
    expect(await resolveForm(db, defs, 2, 'fx_stored')).toBeNull();
    expect(await resolveForm(db, defs, null, 'fx_stored')).toBeNull();
    expect(await resolveForm(db, defs, 1, 'fx_none')).toBeNull();
  });
});
