import type { EntityDefinition, EntityField } from '../../shared/schema-types.js';
import { formulaDependencies, FormulaError, parseFormula } from '../../shared/formula.js';
import { formulaCycle, resultScale, type CompiledFormula } from '../../shared/formula-plan.js';

const NUMERIC = new Set(['int', 'bigint', 'decimal']);

/** The entities that declare `parentCode` as their parent (through their parent ref field). */
const childrenOf = (entities: ReadonlyMap<string, EntityDefinition>, parentCode: string) =>
  [...entities.values()].filter(
    (c) => c.parent && c.fields.find((f) => f.name === c.parent?.field)?.ref?.entity === parentCode,
  );

/**
 * What is wrong with an entity's computed fields (field `formula`): a formula that does not parse, on a
 * field that is not a number, naming an unknown or non-numeric field, rolling up an entity that is not
 * a child of this one, or formula fields that read each other in a circle. Each problem as [path below
 * the entity, message].
 */
export function formulaProblems(
  entities: ReadonlyMap<string, EntityDefinition>,
  e: EntityDefinition,
): Array<[string[], string]> {
  const out: Array<[string[], string]> = [];
  const byName = new Map<string, EntityField>(e.fields.map((f) => [f.name, f]));
  const children = new Map(childrenOf(entities, e.code).map((c) => [c.code, c]));
  const compiled: CompiledFormula[] = [];
  e.fields.forEach((f, i) => {
    if (f.formula === undefined) return;
    const at = (key: string): string[] => ['fields', String(i), key];
    if (!NUMERIC.has(f.type)) out.push([at('type'), '计算字段（formula）的类型必须是 int、bigint 或 decimal']);
    let ast;
    try {
      ast = parseFormula(f.formula);
    } catch (err) {
      if (!(err instanceof FormulaError)) throw err;
      out.push([at('formula'), `公式“${f.formula}”无效：${err.message}`]);
      return;
    }
    const deps = formulaDependencies(ast);
    for (const name of deps.fields) {
      const used = byName.get(name);
      if (!used) out.push([at('formula'), `公式中的字段 "${name}" 不存在`]);
      else if (!NUMERIC.has(used.type)) out.push([at('formula'), `公式中的字段 "${name}" 不是数字类型`]);
    }
    for (const c of deps.children) {
      const child = children.get(c.entity);
      if (!child) {
        out.push([
          at('formula'),
          entities.has(c.entity)
            ? `实体 "${c.entity}" 不是 ${e.code} 的子表（子表需以 parent 声明本实体）`
            : `公式中的子表实体 "${c.entity}" 不存在`,
        ]);
        continue;
      }
      if (c.field === null) continue;
      const used = child.fields.find((x) => x.name === c.field);
      if (!used) out.push([at('formula'), `子表 ${c.entity} 没有字段 "${c.field}"`]);
      else if (!NUMERIC.has(used.type))
        out.push([at('formula'), `子表 ${c.entity} 的字段 "${c.field}" 不是数字类型`]);
    }
    compiled.push({
      field: f.name,
      ast,
      scale: resultScale(f),
      reads: deps.fields,
      rollup: deps.children.length > 0,
    });
  });
  const cycle = formulaCycle(compiled);
  if (cycle) {
    const i = e.fields.findIndex((f) => f.name === cycle[0]);
    out.push([['fields', String(i), 'formula'], `计算字段循环引用：${cycle.join(' → ')}`]);
  }
  return out;
}
