import { formulaDependencies, parseFormula } from '../../shared/formula.js';
import type { EntityDefinition } from '../../shared/schema-types.js';
import { rollupLink } from '../modules/online/rollup-links.js';

const NUMERIC = new Set(['int', 'bigint', 'decimal']);

/**
 * What is wrong with the roll-ups of an entity's formulas (sum(<entity>.<field>), count(<entity>)…): the
 * entity must exist and point at this one — as its child, or through exactly one ref field — and a summed
 * field must exist and be a number. Formulas that do not parse are formula-problems.ts's to report.
 * Each problem as [path below the entity, message].
 */
export function rollupProblems(
  entities: ReadonlyMap<string, EntityDefinition>,
  e: EntityDefinition,
): Array<[string[], string]> {
  const out: Array<[string[], string]> = [];
  e.fields.forEach((f, i) => {
    if (f.formula === undefined) return;
    let children;
    try {
      children = formulaDependencies(parseFormula(f.formula)).children;
    } catch {
      return;
    }
    const at = ['fields', String(i), 'formula'];
    for (const c of children) {
      const source = entities.get(c.entity);
      if (!source) {
        out.push([at, `公式中汇总的实体 "${c.entity}" 不存在`]);
        continue;
      }
      const link = rollupLink(source, e.code);
      if ('problem' in link) {
        const refs = source.fields.filter((x) => x.ref?.entity === e.code).map((x) => x.name);
        out.push([
          at,
          link.problem === 'ambiguous'
            ? `实体 "${c.entity}" 引用 ${e.code} 的字段不唯一（${refs.join('、')}），无法汇总`
            : `实体 "${c.entity}" 既不是 ${e.code} 的子表，也没有引用 ${e.code} 的字段，无法汇总`,
        ]);
        continue;
      }
      if (c.field === null) continue;
      const used = source.fields.find((x) => x.name === c.field);
      if (!used) out.push([at, `实体 ${c.entity} 没有字段 "${c.field}"`]);
      else if (!NUMERIC.has(used.type)) out.push([at, `实体 ${c.entity} 的字段 "${c.field}" 不是数字类型`]);
    }
  });
  return out;
}
