import { systemFields } from '../../shared/entity-record.js';
import { EACH, formulaDependencies, parseCondition } from '../../shared/formula.js';
import type { EntityDefinition, EntityField, EntityTrigger } from '../../shared/schema-types.js';
import { ROLES } from '../db/seed-data.js';
import { conditionProblems, dottedHint } from './formula-problems.js';

type Problem = [Array<string | number>, string];

/** A create value's special words: the source record's id and the write's instant. */
const SPECIAL = new Set(['$id', '$now', '$today']);

const isUserField = (f: EntityField | undefined) => !!f && f.type === 'string' && f.view === 'sel_user';

/** What is wrong with a `create.values` expression over the source entity's fields. */
function valueProblems(source: Pick<EntityDefinition, 'fields'>, text: string): string[] {
  if (SPECIAL.has(text.trim())) return [];
  // A bare field is copied as it is (a ref id, a dictionary value): any type will do.
  const bare = /^\s*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?)\s*$/.exec(text)?.[1];
  if (bare && !['and', 'or', 'not'].includes(bare))
    return source.fields.some((f) => f.name === bare) ? [] : [`取值中的字段 "${bare}" 不存在${dottedHint(bare)}`];
  // The same rules as a condition: the source's own fields, no roll-ups of other entities, no daysSince.
  return conditionProblems(source, text).map((m) => m.replace(/^条件/, '取值'));
}

/** userField: a sel_user field of the target, or `<ref>.<sel_user field of the ref's entity>`. */
function userFieldProblem(
  entities: ReadonlyMap<string, EntityDefinition>,
  target: EntityDefinition,
  path: string,
) {
  const [first, second] = path.split('.');
  const f = target.fields.find((x) => x.name === first);
  if (!f) return `字段 "${first}" 不存在于实体 ${target.code}`;
  if (!second) return isUserField(f) ? null : `字段 "${first}" 不是选择用户（sel_user）的文本字段`;
  if (!f.ref) return `字段 "${first}" 不是引用（ref）字段，不能用 ${path}`;
  const row = entities.get(f.ref.entity);
  if (!row) return null; // an unknown ref target is reported at the field itself
  const g = row.fields.find((x) => x.name === second);
  if (!g) return `字段 "${second}" 不存在于实体 ${row.code}`;
  return isUserField(g) ? null : `字段 "${row.code}.${second}" 不是选择用户（sel_user）的文本字段`;
}

/**
 * The fields `each` adds to what the values read (each.<field> of its entity, system fields included),
 * reporting an unknown entity or match field.
 */
function eachFields(
  entities: ReadonlyMap<string, EntityDefinition>,
  source: EntityDefinition,
  t: EntityTrigger,
  out: Problem[],
  at: (...p: Array<string | number>) => Array<string | number>,
): EntityField[] {
  const each = t.create.each;
  if (!each) return [];
  const walked = entities.get(each.entity);
  if (!walked) {
    out.push([at('create', 'each', 'entity'), `实体 "${each.entity}" 不存在`]);
    return [];
  }
  const theirs: EntityField[] = [...(systemFields(walked) as EntityField[]), ...walked.fields];
  const ours = new Set([...systemFields(source), ...source.fields].map((f) => f.name));
  for (const [field, name] of Object.entries(each.match)) {
    const mine = String(name);
    if (!theirs.some((f) => f.name === field))
      out.push([at('create', 'each', 'match', field), `字段 "${field}" 不存在于实体 ${walked.code}`]);
    if (!ours.has(mine))
      out.push([at('create', 'each', 'match', field), `字段 "${mine}" 不存在于实体 ${source.code}`]);
  }
  return theirs.map((f) => ({ ...f, name: `${EACH}.${f.name}` }));
}

/**
 * The form document values an expression reads (<form field>.<key>, data.sbp). Which form a record holds
 * is known only per record (its code field), so any key of a form field is accepted, as a number or text.
 */
function documentFields(e: Pick<EntityDefinition, 'fields'>, text: string): EntityField[] {
  let names: string[];
  try {
    names = formulaDependencies(parseCondition(text)).fields;
  } catch {
    return []; // the syntax error is reported by the condition check
  }
  const forms = new Set(e.fields.filter((f) => f.type === 'form').map((f) => f.name));
  return names
    .filter((n) => forms.has(n.split('.')[0]) && n.includes('.'))
    .map((name) => ({ name, title: name, type: 'decimal' }));
}

/** The entity's fields and the document values `text` reads. */
const readableBy = (e: Pick<EntityDefinition, 'fields'>, text: string) => ({
  fields: [...e.fields, ...documentFields(e, text)],
});

/**
 * What is wrong with an entity's triggers (EntityTrigger): keys unique, `when` a valid condition over the
 * entity's fields, the target entity defined, `values` naming its fields and valid over this entity's
 * fields, userField a sel_user field, roles built-in (a definition cannot rely on a role an administrator
 * may or may not create). Each as [path below the entity, message].
 */
export function triggerProblems(
  entities: ReadonlyMap<string, EntityDefinition>,
  e: EntityDefinition,
): Problem[] {
  const out: Problem[] = [];
  const keys = new Set<string>();
  const roles = new Set(ROLES.map(([code]) => code));
  (e.triggers ?? []).forEach((t, i) => {
    const at = (...p: Array<string | number>) => ['triggers', i, ...p];
    if (keys.has(t.key)) out.push([at('key'), `触发规则 key "${t.key}" 重复`]);
    keys.add(t.key);
    for (const m of conditionProblems(readableBy(e, t.when), t.when)) out.push([at('when'), m]);
    const target = entities.get(t.create.entity);
    if (!target) {
      out.push([at('create', 'entity'), `实体 "${t.create.entity}" 不存在`]);
      return;
    }
    if (target.parent) out.push([at('create', 'entity'), `实体 "${target.code}" 是子表，只能随主表保存`]);
    const names = new Set(target.fields.map((f) => f.name));
    const readable = { fields: [...e.fields, ...eachFields(entities, e, t, out, at)] };
    for (const [field, text] of Object.entries(t.create.values)) {
      if (!names.has(field))
        out.push([at('create', 'values', field), `字段 "${field}" 不存在于实体 ${target.code}`]);
      for (const m of valueProblems(readableBy(readable, text), text))
        out.push([at('create', 'values', field), m]);
    }
    const n = t.notify;
    if (n?.userField) {
      const p = userFieldProblem(entities, target, n.userField);
      if (p) out.push([at('notify', 'userField'), p]);
    }
    (n?.roles ?? []).forEach((r, j) => {
      if (!roles.has(r))
        out.push([at('notify', 'roles', j), `角色 "${r}" 不是内置角色（${[...roles].join('、')}）`]);
    });
  });
  return out;
}
