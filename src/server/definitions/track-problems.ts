import type { EntityDefinition } from '../../shared/schema-types.js';

type Problem = [Array<string | number>, string];

/** Whether `entity` has a ref field `name` pointing at `target`. */
const refersTo = (entity: EntityDefinition, name: string, target: string) =>
  entity.fields.some((f) => f.name === name && f.ref?.entity === target);

/**
 * What is wrong with an entity's tracking screen (EntityTrack): summary and search name fields of the
 * entity, search is a text field without personal data (a prefix search would reveal it); each include
 * names an existing entity and either its ref `field` pointing at this entity (or at `of`, an entity
 * included before) or this entity's ref `refBy` pointing at it. Each as [path, message].
 */
export function trackProblems(entities: ReadonlyMap<string, EntityDefinition>, e: EntityDefinition): Problem[] {
  const track = e.track;
  if (!track) return [];
  const out: Problem[] = [];
  const byName = new Map(e.fields.map((f) => [f.name, f]));
  (track.summary ?? []).forEach((name, i) => {
    if (!byName.has(name)) out.push([['track', 'summary', i], `字段 "${name}" 不存在`]);
  });
  if (track.search !== undefined) {
    const f = byName.get(track.search);
    if (!f) out.push([['track', 'search'], `字段 "${track.search}" 不存在`]);
    else if (f.type !== 'string' || f.ref) out.push([['track', 'search'], `单号搜索字段 "${f.name}" 必须是文本字段（string，非关联）`]);
    else if (f.sensitive) out.push([['track', 'search'], `单号搜索字段 "${f.name}" 不能是个人信息（sensitive）字段`]);
  }
  const before = new Set<string>();
  track.include.forEach((link, i) => {
    const at = (...p: Array<string | number>) => ['track', 'include', i, ...p];
    const target = entities.get(link.entity);
    if (!target) out.push([at('entity'), `实体 "${link.entity}" 不存在`]);
    else if (link.refBy !== undefined) {
      if (link.field !== undefined || link.of !== undefined)
        out.push([at('refBy'), 'refBy 不能与 field、of 同时使用']);
      else if (!refersTo(e, link.refBy, target.code))
        out.push([at('refBy'), `"${link.refBy}" 不是本实体指向 ${target.code} 的关联字段（ref）`]);
    } else if (link.field === undefined) out.push([at(), '需要 field（对方指向本记录的关联字段）或 refBy']);
    else if (link.of !== undefined && !before.has(link.of))
      out.push([at('of'), `"${link.of}" 必须是前面已包含的实体`]);
    else if (!refersTo(target, link.field, link.of ?? e.code))
      out.push([at('field'), `"${link.field}" 不是实体 ${target.code} 指向 ${link.of ?? e.code} 的关联字段（ref）`]);
    before.add(link.entity);
  });
  return out;
}
