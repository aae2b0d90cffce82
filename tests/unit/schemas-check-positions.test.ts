import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';
import { JsonSyntaxError, parseJsonWithLocations } from '../../src/server/definitions/json-locations.js';

/** line:column (1-based) of the n-th occurrence of `needle` in `text`, found independently of the parser. */
function where(text: string, needle: string, nth = 1): string {
  let at = -1;
  for (let k = 0; k < nth; k++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) throw new Error(`${needle} not in text`);
  }
  const before = text.slice(0, at).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
const MENU = fs.readFileSync('tests/fixtures/schemas/valid/menus/demo.json', 'utf8');
const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;

describe('JSON with locations', () => {
  it('parses what JSON.parse parses, remembering where each key and item is', () => {
    const text = '{\n  "a": [1, {"b": "x\\u0041"}],\n  "c~/d": null\n}';
    const { data, positions, duplicates } = parseJsonWithLocations(text);
    expect(data).toEqual(JSON.parse(text));
    expect(duplicates).toEqual([]);
    expect(positions.get('')).toEqual({ line: 1, column: 1 });
    expect(positions.get('/a')).toEqual({ line: 2, column: 3 });
    expect(positions.get('/a/1')).toEqual({ line: 2, column: 12 });
    expect(positions.get('/a/1/b')).toEqual({ line: 2, column: 13 });
    expect(positions.get('/c~0~1d')).toEqual({ line: 3, column: 3 });
  });

  it('reports duplicate keys where the second one is, keeping the last value as JSON.parse does', () => {
    const text = '{"x": {"k": 1,\n "k": 2}}';
    const { data, duplicates } = parseJsonWithLocations(text);
    expect(data).toEqual({ x: { k: 2 } });
    expect(duplicates).toEqual([
      { pointer: '/x/k', key: 'k', line: 2, column: 2, first: { line: 1, column: 8 } },
    ]);
  });

  it('keeps "__proto__" as an ordinary key', () => {
    const { data } = parseJsonWithLocations('{"__proto__": {"polluted": true}}');
    expect(Object.keys(data as object)).toEqual(['__proto__']);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it.each([
    ['{"a": 1,}', 1, 9, '最后一项后不能有逗号'],
    ['[1,\n 2,\n]', 3, 1, '最后一项后不能有逗号'],
    ['{"a" 1}', 1, 6, '应为 ":"，不应出现 "1"'],
    ["{'a': 1}", 1, 2, '属性名应为带双引号的字符串，不应出现 "\'"'],
    ['{"a": 1', 1, 8, '应为 "," 或 "}"，文件意外结束'],
    ['{"a": "x\ny"}', 1, 9, '字符串中不能有换行或控制字符（换行请写 \\n）'],
    ['{"a": tru}', 1, 7, '应为一个值，不应出现 "t"'],
    ['{} {}', 1, 4, '值之后不应出现 "{"'],
    ['{"a": "\\q"}', 1, 8, '无效的转义 \\q'],
  ])('refuses %j at line:column with a reason', (text, line, column, reason) => {
    expect(() => JSON.parse(text)).toThrow();
    try {
      parseJsonWithLocations(text);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(JsonSyntaxError);
      expect((err as JsonSyntaxError).position).toEqual({ line, column });
      expect((err as JsonSyntaxError).reason).toBe(reason);
    }
  });
});

describe('definition check: each mistake at its file, line:column and pointer', () => {
  let dir = '';
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A copy of the valid fixture definitions; `edit` writes files (relative to the copy) before the check. */
  function check(edit: (write: (rel: string, text: string) => string, root: string) => void): string[] {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-positions-'));
    const root = path.join(dir, 'schemas');
    fs.cpSync('tests/fixtures/schemas/valid', root, { recursive: true });
    edit((rel, text) => {
      fs.writeFileSync(path.join(root, rel), text);
      return text;
    }, root);
    // The real meta-schemas, widget catalogue included (JDate, JPopup …).
    return checkDefinitions(root, { metaDir: path.resolve('schemas/meta') }).problems.map(formatProblem);
  }
  const shown = (rel: string) => `${path.relative(process.cwd(), path.join(dir, 'schemas'))}/${rel}`;
  /** What the menu says when the page it opens is refused (the page's own problem comes first in the report). */
  const menuLoses = (component: string, message: string, index: number) =>
    `${shown('menus/demo.json')}:${where(MENU, `"component": "${component}"`)}: /menus/0/children/${index}/component: ${message}`;
  const itemPageLost = () => menuLoses('OnlineList', '没有页面定义服务于 OnlineList（实体 demo_item）', 0);

  it('passes the fixture copy untouched', () => {
    expect(check(() => {})).toEqual([]);
  });

  it('names a JSON syntax error by line and column', () => {
    const lines = check((write) =>
      write('pages/demo-list.json', '{\n  "code": "demo-list"\n  "title": "列表"\n}\n'),
    );
    expect(lines).toEqual([
      menuLoses(
        'system/DemoList',
        '组件 "system/DemoList" 没有对应的页面定义（schemas/pages 中没有页面在 components 中列出它）',
        1,
      ),
      `${shown('pages/demo-list.json')}:3:3: /: 不是有效的 JSON：应为 "," 或 "}"，不应出现 "\\""`,
    ]);
  });

  it('refuses a duplicate key (JSON.parse would silently keep the last)', () => {
    let text = '';
    const lines = check((write, root) => {
      const page = fs.readFileSync(path.join(root, 'pages/demo-item.json'), 'utf8');
      text = write(
        'pages/demo-item.json',
        page.replace('"title": "物品",', '"title": "物品",\n  "title": "物品二",'),
      );
    });
    expect(lines).toEqual([
      `${shown('pages/demo-item.json')}:${where(text, '"title"', 2)}: /title: 属性 "title" 重复（第 ${where(text, '"title"').replace(':', ' 行第 ')} 列已有；JSON 只会保留最后一个）`,
    ]);
  });

  it('places meta-schema problems at the offending key', () => {
    let text = '';
    const lines = check((write, root) => {
      const page = read(path.join(root, 'pages/demo-item.json'));
      text = write('pages/demo-item.json', json({ ...page, colour: 'red' }));
    });
    expect(lines).toEqual([
      itemPageLost(),
      `${shown('pages/demo-item.json')}:${where(text, '"colour"')}: /colour: 不允许的属性（拼写错误，或此处不支持）`,
    ]);
  });

  it('checks popup orgFields against the report columns and destFields by count and name, in forms and in grids', () => {
    let form = '';
    let grid = '';
    const lines = check((write, root) => {
      const item = read(path.join(root, 'pages/demo-item.json')) as {
        form: { schema: { properties: Record<string, unknown> } };
      };
      item.form.schema.properties.pick = {
        type: 'void',
        properties: {
          owner: {
            type: 'string',
            'x-component': 'JPopup',
            'x-component-props': { code: 'demo_report', orgFields: 'name,ghost', destFields: 'owner' },
          },
          phone: {
            type: 'string',
            'x-component': 'JPopup',
            'x-component-props': { code: 'demo_report', orgFields: 'name', destFields: 'nobody' },
          },
        },
      };
      form = write('pages/demo-item.json', json(item));
      grid = write(
        'pages/demo-list.json',
        fs
          .readFileSync(path.join(root, 'pages/demo-list.json'), 'utf8')
          .replace('"orgFields": "name,level"', '"orgFields": "name,grade"'),
      );
    });
    const pick = '/form/schema/properties/pick/properties/owner/x-component-props';
    const col = '/form/schema/properties/parts/x-component-props/columns/1';
    expect(lines).toEqual([
      `${shown('pages/demo-item.json')}:${where(form, '"destFields"')}: ${pick}/destFields: orgFields 与 destFields 的个数不一致`,
      `${shown('pages/demo-item.json')}:${where(form, '"orgFields"')}: ${pick}/orgFields: 报表 demo_report 没有列 "ghost"`,
      `${shown('pages/demo-item.json')}:${where(form, '"destFields"', 2)}: /form/schema/properties/pick/properties/phone/x-component-props/destFields: 目标字段 "nobody" 不在表单（或表格行）中`,
      `${shown('pages/demo-list.json')}:${where(grid, '"orgFields"')}: ${col}/orgFields: 报表 demo_report 没有列 "grade"`,
    ]);
  });

  it('refuses page permission codes that no menu button declares', () => {
    let text = '';
    const lines = check((write, root) => {
      const page = read(path.join(root, 'pages/demo-item.json'));
      const form = page.form as {
        schema: { properties: { grid: { properties: { name: Record<string, unknown> } } } };
      };
      form.schema.properties.grid.properties.name['x-auth'] = 'demo_item:form:name';
      text = write(
        'pages/demo-item.json',
        json({
          ...page,
          rowActions: {
            edit: { permission: 'demo_item:edit' },
            delete: { unlessPermission: 'demo_item:nope' },
          },
        }),
      );
    });
    expect(lines).toEqual([
      `${shown('pages/demo-item.json')}:${where(text, '"x-auth"')}: /form/schema/properties/grid/properties/name/x-auth: 权限码 "demo_item:form:name" 未在 schemas/menus 的按钮中声明（管理员无法授予它）`,
      `${shown('pages/demo-item.json')}:${where(text, '"unlessPermission"')}: /rowActions/delete/unlessPermission: 权限码 "demo_item:nope" 未在 schemas/menus 的按钮中声明（管理员无法授予它）`,
    ]);
  });

  it('refuses invalid regular expressions in x-validator', () => {
    let text = '';
    const lines = check((write, root) => {
      const page = fs.readFileSync(path.join(root, 'pages/demo-item.json'), 'utf8');
      text = write(
        'pages/demo-item.json',
        page.replace(
          '"x-component": "Input"',
          '"x-component": "Input",\n              "x-validator": [{ "maxLength": 5 }, { "pattern": "^(ab$", "message": "格式不对" }]',
        ),
      );
    });
    expect(lines).toEqual([
      `${shown('pages/demo-item.json')}:${where(text, '"pattern"')}: /form/schema/properties/grid/properties/name/x-validator/1/pattern: 正则表达式 "^(ab$" 无效`,
    ]);
  });

  it('refuses a form widget or type that cannot hold the entity field', () => {
    let page = '';
    const lines = check((write, root) => {
      const entity = read(path.join(root, 'entities/demo_item.json')) as { fields: unknown[] };
      entity.fields.push(
        { name: 'remark', title: '备注', type: 'text' },
        { name: 'visitTime', title: '随访时间', type: 'datetime' },
        { name: 'visitDate', title: '随访日期', type: 'date' },
      );
      write('entities/demo_item.json', json(entity));
      const item = read(path.join(root, 'pages/demo-item.json')) as {
        form: { schema: { properties: Record<string, unknown> } };
      };
      item.form.schema.properties.more = {
        type: 'void',
        properties: {
          remark: {
            type: 'array',
            'x-component': 'EditableTable',
            'x-component-props': { columns: [{ key: 'a', title: 'A', type: 'input' }] },
          },
          visitTime: { type: 'string', 'x-component': 'JDate' },
          visitDate: { type: 'string', 'x-component': 'JDate', 'x-component-props': { showTime: false } },
          price: { type: 'array', 'x-component': 'NumberPicker' },
        },
      };
      page = write('pages/demo-item.json', json(item));
    });
    const at = '/form/schema/properties/more/properties';
    expect(lines).toEqual([
      `${shown('pages/demo-item.json')}:${where(page, '"x-component": "EditableTable"')}: ${at}/remark/x-component: 字段 "remark"：组件 EditableTable 不能存放 text 类型的字段（可存放：无）`,
      `${shown('pages/demo-item.json')}:${where(page, '"x-component": "JDate"')}: ${at}/visitTime/x-component: 字段 "visitTime"：组件 JDate 不能存放 datetime 类型的字段（可存放：date；日期时间需设置 showTime: true）`,
      `${shown('pages/demo-item.json')}:${where(page, '"type": "array"', 2)}: ${at}/price/type: 字段 "price"：type "array" 不能存放 decimal 类型的字段（可存放：无）`,
    ]);
  });

  it('refuses API paths (a SubList page included) that name a missing entity or report', () => {
    let text = '';
    const lines = check((write, root) => {
      const page = read(path.join(root, 'pages/demo-item.json'));
      text = write(
        'pages/demo-item.json',
        json({
          ...page,
          api: {
            list: '/online/cgform/api/getData/demo_item',
            exportXls: '/online/cgreport/api/exportXls/no_report',
          },
          aside: {
            part: 'SubList',
            props: {
              page: {
                api: { list: { url: '/online/cgform/api/getData/demo_ghost/{id}' } },
                columns: [{ dataIndex: 'name', title: '名称' }],
              },
              params: {},
            },
          },
        }),
      );
    });
    expect(lines).toEqual([
      `${shown('pages/demo-item.json')}:${where(text, '"exportXls"')}: /api/exportXls: 接口地址中的报表 "no_report" 不存在`,
      `${shown('pages/demo-item.json')}:${where(text, '"url"')}: /aside/props/page/api/list/url: 接口地址中的实体 "demo_ghost" 不存在`,
    ]);
  });
});
