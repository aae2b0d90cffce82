import path from 'node:path';
import type {
  EntityDefinition,
  EntityField,
  SeedDefinition,
  SeedGenerator,
  SeedStep,
  SeedValue,
} from '../../shared/schema-types.js';
import { generatedUsers, NAMED_USERS, ROLES } from '../db/seed-data.js';
import type { DefinitionFile, Definitions } from './load.js';
import { pointerOf, type DefinitionProblem } from './meta-validation.js';

type Problem = [Array<string | number>, string];

const NUMERIC = new Set(['int', 'bigint', 'decimal']);
const DATES = new Set(['date', 'datetime', 'string']);
const GENERATORS = ['pick', 'oneOf', 'int', 'decimal', 'days', 'ref', 'age', 'fake'] as const;

/** The usernames the demo seed creates: the only users a story may act as. */
const demoUsers = () => new Set([...NAMED_USERS, ...generatedUsers()].map((u) => u.username));

/** An `as`: a demo username, or a role the demo seed creates. */
function actorProblem(as: SeedStep['as'], users: ReadonlySet<string>): string | undefined {
  if (typeof as === 'string') return users.has(as) ? undefined : `演示用户 "${as}" 不存在`;
  return ROLES.some(([code]) => code === as.role) ? undefined : `角色 "${as.role}" 不存在`;
}

/** `sex` / `birth` of a fake generator: idCard needs both, personName may name a sex; fields written before it. */
function fakeProblems(value: SeedGenerator, written: readonly string[]): Problem[] {
  const out: Problem[] = [];
  for (const key of ['sex', 'birth'] as const) {
    const name = value[key];
    const allowed = value.fake === 'idCard' || (key === 'sex' && value.fake === 'personName');
    if (name === undefined) {
      if (value.fake === 'idCard') out.push([[], `fake idCard 需要 ${key}（本记录中写在前面的字段）`]);
    } else if (!allowed) out.push([[key], `${key} 不用于 fake ${value.fake}`]);
    else if (!written.includes(name)) out.push([[key], `"${name}" 应是本记录中写在前面的字段`]);
  }
  return out;
}

const childrenOf = (entities: ReadonlyMap<string, EntityDefinition>, code: string) =>
  [...entities.values()].filter(
    (c) => c.parent && c.fields.find((f) => f.name === c.parent?.field)?.ref?.entity === code,
  );

/**
 * One value for `field`: a kind of value the field cannot hold (a date into a number, a pick of another
 * entity than the field refers to), a label not saved by an earlier step, unknown fields of labelled or
 * referenced records, malformed generator bounds.
 */
