import type { EntityDefinition, EntityField } from '../../shared/schema-types.js';
import {
  EACH,
  fieldUses,
  formulaDependencies,
  FormulaError,
  formulaNodes,
  parseCondition,
  parseFormula,
  type FormulaNode,
} from '../../shared/formula.js';
import { formulaCycle, resultScale, type CompiledFormula } from '../../shared/formula-plan.js';

const NUMERIC = new Set(['int', 'bigint', 'decimal']);
const DATES = new Set(['date', 'datetime']);
const DAYS_SINCE_LIVE_ONLY = 'daysSince 只能用在实时字段（live: true）的公式中（它的值随日期变化，不能存储）';

/** What an unknown dotted name may have meant: a child's field outside a roll-up, a form document's key. */
export const dottedHint = (name: string) =>
  name.includes('.') && !name.startsWith(`${EACH}.`)
    ? '（子表字段只能用在 sum、count、min、max、last 中；表单字段的内容只能在触发规则中读取）'
    : '';

/**
 * How an expression uses the entity's fields: unknown names, arithmetic on a field that is not a number,
 * daysSince on one that is not a date. `what` names the expression in the message (公式, 条件).
 */
function fieldUseProblems(
  byName: ReadonlyMap<string, EntityField>,
  ast: FormulaNode,
  what: string,
): string[] {
  const out: string[] = [];
  for (const u of fieldUses(ast)) {
    const used = byName.get(u.name);
    if (!used) out.push(`${what}中的字段 "${u.name}" 不存在${dottedHint(u.name)}`);
    else if (u.use === 'number' && !NUMERIC.has(used.type))
      out.push(`${what}中的字段 "${u.name}" 不是数字类型`);
    else if (u.use === 'date' && !DATES.has(used.type)) out.push(`${what}中的字段 "${u.name}" 不是日期类型`);
  }
  return [...new Set(out)];
}

/**
 * What is wrong with a condition over an entity's own fields (a check rule, an automatic transition, a
 * push-down's `where`): syntax, unknown or mistyped fields, roll-ups and daysSince (a condition reads the
 * record as stored). Messages in Chinese; empty when it is fine.
 */
export function conditionProblems(e: Pick<EntityDefinition, 'fields'>, text: string): string[] {
  let ast: FormulaNode;
  try {
    ast = parseCondition(text);
  } catch (err) {
    if (!(err instanceof FormulaError)) throw err;
    return [`条件“${text}”无效：${err.message}`];
  }
  const out = fieldUseProblems(new Map(e.fields.map((f) => [f.name, f])), ast, '条件');
  const nodes = formulaNodes(ast);
  if (nodes.some((n) => n.kind === 'aggregate'))
    out.push('条件只能读取本记录的字段，不能汇总其他实体（sum、count、min、max）');
  if (nodes.some((n) => n.kind === 'daysSince')) out.push(DAYS_SINCE_LIVE_ONLY);
  return out;
}

/**
 * What is wrong with an entity's computed fields (field `formula`, `live`) and checks: a formula that
 * does not parse, on a field that is not a number, naming an unknown or mistyped field, formula fields
 * that read each other in a circle, daysSince outside a live field, a stored formula reading a live
 * one, a check rule that is not a valid condition. Each problem as [path below the entity, message].
 */
export function formulaProblems(
  entities: ReadonlyMap<string, EntityDefinition>,
  e: EntityDefinition,
): Array<[string[], string]> {
  const out: Array<[string[], string]> = [];
  const byName = new Map<string, EntityField>(e.fields.map((f) => [f.name, f]));
  const compiled: CompiledFormula[] = [];
  e.fields.forEach((f, i) => {
    const at = (key: string): string[] => ['fields', String(i), key];
    if (f.live) {
      if (f.formula === undefined) out.push([at('live'), '实时字段（live: true）必须有公式（formula）']);
      // Computed after the query: the database can neither filter nor sort by it.
      if (f.query) out.push([at('query'), '实时字段不能作为查询条件']);
      if (f.sortable === true) out.push([at('sortable'), '实时字段不能排序']);
      if (f.required || f.unique)
        out.push([at(f.required ? 'required' : 'unique'), '实时字段不存储，不能设为必填或唯一']);
    }
    if (f.formula === undefined) return;
    if (!NUMERIC.has(f.type))
      out.push([at('type'), '计算字段（formula）的类型必须是 int、bigint 或 decimal']);
    let ast;
    try {
      ast = parseFormula(f.formula);
    } catch (err) {
      if (!(err instanceof FormulaError)) throw err;
      out.push([at('formula'), `公式“${f.formula}”无效：${err.message}`]);
      return;
    }
    const deps = formulaDependencies(ast);
    for (const message of fieldUseProblems(byName, ast, '公式')) out.push([at('formula'), message]);
    const nodes = formulaNodes(ast);
    // Its result is a date, and a computed field holds a number.
    if (nodes.some((n) => n.kind === 'addDays'))
      out.push([at('formula'), 'addDays 的结果是日期，只能用在条件和触发规则的取值中']);
    if (f.live) {
      // Computed on read from the row alone: a roll-up would need the other entity's rows.
      if (deps.children.length)
        out.push([at('formula'), '实时字段的公式不能汇总其他实体（sum、count、min、max）']);
    } else {
      if (nodes.some((n) => n.kind === 'daysSince')) out.push([at('formula'), DAYS_SINCE_LIVE_ONLY]);
      // A stored value must not depend on one that exists only when read.
      for (const name of deps.fields)
        if (byName.get(name)?.live)
          out.push([at('formula'), `计算字段不能读取实时字段 "${name}"（实时字段在读取时才计算，不存储）`]);
    }
    // Which rows a roll-up reads (a child, or the one entity field referring here): rollup-problems.ts.
    compiled.push({
      field: f.name,
      ast,
      scale: resultScale(f),
      reads: deps.fields,
      rollup: deps.children.length > 0,
      live: f.live === true,
    });
  });
  (e.checks ?? []).forEach((check, i) => {
    for (const message of conditionProblems(e, check.rule))
      out.push([['checks', String(i), 'rule'], message]);
  });
  const cycle = formulaCycle(compiled);
  if (cycle) {
    const i = e.fields.findIndex((f) => f.name === cycle[0]);
    out.push([['fields', String(i), 'formula'], `计算字段循环引用：${cycle.join(' → ')}`]);
  }
  return out;
}
