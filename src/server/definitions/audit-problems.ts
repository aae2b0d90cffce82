import type { EntityDefinition } from '../../shared/schema-types.js';

type Problem = [Array<string | number>, string];

/**
 * What is wrong with an entity's audited changes (EntityAudit): the duplicate `merge.match` fields must
 * be stored fields of the entity (a live formula has no column to group by). The permission codes
 * `<code>:apply` and `<code>:audit` are checked with the entity's other codes (cross-refs.ts).
 */
export function auditProblems(e: EntityDefinition): Problem[] {
  const match = e.audit?.merge?.match ?? [];
  const out: Problem[] = [];
  match.forEach((name, i) => {
    const f = e.fields.find((x) => x.name === name);
    if (!f) out.push([['audit', 'merge', 'match', i], `字段 "${name}" 不存在`]);
    else if (f.live) out.push([['audit', 'merge', 'match', i], `字段 "${name}" 是实时计算字段（live），不能用于查找重复数据`]);
  });
  if (e.audit && e.parent) out.push([['audit'], '子表实体随主表提交，不能单独声明审核（audit）']);
  return out;
}
