import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';

const F = 'tests/fixtures/schemas/invalid-formulas';

// Issue 12 §2/§7: computed fields (field `formula`) are checked against the entity and its children.
describe('formula fields in schemas:check', () => {
  it('names every mistake with file, line:column and pointer', () => {
    const lines = checkDefinitions(path.resolve(F), { metaDir: path.resolve('schemas/meta') }).problems.map(
      formatProblem,
    );
    const at = `${F}/entities/calc_order.json`;
    expect(lines).toEqual([
      `${at}:9:60: /fields/2/formula: 公式“labor * ”无效：公式第 9 个字符处不完整，缺少数字、字段名或“(”`,
      `${at}:10:60: /fields/3/formula: 公式中的字段 "bonus" 不存在`,
      `${at}:11:62: /fields/4/formula: 公式中的字段 "note" 不是数字类型`,
      `${at}:12:41: /fields/5/type: 计算字段（formula）的类型必须是 int、bigint 或 decimal`,
      `${at}:16:60: /fields/9/formula: 计算字段循环引用：cycleA → cycleB → cycleA`,
      // Roll-ups (rollup-problems.ts): what they read must point at this entity.
      `${at}:13:62: /fields/6/formula: 实体 "calc_other" 既不是 calc_order 的子表，也没有引用 calc_order 的字段，无法汇总`,
      `${at}:14:59: /fields/7/formula: 公式中汇总的实体 "calc_ghost" 不存在`,
      `${at}:15:68: /fields/8/formula: 实体 calc_line 的字段 "name" 不是数字类型`,
      `${at}:15:68: /fields/8/formula: 实体 calc_line 没有字段 "price2"`,
    ]);
  });

  it('accepts the shipped formulas (repair order totals, part amounts)', () => {
    const { problems } = checkDefinitions(path.resolve('schemas'));
    expect(problems.map(formatProblem).filter((l) => l.includes('formula') || l.includes('公式'))).toEqual([]);
  });
});
