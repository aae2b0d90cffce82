import type { EntityDefinition, EntityField } from '../../shared/schema-types.js';
import { REF_ID_LENGTH } from '../../shared/entity-record.js';

/**
 * What is wrong with a field's many-to-one relation (EntityRef): the target entity must exist, its
 * display and search names must be fields of the target, the field must be a string long enough for
 * an id, and a required field cannot be cleared when its target is deleted (onDelete: setNull). Each problem as [path below the field, message].
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
  if (f.ref.onDelete === 'setNull' && f.required)
    out.push([
      ['ref', 'onDelete'],
      '必填的关联字段不能在目标删除时清空（setNull），请去掉 required 或改用 restrict',
    ]);
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

/**
 * What is wrong with a junction (EntityParent.pick, many-to-many): the picked field must be a ref of
 * this entity other than the link to the parent, and no other field may be required (a picked row
 * carries only the link and the target). Each problem as [path below the entity, message].
 */
export function pickProblems(e: EntityDefinition): Array<[string[], string]> {
  const pick = e.parent?.pick;
  if (!pick) return [];
  const f = e.fields.find((x) => x.name === pick);
  if (!f || !f.ref || pick === e.parent?.field)
    return [
      [
        ['parent', 'pick'],
        `多对多的 pick 必须是本实体中指向目标实体的关联字段（ref），且不能是 parent.field`,
      ],
    ];
  const out: Array<[string[], string]> = [];
  e.fields.forEach((x, i) => {
    if (x.name !== pick && x.name !== e.parent?.field && x.required && x.default === undefined)
      out.push([
        ['fields', String(i), 'required'],
        `多对多关联表只保存所选目标，字段 "${x.name}" 不能是必填`,
      ]);
  });
  return out;
}