function valueProblems(
  value: SeedValue,
  field: EntityField,
  owner: EntityDefinition,
  entities: ReadonlyMap<string, EntityDefinition>,
  labels: ReadonlyMap<string, string>,
  written: readonly string[],
): Problem[] {
  const out: Problem[] = [];
  const wrong = (what: string, at: Array<string | number> = []) =>
    out.push([
      at,
      `${what}不能写入字段 "${field.name}"（${field.ref ? `关联 ${field.ref.entity}` : field.type}）`,
    ]);
  if (typeof value === 'number') {
    if (!NUMERIC.has(field.type) && field.type !== 'string') wrong('数字');
    return out;
  }
  if (typeof value === 'string') {
    if (value === '$today') {
      if (!DATES.has(field.type)) wrong('$today（日期）');
    } else if (value === '$now') {
      if (field.type !== 'datetime' && field.type !== 'string') wrong('$now（时间）');
    } else if (value.startsWith('$')) {
      const [label, name] = value.slice(1).split('.', 2);
      const entity = labels.get(label);
      if (!entity) out.push([[], `"${label}" 不是前面步骤保存（save）的记录`]);
      else if (name) {
        const f = entities.get(entity)?.fields.find((x) => x.name === name);
        if (!f) out.push([[], `${entity} 没有字段 "${name}"`]);
      } else if (field.ref && field.ref.entity !== entity)
        out.push([[], `"${label}" 是 ${entity} 的记录，字段 "${field.name}" 关联的是 ${field.ref.entity}`]);
    }
    return out;
  }
  const kinds = GENERATORS.filter((k) => value[k] !== undefined);
  if (kinds.length !== 1 || (value.weights && !value.oneOf) || ((value.sex || value.birth) && !value.fake))
    return [[[], `生成器只能是 ${GENERATORS.join('、')} 之一（weights 只随 oneOf，sex、birth 只随 fake）`]];
  const [kind] = kinds;
  const bounds = (b: number[] | undefined) => {
    if (b && b[0] > b[1]) out.push([[kind], '下限大于上限']);
  };
  if (kind === 'pick') {
    const pick = value.pick as string;
    if (!entities.has(pick)) out.push([['pick'], `实体 "${pick}" 不存在`]);
    else if (field.ref ? field.ref.entity !== pick : field.type !== 'string')
      wrong(`${pick} 的记录`, ['pick']);
  } else if (kind === 'oneOf') {
    if (value.weights && value.weights.length !== value.oneOf?.length)
      out.push([['weights'], 'weights 的个数应与 oneOf 相同']);
  } else if (kind === 'int' || kind === 'decimal') {
    bounds(value[kind]);
    if (kind === 'int' ? !NUMERIC.has(field.type) : field.type !== 'decimal')
      wrong(kind === 'int' ? '整数' : '小数', [kind]);
  } else if (kind === 'days' || kind === 'age') {
    bounds(value[kind]);
    if (!DATES.has(field.type)) wrong('日期', [kind]);
  } else if (kind === 'fake') {
    if (field.type !== 'string') wrong(`fake ${value.fake}（文本）`, ['fake']);
    out.push(...fakeProblems(value, written));
  } else {
    const [refName, targetName] = (value.ref as string).split('.', 2);
    const ref = owner.fields.find((f) => f.name === refName);
    if (!ref?.ref) out.push([['ref'], `${owner.code} 没有关联字段 "${refName}"`]);
    else if (!entities.get(ref.ref.entity)?.fields.some((f) => f.name === targetName))
      out.push([['ref'], `${ref.ref.entity} 没有字段 "${targetName}"`]);
  }
  return out;
}

/** Field values of a record of `owner` (a step's fields, a child row's). */
function fieldsProblems(
  fields: Record<string, SeedValue> | undefined,
  owner: EntityDefinition,
  entities: ReadonlyMap<string, EntityDefinition>,
  labels: ReadonlyMap<string, string>,
): Problem[] {
  const out: Problem[] = [];
  const written: string[] = [];
  for (const [name, value] of Object.entries(fields ?? {})) {
    const f = owner.fields.find((x) => x.name === name);
    if (!f) out.push([[name], `${owner.code} 没有字段 "${name}"`]);
    else
      for (const [at, message] of valueProblems(value, f, owner, entities, labels, written))
        out.push([[name, ...at], message]);
    written.push(name);
  }
  return out;
}

/**
 * An application step: an entity that declares `audit` (not a child table), a kind, `on` a record of that
 * entity for edit and delete, a reason for delete (the API asks for one), fields only for add and edit.
 * It adds no record, so it saves no label.
 */
