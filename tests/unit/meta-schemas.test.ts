import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDefinitions,
  DefinitionsError,
  formatProblem,
  loadCheckedDefinitions,
} from '../../src/server/definitions/check.js';

const FIXTURES = path.resolve('tests/fixtures/schemas');
const F = 'tests/fixtures/schemas/invalid';

/** schemas/meta with the fixture widget catalogue, so the tests do not depend on the registered widgets. */
function metaDir(withWidgets = true): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-meta-'));
  for (const f of fs.readdirSync('schemas/meta'))
    if (f !== 'widgets.schema.json') fs.copyFileSync(path.join('schemas/meta', f), path.join(dir, f));
  if (withWidgets)
    fs.copyFileSync(path.join(FIXTURES, 'widgets.schema.json'), path.join(dir, 'widgets.schema.json'));
  return dir;
}

describe('definition check', () => {
  let meta: string;
  beforeAll(() => {
    meta = metaDir();
  });
  afterAll(() => fs.rmSync(meta, { recursive: true, force: true }));

  it('accepts a complete, consistent set of definitions', () => {
    const { problems, defs } = checkDefinitions(path.join(FIXTURES, 'valid'), { metaDir: meta });
    expect(problems.map(formatProblem)).toEqual([]);
    expect(defs.entities.map((e) => e.code)).toEqual(['demo_item']);
    expect(defs.pages.map((p) => p.code).sort()).toEqual(['demo-item', 'demo-list']);
    expect(defs.reports.map((r) => r.code)).toEqual(['demo_report']);
  });

  it('names every problem with its file, JSON pointer and reason', () => {
    const lines = checkDefinitions(path.join(FIXTURES, 'invalid'), { metaDir: meta }).problems.map(
      formatProblem,
    );
    const broken = lines.filter((l) => l.startsWith(`${F}/pages/broken.json:2:1: /: 不是有效的 JSON：`));
    expect(broken).toHaveLength(1);
    expect(lines.filter((l) => !broken.includes(l))).toEqual([
      `${F}/dicts/base.json:19:7: /dicts/1/code: 字典编码 "demo_level" 重复（已在 ${F}/dicts/base.json 的 /dicts/0/code 定义）`,
      `${F}/dicts/base.json:27:11: /dicts/1/items/1/value: 字典 demo_level 的项值 "X" 重复（已在 ${F}/dicts/base.json 的 /dicts/1/items/0/value 定义）`,
      `${F}/dicts/wrong-schema.json:2:3: /$schema: "$schema" 应为 "../meta/dict.schema.json"`,
      `${F}/entities/bad_shape.json:3:3: /code: 格式不正确（应匹配 ^[a-z][a-z0-9_]{1,62}$）`,
      `${F}/entities/bad_shape.json:6:5: /fields/0: 缺少必填属性 "title"`,
      `${F}/entities/bad_shape.json:9:7: /fields/0/colour: 不允许的属性（拼写错误，或此处不支持）`,
      `${F}/entities/bad_shape.json:7:7: /fields/0/name: 取值不被允许（保留名称或禁止的写法）`,
      `${F}/entities/bad_shape.json:8:7: /fields/0/type: 取值应为以下之一："string"、"text"、"int"、"bigint"、"decimal"、"date"、"datetime"、"form"`,
      `${F}/entities/demo_item.json:31:7: /fields/1/dictCode: 字典 "no_such_dict" 不存在`,
      `${F}/entities/demo_item.json:39:7: /fields/2/dictCode: 表字典 "sys_user,password,id" 不可用：表字典不允许访问字段：password`,
      `${F}/entities/demo_item.json:48:11: /fields/3/rules/0/pattern: 正则表达式 "^(a$" 无效`,
      `${F}/entities/demo_item.json:56:7: /fields/4/length: 只有 string 类型的字段可以设置 length`,
      `${F}/entities/demo_item.json:10:5: /defaultSort/field: 字段 "ghost" 不存在`,
      `${F}/entities/demo_item.json:3:3: /code: 权限码 "demo_item:import" 未在 schemas/menus 的按钮中声明`,
      `${F}/menus/demo.json:46:11: /menus/0/children/1/component: 组件 "system/Nowhere" 没有对应的页面定义（schemas/pages 中没有页面在 components 中列出它）`,
      `${F}/menus/demo.json:57:11: /menus/0/children/3/url: 实体 "ghost" 不存在`,
      `${F}/pages/demo-item.json:42:5: /form/validator: 没有名为 "missing" 的预编译校验器（应为实体编码）`,
      `${F}/pages/demo-item.json:29:7: /columns/1/dict: 字典 "foo" 不存在`,
      `${F}/pages/demo-item.json:54:15: /form/schema/properties/grid/properties/name/x-component: 组件 "Unknown" 未注册（见 schemas/meta/widgets.schema.json）`,
      `${F}/pages/demo-item.json:63:17: /form/schema/properties/grid/properties/level/x-component-props/colour: 不允许的属性（拼写错误，或此处不支持）`,
      `${F}/pages/demo-item.json:32:7: /columns/2/dataIndex: 实体 demo_item 没有字段 "ghost"`,
      `${F}/pages/demo-item.json:14:9: /query/fields/0/name: 实体 demo_item 没有字段 "nope"`,
      `${F}/pages/demo-list.json:43:21: /form/schema/properties/parts/x-component-props/columns/0/validateRules/1/pattern: 正则表达式 "^(x$" 无效`,
      `${F}/pages/demo-list.json:52:17: /form/schema/properties/parts/x-component-props/columns/1/popupCode: 报表 "no_report" 不存在`,
      `${F}/pages/demo-list.json:54:17: /form/schema/properties/parts/x-component-props/columns/1/destFields: orgFields 与 destFields 的个数不一致`,
      `${F}/pages/demo-list.json:73:17: /form/schema/properties/parts2/x-component-props/columns/0/type: 取值应为以下之一："input"、"inputNumber"、"checkbox"、"select"、"list_multi"、"sel_search"、"sel_search_async"、"radio"、"date"、"datetime"、"sel_depart"、"sel_user"、"input_pop"、"popup"、"upload"、"file"、"image"、"slot"、"hidden"`,
      `${F}/reports/demo_report.json:28:7: /columns/2/field: 数据源 demo_item 没有可读字段 "ghost"`,
      `${F}/reports/demo_report.json:5:3: /access: 权限码 "demo_item:view" 未在 schemas/menus 的按钮中声明`,
      `${F}/reports/demo_report.json:20:7: /columns/0/dictCode: 字典 "nope" 不存在`,
    ]);
  });

  it('refuses to load invalid definitions, listing every problem (what the server does at start)', () => {
    expect(() => loadCheckedDefinitions(path.join(FIXTURES, 'invalid'), { metaDir: meta })).toThrow(
      DefinitionsError,
    );
    try {
      loadCheckedDefinitions(path.join(FIXTURES, 'invalid'), { metaDir: meta });
    } catch (err) {
      expect((err as Error).message).toMatch(/^定义文件有 30 处错误：\n/);
      expect((err as Error).message).toContain(
        'pages/demo-item.json:29:7: /columns/1/dict: 字典 "foo" 不存在',
      );
    }
  });

  it('reports a missing widget catalogue clearly instead of accepting any x-component', () => {
    const bare = metaDir(false);
    try {
      const lines = checkDefinitions(path.join(FIXTURES, 'valid'), { metaDir: bare }).problems.map(
        formatProblem,
      );
      expect(lines).toEqual([
        'tests/fixtures/schemas/valid/pages/demo-item.json:16:9: /query/fields/0/x-component: 缺少 schemas/meta/widgets.schema.json，无法核对 x-component',
      ]);
    } finally {
      fs.rmSync(bare, { recursive: true, force: true });
    }
  });

  it('refuses definitions whose meta-schema is missing', () => {
    const none = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-nometa-'));
    try {
      const lines = checkDefinitions(path.join(FIXTURES, 'valid'), { metaDir: none }).problems.map(
        formatProblem,
      );
      expect(lines).toContain(
        `tests/fixtures/schemas/valid/entities/demo_item.json:1:1: /: 缺少元模式 ${path.join(none, 'entity.schema.json')}`,
      );
    } finally {
      fs.rmSync(none, { recursive: true, force: true });
    }
  });
});
