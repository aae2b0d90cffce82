import { deriveValue } from '../../shared/derive-value.js';
import { systemFields } from '../../shared/entity-record.js';
import { formulaDependencies, FormulaError, parseCondition, parseFormula } from '../../shared/formula.js';
import type { DeriveValues, DictDef, EntityDefinition, EntityField } from '../../shared/schema-types.js';

type Problem = [Array<string | number>, string];

const NUMERIC = new Set(['int', 'bigint', 'decimal']);
const DATES = new Set(['date', 'datetime', 'string']);

/** The entities whose parent ref field points at `code`. */
const childrenOf = (entities: ReadonlyMap<string, EntityDefinition>, code: string) =>
  [...entities.values()].filter(
    (c) => c.parent && c.fields.find((f) => f.name === c.parent?.field)?.ref?.entity === code,
  );

/**
 * A formula or condition that does not parse, reads a field the row lacks or that is not a number, or
 * rolls up something other than one of `children` (the source's child tables; none for a child row).
 */
function expressionProblems(
  text: string,
  row: EntityDefinition,
  condition: boolean,
  children: readonly EntityDefinition[],
): string[] {
  let ast;
  try {
    ast = condition ? parseCondition(text) : parseFormula(text);
  } catch (err) {
    if (!(err instanceof FormulaError)) throw err;
    return [`${condition ? '条件' : '公式'}“${text}”无效：${err.message}`];
  }
  const out: string[] = [];
  const deps = formulaDependencies(ast);
  for (const name of deps.fields) {
    const f = row.fields.find((x) => x.name === name);
    if (!f) out.push(`${row.code} 没有字段 "${name}"`);
    // A condition may compare a text field with a quoted literal (status = '3').
    else if (!condition && !NUMERIC.has(f.type)) out.push(`公式中的字段 "${name}" 不是数字类型`);
  }
  for (const c of deps.children) {
    const child = children.find((x) => x.code === c.entity);
    if (!child) out.push(`"${c.entity}" 不是 ${row.code} 的子表，不能汇总`);
    else if (c.field !== null && !child.fields.some((x) => x.name === c.field))
      out.push(`子表 ${c.entity} 没有字段 "${c.field}"`);
  }
  return out;
}

/** Each target field of a DeriveValues: declared in the target, fillable, and given a value of its kind. */
function valuesProblems(
  values: DeriveValues,
  source: EntityDefinition,
  target: EntityDefinition,
  at: Array<string | number>,
  children: readonly EntityDefinition[],
): Problem[] {
  const out: Problem[] = [];
  const sourceNames = new Set([
    ...source.fields.map((f) => f.name),
    ...systemFields(source).map((f) => f.name),
  ]);
  const bySource = new Map<string, Pick<EntityField, 'type'>>([
    ...systemFields(source).map((f): [string, Pick<EntityField, 'type'>] => [f.name, f]),
    ...source.fields.map((f): [string, EntityField] => [f.name, f]),
  ]);
  for (const [name, given] of Object.entries(values)) {
    const path = [...at, name];
    const f = target.fields.find((x) => x.name === name);
    if (!f) {
      out.push([path, `目标实体 ${target.code} 没有字段 "${name}"`]);
      continue;
    }
    if (f.formula !== undefined || f.numbering) {
      out.push([
        path,
        `"${name}" 是${f.formula !== undefined ? '计算' : '编号'}字段，由添加时生成，不能下推赋值`,
      ]);
      continue;
    }
    const v = deriveValue(given, sourceNames);
    const numeric = NUMERIC.has(f.type);
    if (v.kind === 'unknown') out.push([path, `未知的取值 "${v.text}"（可用 $id、$today、$user）`]);
    else if ((v.kind === 'number' || v.kind === 'formula') && !numeric)
      out.push([path, `目标字段 "${name}" 不是数字类型，不能取数字或公式`]);
    else if (v.kind === 'today' && !DATES.has(f.type)) out.push([path, `目标字段 "${name}" 不是日期类型`]);
    else if ((v.kind === 'id' || v.kind === 'user') && f.type !== 'string')
      out.push([path, `目标字段 "${name}" 应为 string 类型`]);
    else if (v.kind === 'copy') {
      const from = bySource.get(v.field);
      if (from && NUMERIC.has(from.type) !== numeric)
        out.push([path, `字段 "${v.field}"（${from.type}）与目标字段 "${name}"（${f.type}）类型不符`]);
    } else if (v.kind === 'formula')
      for (const message of expressionProblems(v.text, source, false, children)) out.push([path, message]);
  }
  return out;
}

/**
 * What is wrong with an entity's push-downs (entity `derive`): keys must be unique, the target must be a
 * top-level entity, every mapped field must exist in the target (and not be one the add computes), every
 * copied field or formula operand must exist in the source, `from` must be a child of this entity and
 * `to` a child of the target, `where` must parse over `from`, and states must be items of the workflow's
 * dictionary. Each as [path below the entity, message].
 */
export function deriveProblems(
  entities: ReadonlyMap<string, EntityDefinition>,
  e: EntityDefinition,
  dicts: readonly DictDef[],
): Problem[] {
  const out: Problem[] = [];
  const keys = new Set<string>();
  const wf = e.workflow;
  const stateDict = wf && dicts.find((d) => d.code === e.fields.find((f) => f.name === wf.field)?.dictCode);
  const own = childrenOf(entities, e.code);
  (e.derive ?? []).forEach((d, i) => {
    const at = (...p: Array<string | number>) => ['derive', i, ...p];
    if (keys.has(d.key)) out.push([at('key'), `下推 key "${d.key}" 重复`]);
    keys.add(d.key);
    (d.states ?? []).forEach((s, j) => {
      if (!wf) out.push([at('states', j), '实体没有 workflow，不能按状态限制下推']);
      else if (stateDict && !stateDict.items.some((item) => item.value === s))
        out.push([at('states', j), `"${s}" 不是字典 ${stateDict.code} 的项`]);
    });
    const target = entities.get(d.entity);
    if (!target || target.parent) {
      out.push([
        at('entity'),
        target ? `目标实体 "${d.entity}" 是子表，应为顶层实体` : `目标实体 "${d.entity}" 不存在`,
      ]);
      return;
    }
    out.push(...valuesProblems(d.fields, e, target, at('fields'), own));
    const theirs = childrenOf(entities, target.code);
    (d.children ?? []).forEach((c, j) => {
      const from = own.find((x) => x.code === c.from);
      const to = theirs.find((x) => x.code === c.to);
      if (!from) out.push([at('children', j, 'from'), `"${c.from}" 不是 ${e.code} 的子表`]);
      if (!to) out.push([at('children', j, 'to'), `"${c.to}" 不是 ${target.code} 的子表`]);
      if (!from || !to) return;
      if (c.where !== undefined)
        for (const message of expressionProblems(c.where, from, true, []))
          out.push([at('children', j, 'where'), message]);
      out.push(...valuesProblems(c.fields, from, to, at('children', j, 'fields'), []));
    });
  });
  return out;
}
