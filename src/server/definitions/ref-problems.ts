import type { EntityDefinition, EntityField } from '../../shared/schema-types.js';
import { REF_ID_LENGTH } from '../../shared/entity-record.js';

/**
 * What is wrong with a field's many-to-one relation (EntityRef): the target entity must exist, its
 * display and search names must be fields of the target, and the field must be a string long enough for
 * an id. Each problem as [path below the field, message].
 */
export function refProblems(
  entities: ReadonlyMap<string, EntityDefinition>,
  f: EntityField,
): Array<[string[], string]> {
  if (!f.ref) return [];
  const out: Array<[string[], string]> = [];
  if (f.type !== 'string') out.push([['type'], '关联字段（ref）存放目标数据的 id，类型必须是 string']);
  else if (f.length !== undefined && f.length < REF_ID_LENGTH)
    out.push([['length'], `关联字段（ref）存放目标数据的 id，length 不能小于 ${REF_ID_LENGTH}`]);
  const target = entities.get(f.ref.entity);
  if (!target) return [...out, [['ref', 'entity'], `实体 "${f.ref.entity}" 不存在`]];
  const names = new Set(target.fields.map((t) => t.name));
  if (!names.has(f.ref.display))
    out.push([['ref', 'display'], `实体 ${target.code} 没有字段 "${f.ref.display}"`]);
  (f.ref.search ?? []).forEach((name, j) => {
    if (!names.has(name)) out.push([['ref', 'search', String(j)], `实体 ${target.code} 没有字段 "${name}"`]);
  });
  return out;
}
