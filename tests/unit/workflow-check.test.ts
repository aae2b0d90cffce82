import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';

const F = 'tests/fixtures/schemas/invalid-workflow';

// Issue 16 §1: an entity's declared workflow is checked against its fields, dictionary and menus.
describe('workflows in schemas:check', () => {
  it('names the state field without a dictionary, unknown states, duplicate keys, undeclared permissions and unknown fields', () => {
    const lines = checkDefinitions(path.resolve(F), { metaDir: path.resolve('schemas/meta') }).problems.map(formatProblem);
    const order = `${F}/entities/flow_order.json`;
    expect(lines).toEqual([
      `${F}/entities/flow_label.json:8:5: /workflow/field: 状态字段 "title" 没有字典（dictCode）`,
      `${order}:12:5: /workflow/initial: "0" 不是字典 flow_state 的项`,
      `${order}:13:21: /workflow/locked/1: "9" 不是字典 flow_state 的项`,
      `${order}:17:9: /workflow/transitions/1/key: 流转 key "approve" 重复`,
      `${order}:19:18: /workflow/transitions/1/from/0: "7" 不是字典 flow_state 的项`,
      `${order}:20:9: /workflow/transitions/1/to: "8" 不是字典 flow_state 的项`,
      `${order}:21:9: /workflow/transitions/1/permission: 权限码 "flow_order:audit" 未在 schemas/menus 的按钮中声明`,
      `${order}:22:22: /workflow/transitions/1/requires/0: 字段 "ghost" 不存在`,
      `${order}:23:19: /workflow/transitions/1/sets/approver: 字段 "approver" 不存在`,
      `${order}:23:40: /workflow/transitions/1/sets/state: 状态字段只由 to 设置`,
      `${order}:24:21: /workflow/transitions/1/notify/userField: 字段 "owner" 不存在`,
    ]);
  });

  it('accepts the shipped workflows (repair orders, customer approval)', () => {
    const { problems } = checkDefinitions(path.resolve('schemas'));
    expect(problems.map(formatProblem).filter((l) => l.includes('/workflow'))).toEqual([]);
  });
});