function applyProblems(
  step: SeedStep,
  entities: ReadonlyMap<string, EntityDefinition>,
  labels: ReadonlyMap<string, string>,
): Problem[] {
  const out: Problem[] = [];
  const target = entities.get(step.apply as string);
  if (!target) return [[['apply'], `实体 "${step.apply}" 不存在`]];
  if (!target.audit) out.push([['apply'], `${target.code} 未声明数据审核（audit），不能提交申请`]);
  if (target.parent) out.push([['apply'], `"${target.code}" 是子表，申请针对父表记录`]);
  if (!step.kind) return [...out, [[], 'apply 需要 kind（add、edit 或 delete）']];
  if (step.save) out.push([['save'], 'apply 不添加记录（申请待审核）']);
  if (step.children) out.push([['children'], 'children 只用于 add']);
  if (step.scale) out.push([['scale'], 'scale 只用于 derive']);
  if (step.kind === 'add') {
    if (step.on) out.push([['on'], '申请新增不用 on']);
  } else if (!step.on)
    out.push([[], `申请${step.kind === 'edit' ? '修改' : '删除'}需要 on（前面步骤保存的记录）`]);
  else if (!labels.has(step.on)) out.push([['on'], `"${step.on}" 不是前面步骤保存（save）的记录`]);
  else if (labels.get(step.on) !== target.code)
    out.push([['on'], `"${step.on}" 是 ${labels.get(step.on)} 的记录，不是 ${target.code} 的`]);
  if (step.kind === 'delete') {
    if (step.fields) out.push([['fields'], '申请删除不填字段']);
    if (!step.comment) out.push([[], '申请删除需要 comment（申请原因）']);
  }
  for (const [at, message] of fieldsProblems(step.fields, target, entities, labels))
    out.push([['fields', ...at], message]);
  return out;
}

/** One step: exactly one action, `on` an earlier label, the action's names known, values that fit. */
function stepProblems(
  step: SeedStep,
  entities: ReadonlyMap<string, EntityDefinition>,
  labels: Map<string, string>,
  users: ReadonlySet<string>,
): Problem[] {
  const out: Problem[] = [];
  const actor = actorProblem(step.as, users);
  if (actor) out.push([['as'], actor]);
  const actions = (['add', 'transition', 'derive', 'apply'] as const).filter((k) => step[k] !== undefined);
  if (actions.length !== 1) return [...out, [[], '每个步骤只能有 add、transition、derive、apply 之一']];
  const [action] = actions;
  if (step.repeat && step.repeat[0] > step.repeat[1]) out.push([['repeat'], '下限大于上限']);
  if (step.after && step.after[0] > step.after[1]) out.push([['after'], '下限大于上限']);
  if (step.comment !== undefined && action !== 'transition' && action !== 'apply')
    out.push([['comment'], 'comment 只用于 transition 和 apply']);
  if (step.kind !== undefined && action !== 'apply') out.push([['kind'], 'kind 只用于 apply']);
  if (action === 'apply') return [...out, ...applyProblems(step, entities, labels)];
  if (step.scale && action !== 'derive') out.push([['scale'], 'scale 只用于 derive']);
  if (step.children && action !== 'add') out.push([['children'], 'children 只用于 add']);
  if (action === 'transition' && (step.fields || step.save))
    out.push([[step.fields ? 'fields' : 'save'], 'transition 不添加记录']);
  let target: EntityDefinition | undefined;
  if (action === 'add') {
    if (step.on) out.push([['on'], 'add 不用 on']);
    target = entities.get(step.add as string);
    if (!target) return [...out, [['add'], `实体 "${step.add}" 不存在`]];
    if (target.parent) return [...out, [['add'], `"${step.add}" 是子表，请写在父表的 children 中`]];
    const children = childrenOf(entities, target.code);
    for (const [code, spec] of Object.entries(step.children ?? {})) {
      const child = children.find((c) => c.code === code);
      if (!child) out.push([['children', code], `"${code}" 不是 ${target.code} 的子表`]);
      else {
        if (spec.count[0] > spec.count[1]) out.push([['children', code, 'count'], '下限大于上限']);
        for (const [at, message] of fieldsProblems(spec.fields, child, entities, labels))
          out.push([['children', code, 'fields', ...at], message]);
      }
    }
  } else {
    const source = step.on ? labels.get(step.on) : undefined;
    if (!step.on) return [...out, [[], `${action} 需要 on（前面步骤保存的记录）`]];
    if (!source) return [...out, [['on'], `"${step.on}" 不是前面步骤保存（save）的记录`]];
    if (action === 'transition' && step.each) {
      const each = entities.get(step.each.entity);
      const field = each?.fields.find((f) => f.name === step.each?.field);
      if (!each) return [...out, [['each', 'entity'], `实体 "${step.each.entity}" 不存在`]];
      if (field?.ref?.entity !== source) out.push([['each', 'field'], `${each.code}.${step.each.field} 不是指向 ${source} 的关联字段`]);
      if (!each.workflow?.transitions.some((t) => t.key === step.transition))
        out.push([['transition'], `${each.code} 没有流转 "${step.transition}"`]);
      return out;
    }
    if (step.each) out.push([['each'], 'each 只用于 transition']);
    const entity = entities.get(source);
    if (action === 'transition') {
      if (!entity?.workflow?.transitions.some((t) => t.key === step.transition))
        out.push([['transition'], `${source} 没有流转 "${step.transition}"`]);
      return out;
    }
    const d = entity?.derive?.find((x) => x.key === step.derive);
    if (!d) return [...out, [['derive'], `${source} 没有下推 "${step.derive}"`]];
    target = entities.get(d.entity);
    if (!target) return out;
    for (const [i, name] of (step.scale?.fields ?? []).entries()) {
      const numeric = [target, ...childrenOf(entities, target.code)].some((e) =>
        e.fields.some((f) => f.name === name && NUMERIC.has(f.type)),
      );
      if (!numeric) out.push([['scale', 'fields', i], `${target.code} 及其子表没有数字字段 "${name}"`]);
    }
    if (step.scale && step.scale.between[0] > step.scale.between[1])
      out.push([['scale', 'between'], '下限大于上限']);
  }
  for (const [at, message] of fieldsProblems(step.fields, target, entities, labels))
    out.push([['fields', ...at], message]);
  if (step.save) labels.set(step.save, target.code);
  return out;
}

