import type { EntityDefinition, PageDefinition, StatDefinition } from '../../shared/schema-types.js';

type Problem = [Array<string | number>, string];

/**
 * What is wrong with a record page (page.schema.json RecordSettings) of `entity`: header, avatar and
 * files name fields of the entity (avatar an image field, files a file or image field); a list tab names
 * an existing entity, its ref `field` pointing at this entity and its own columns and sort field; a chart
 * tab names an existing stat and one of its parameters that takes a single value (text). Each as
 * [path, message].
 */
export function recordPageProblems(
  entities: ReadonlyMap<string, EntityDefinition>,
  stats: readonly StatDefinition[],
  entity: EntityDefinition,
  page: PageDefinition,
): Problem[] {
  const record = page.record;
  if (!record) return [];
  const out: Problem[] = [];
  const has = (e: EntityDefinition, name: string) => e.fields.some((f) => f.name === name);
  const viewOf = (name: string) => entity.fields.find((f) => f.name === name)?.view;
  (record.header ?? []).forEach((name, i) => {
    if (!has(entity, name)) out.push([['record', 'header', i], `字段 "${name}" 不是实体 ${entity.code} 的字段`]);
  });
  if (record.avatarField !== undefined && viewOf(record.avatarField) !== 'image')
    out.push([['record', 'avatarField'], `"${record.avatarField}" 不是实体 ${entity.code} 的图片字段（view: image）`]);
  const keys = new Set<string>();
  record.tabs.forEach((tab, i) => {
    const at = (...p: Array<string | number>) => ['record', 'tabs', i, ...p];
    if (keys.has(tab.key)) out.push([at('key'), `标签 key "${tab.key}" 重复`]);
    keys.add(tab.key);
    if (tab.kind === 'list') {
      const target = tab.entity ? entities.get(tab.entity) : undefined;
      if (!target) {
        out.push([at('entity'), `实体 "${tab.entity ?? ''}" 不存在`]);
        return;
      }
      if (!target.fields.some((f) => f.name === tab.field && f.ref?.entity === entity.code))
        out.push([at('field'), `"${tab.field ?? ''}" 不是实体 ${target.code} 指向 ${entity.code} 的关联字段（ref）`]);
      (tab.columns ?? []).forEach((name, j) => {
        if (!has(target, name)) out.push([at('columns', j), `字段 "${name}" 不是实体 ${target.code} 的字段`]);
      });
      if (tab.sort && !has(target, tab.sort.column))
        out.push([at('sort', 'column'), `字段 "${tab.sort.column}" 不是实体 ${target.code} 的字段`]);
    } else if (tab.kind === 'chart') {
      const stat = stats.find((s) => s.code === tab.stat);
      if (!stat) out.push([at('stat'), `统计 "${tab.stat ?? ''}" 不存在`]);
      else {
        const param = stat.params?.find((p) => p.name === tab.param);
        if (!param) out.push([at('param'), `统计 ${stat.code} 没有参数 "${tab.param ?? ''}"`]);
        else if (param.type !== 'text')
          out.push([at('param'), `统计 ${stat.code} 的参数 "${param.name}" 应为 text 类型（按记录 id 精确过滤）`]);
      }
    } else if (tab.kind === 'files') {
      const view = viewOf(tab.field ?? '');
      if (view !== 'file' && view !== 'image')
        out.push([at('field'), `"${tab.field ?? ''}" 不是实体 ${entity.code} 的文件或图片字段（view: file / image）`]);
    }
  });
  return out;
}
