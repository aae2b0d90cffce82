import type { EntityDefinition } from '../../shared/schema-types.js';

type Problem = [Array<string | number>, string];

/**
 * What is wrong with a tree entity (EntityTree): `field` must be a ref of this entity to itself, not
 * required (a root has no parent). Its onDelete (setNull or restrict) needs no check: the meta-schema
 * allows nothing else. Each as [path, message].
 */
export function treeProblems(e: EntityDefinition): Problem[] {
  if (!e.tree) return [];
  const at = ['tree', 'field'];
  const f = e.fields.find((x) => x.name === e.tree?.field);
  if (!f) return [[at, `字段 "${e.tree.field}" 不存在`]];
  if (f.ref?.entity !== e.code) return [[at, `"${f.name}" 必须是指向本实体 ${e.code} 的关联字段（ref）`]];
  return f.required ? [[at, `上级字段 "${f.name}" 不能是必填字段（根节点没有上级）`]] : [];
}