/**
 * Seeds (schemas/<module>/seeds): the file is named for its code, codes are unique, and every name a
 * seed uses resolves — entities, fields, transition and push-down keys, labels saved by an earlier
 * step, demo users — with values a field can hold (seed-stories/ plays them).
 */
export function seedProblems(
  files: DefinitionFile[],
  defs: Definitions,
  show: (file: string) => string,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const entities = new Map(defs.entities.map((e) => [e.code, e]));
  const users = demoUsers();
  const seen = new Map<string, string>();
  for (const f of files) {
    if (f.kind !== 'seed') continue;
    const seed = f.data as SeedDefinition;
    const file = show(f.file);
    const add = (parts: Array<string | number>, message: string) =>
      problems.push({ file, pointer: pointerOf(...parts), message });
    if (path.basename(f.file, '.json') !== seed.code) add(['code'], `文件名应为 ${seed.code}.json`);
    const first = seen.get(seed.code);
    if (first) add(['code'], `剧本编码 "${seed.code}" 重复（已在 ${first} 定义）`);
    else seen.set(seed.code, file);
    for (const [i, group] of (seed.records ?? []).entries()) {
      const actor = actorProblem(group.as, users);
      if (actor) add(['records', i, 'as'], actor);
      const entity = entities.get(group.entity);
      if (!entity) {
        add(['records', i, 'entity'], `实体 "${group.entity}" 不存在`);
        continue;
      }
      const children = new Map(childrenOf(entities, entity.code).map((c) => [c.code, c]));
      for (const [r, row] of group.rows.entries())
        for (const [name, value] of Object.entries(row as Record<string, unknown>)) {
          const child = children.get(name);
          if (child && Array.isArray(value))
            value.forEach((cr: Record<string, unknown>, k) => {
              for (const cname of Object.keys(cr ?? {}))
                if (!child.fields.some((x) => x.name === cname))
                  add(['records', i, 'rows', r, name, k, cname], `${child.code} 没有字段 "${cname}"`);
            });
          else if (!entity.fields.some((x) => x.name === name))
            add(['records', i, 'rows', r, name], `${entity.code} 没有字段 "${name}"`);
        }
    }
    const labels = new Map<string, string>();
    for (const [i, step] of seed.steps.entries())
      for (const [at, message] of stepProblems(step, entities, labels, users))
        add(['steps', i, ...at], message);
  }
  return problems;
}
