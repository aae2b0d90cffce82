import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext } from '../../src/server/bootstrap.js';
import { fixtureFolder } from './definition-fixtures.js';

/** What the server says at start about definitions edited into a copy of the valid fixture. */
async function startRefusal(edit: (schemas: string) => void): Promise<{ message: string; shown: string }> {
  const { dir, schemas, cfg } = fixtureFolder('yjy-positions-start-', 'valid');
  cleanup.push(dir);
  edit(schemas);
  const err = await createContext(cfg, schemas).then(
    () => null,
    (e: unknown) => e as Error,
  );
  expect(err).toBeInstanceOf(Error);
  return { message: (err as Error).message, shown: path.relative(process.cwd(), schemas) };
}

const cleanup: string[] = [];
afterEach(() => {
  for (const dir of cleanup.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('server start names each definition mistake by file, line:column and pointer', () => {
  it('refuses a duplicate key in an entity (JSON.parse would have kept the second silently)', async () => {
    const { message, shown } = await startRefusal((schemas) => {
      const file = path.join(schemas, 'entities', 'demo_item.json');
      fs.writeFileSync(
        file,
        fs
          .readFileSync(file, 'utf8')
          .replace('"name": "演示物品",', '"name": "演示物品",\n  "name": "物品",'),
      );
    });
    expect(message).toBe(
      `定义文件有 1 处错误：\n${shown}/entities/demo_item.json:5:3: /name: 属性 "name" 重复（第 4 行第 3 列已有；JSON 只会保留最后一个）`,
    );
  });

  it('refuses a JSON syntax error at its line and column', async () => {
    const { message, shown } = await startRefusal((schemas) => {
      const file = path.join(schemas, 'reports', 'demo_report.json');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/\n}\s*$/, ',\n}\n'));
    });
    const lines = fs
      .readFileSync('tests/fixtures/schemas/valid/reports/demo_report.json', 'utf8')
      .trimEnd()
      .split('\n');
    expect(message).toContain(
      `${shown}/reports/demo_report.json:${lines.length}:1: /: 不是有效的 JSON：最后一项后不能有逗号`,
    );
  });

  it('refuses a widget that cannot hold its entity field, at the x-component', async () => {
    const { message, shown } = await startRefusal((schemas) => {
      const file = path.join(schemas, 'pages', 'demo-item.json');
      fs.writeFileSync(
        file,
        fs.readFileSync(file, 'utf8').replace('"x-component": "Input"', '"x-component": "EditableTable"'),
      );
    });
    const text = fs.readFileSync('tests/fixtures/schemas/valid/pages/demo-item.json', 'utf8');
    const line = text.slice(0, text.indexOf('"x-component": "Input"')).split('\n');
    expect(message).toContain(
      `${shown}/pages/demo-item.json:${line.length}:${line[line.length - 1].length + 1}: /form/schema/properties/grid/properties/name/x-component: 字段 "name"：组件 EditableTable 不能存放 string 类型的字段（可存放：无）`,
    );
  });
});
