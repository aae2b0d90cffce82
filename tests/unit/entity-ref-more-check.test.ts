import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';

const F = 'tests/fixtures/schemas/ref-more';

// Issue 12 §1 leftovers: ref.onDelete and many-to-many junctions (parent.pick) in schemas:check.
describe('ref onDelete and many-to-many junctions in schemas:check', () => {
  it('names an unknown onDelete, setNull on a required ref, a bad pick and a required extra field, with line:column', () => {
    const lines = checkDefinitions(path.resolve(F), { metaDir: path.resolve('schemas/meta') }).problems.map(
      formatProblem,
    );
    expect(lines).toEqual([
      `${F}/entities/m2m_bad_delete.json:12:56: /fields/0/ref/onDelete: 取值应为以下之一："restrict"、"setNull"`,
      `${F}/entities/m2m_bad_pick.json:6:33: /parent/pick: 多对多的 pick 必须是本实体中指向目标实体的关联字段（ref），且不能是 parent.field`,
      `${F}/entities/m2m_extra.json:10:55: /fields/2/required: 多对多关联表只保存所选目标，字段 "weight" 不能是必填`,
      `${F}/entities/m2m_owner.json:14:56: /fields/1/ref/onDelete: 必填的关联字段不能在目标删除时清空（setNull），请去掉 required 或改用 restrict`,
    ]);
  });

  it('accepts the shipped junction (设备维修单 ↔ 维修人员) and the supplier ref with setNull', () => {
    const { problems } = checkDefinitions(path.resolve('schemas'));
    expect(problems.map(formatProblem)).toEqual([]);
  });
});
