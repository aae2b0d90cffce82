import { describe, expect, it } from 'vitest';
import { scopeProblems } from '../../src/server/definitions/scope-problems.js';
import { wantedIndexes } from '../../src/server/db/entity-plan.js';
import { systemFields } from '../../src/shared/entity-record.js';
import type { EntityDefinition } from '../../src/shared/schema-types.js';

const patient: EntityDefinition = {
  $schema: '',
  code: 'pat',
  name: '患者',
  scope: { tenant: true, doctor: true, doctorField: 'doctor' },
  fields: [
    { name: 'name', title: '姓名', type: 'string', length: 30 },
    { name: 'card', title: '卡号', type: 'string', length: 20, unique: true },
    { name: 'doctor', title: '责任医生', type: 'string', length: 50, view: 'sel_user' },
  ],
};
const reading = (over: Partial<EntityDefinition> = {}, required = true): EntityDefinition => ({
  $schema: '',
  code: 'rd',
  name: '读数',
  scope: { tenant: true, department: true, via: 'pat' },
  device: { refs: { pat: 'card' } },
  fields: [{ name: 'pat', title: '患者', type: 'string', length: 32, required, ref: { entity: 'pat', display: 'name' } }],
  ...over,
});
const check = (...es: EntityDefinition[]) => scopeProblems(new Map(es.map((e) => [e.code, e])), es[es.length - 1]);

describe('scope and device definition check', () => {
  it('accepts a sel_user doctor field, a required via ref and a device ref by a unique field', () => {
    expect(check(patient)).toEqual([]);
    expect(check(patient, reading())).toEqual([]);
  });

  it('names a doctor field without doctor scope or not a sel_user field', () => {
    expect(check({ ...patient, scope: { doctorField: 'doctor' } })[0][1]).toBe('doctorField 需要同时声明 scope.doctor');
    expect(check({ ...patient, scope: { doctor: true, doctorField: 'name' } })[0][0]).toEqual(['scope', 'doctorField']);
  });

  it('names a via field that is not a required ref, a chained via and a device ref by a field that is not unique', () => {
    expect(check(patient, reading({}, false))).toEqual([[['scope', 'via'], 'via 必须是本实体中必填的关联字段（ref）（"pat"）']]);
    expect(check({ ...patient, scope: { via: 'x' } }, reading())).toContainEqual([['scope', 'via'], 'via 的目标实体 pat 自身不能再使用 via']);
    expect(check(patient, reading({ device: { refs: { pat: 'name' } } }))).toEqual([
      [['device', 'refs', 'pat'], '实体 pat 没有唯一字段 "name"'],
    ]);
  });

  it('gives a via entity only its tenant column and an index on the ref', () => {
    expect(systemFields(reading()).map((f) => f.name)).not.toContain('sysOrgCode');
    expect(wantedIndexes(reading()).map((i) => i.columns)).toContainEqual(['pat']);
  });
});
