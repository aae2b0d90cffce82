import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';

const F = 'tests/fixtures/schemas/invalid-refs';

// Issue 12 §1/§7: a many-to-one relation (field `ref`) is checked against its target entity.
describe('ref fields in schemas:check', () => {
  it('names a missing target, unknown display/search fields and a field that cannot hold an id, with line:column', () => {
    const lines = checkDefinitions(path.resolve(F), { metaDir: path.resolve('schemas/meta') }).problems.map(formatProblem);
    expect(lines).toEqual([
      `${F}/entities/ref_order.json:17:16: /fields/1/ref/entity: 实体 "ref_ghost" 不存在`,
      `${F}/entities/ref_order.json:24:40: /fields/2/ref/display: 实体 ref_target 没有字段 "title"`,
      `${F}/entities/ref_order.json:24:79: /fields/2/ref/search/1: 实体 ref_target 没有字段 "serial"`,
      `${F}/entities/ref_order.json:29:7: /fields/3/type: 关联字段（ref）存放目标数据的 id，类型必须是 string`,
      `${F}/entities/ref_order.json:36:7: /fields/4/length: 关联字段（ref）存放目标数据的 id，length 不能小于 32`,
    ]);
  });

  it('accepts the shipped demo module (erp_repair_order → erp_equipment)', () => {
    const { problems } = checkDefinitions(path.resolve('schemas'));
    expect(problems.map(formatProblem).filter((l) => l.includes('/ref'))).toEqual([]);
  });
});
