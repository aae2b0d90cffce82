/**
 * The computed fields of one entity, parsed once and put in the order they must be computed: row formulas
 * (over the row's own fields, possibly other formula fields) after the fields they read; roll-ups (those
 * with sum/count/min/max/last over a child) apart, since they need the stored children. Shared by the server
 * (computed.ts), the console (a form's child table rows) and the definition check (cycles).
 */
import { DEFAULT_SCALE } from './entity-record.js';
import {
  evaluateFormula,
  formulaDependencies,
  parseFormula,
  type FormulaChildren,
  type FormulaNode,
  type FormulaRow,
} from './formula.js';

/** What a formula plan needs of a field (an entity field, or a child table column). */
export interface FormulaField {
  name: string;
  type: string;
  scale?: number;
  formula?: string;
  /** Computed when read (never stored): see applyLiveFields. */
  live?: boolean;
}

export interface CompiledFormula {
  field: string;
  ast: FormulaNode;
  /** Digits the result is rounded to: the decimal's scale, 0 for integers. */
  scale: number;
  /** Own fields it reads. */
  reads: string[];
  /** Whether it rolls up child rows (sum/count/min/max/last over a child entity). */
  rollup: boolean;
  /** A `live` field: computed on read, stored empty. */
  live: boolean;
}

export interface FormulaPlan {
  /** Every formula field, in computation order (a field after every formula field it reads). */
  ordered: CompiledFormula[];
  names: Set<string>;
}

/** A formula's field is numeric; its result is rounded to the field's scale (integers: 0). */
export const resultScale = (f: Pick<FormulaField, 'type' | 'scale'>) =>
  f.type === 'decimal' ? (f.scale ?? DEFAULT_SCALE) : 0;

/** Formula fields that read each other in a circle, or null: the cycle as field names, first repeated. */
export function formulaCycle(compiled: CompiledFormula[]): string[] | null {
  const byName = new Map(compiled.map((c) => [c.field, c]));
  const state = new Map<string, 'visiting' | 'done'>();
  const path: string[] = [];
  const visit = (name: string): string[] | null => {
    if (state.get(name) === 'done') return null;
    if (state.get(name) === 'visiting') return [...path.slice(path.indexOf(name)), name];
    const c = byName.get(name);
    if (!c) return null;
    state.set(name, 'visiting');
    path.push(name);
    for (const r of c.reads) {
      const cycle = visit(r);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(name, 'done');
    return null;
  };
  for (const c of compiled) {
    const cycle = visit(c.field);
    if (cycle) return cycle;
  }
  return null;
}

const plans = new WeakMap<readonly FormulaField[], FormulaPlan>();

/**
 * The formula fields of a field list in computation order. A formula that does not parse, or formulas in
 * a cycle, throw: the definition check refuses those before the server starts.
 */
export function formulaPlan(fields: readonly FormulaField[]): FormulaPlan {
  const cached = plans.get(fields);
  if (cached) return cached;
  const compiled = fields
    .filter((f) => typeof f.formula === 'string' && f.formula !== '')
    .map((f): CompiledFormula => {
      const ast = parseFormula(f.formula as string);
      const deps = formulaDependencies(ast);
      return {
        field: f.name,
        ast,
        scale: resultScale(f),
        reads: deps.fields,
        rollup: deps.children.length > 0,
        live: f.live === true,
      };
    });
  const cycle = formulaCycle(compiled);
  if (cycle) throw new Error(`计算字段循环引用：${cycle.join(' → ')}`);
  const ordered: CompiledFormula[] = [];
  const placed = new Set<string>();
  const byName = new Map(compiled.map((c) => [c.field, c]));
  const place = (c: CompiledFormula) => {
    if (placed.has(c.field)) return;
    placed.add(c.field);
    for (const r of c.reads) {
      const dep = byName.get(r);
      if (dep) place(dep);
    }
    ordered.push(c);
  };
  compiled.forEach(place);
  const plan = { ordered, names: new Set(compiled.map((c) => c.field)) };
  plans.set(fields, plan);
  return plan;
}

/**
 * Computes formula fields of a row in place, in order, and returns the row. `which` chooses them: 'row'
 * skips roll-ups (and keeps their current value in the row for formulas that read them), 'all' needs
 * `children` (rows by child code, or the roll-ups computed elsewhere).
 */
export function applyFormulas<T extends FormulaRow>(
  plan: FormulaPlan,
  row: T,
  children: FormulaChildren = {},
  which: 'row' | 'all' = 'all',
): T {
  const out = row as FormulaRow;
  for (const c of plan.ordered) {
    if (which === 'row' && c.rollup) continue;
    // A live field is never stored: a write keeps it empty whatever the client sent.
    out[c.field] = c.live ? null : evaluateFormula(c.ast, out, children, c.scale);
  }
  return row;
}

/**
 * Computes the `live` fields of a stored row in place (lists, detail, export) and returns it; they may
 * read stored fields and each other (in order), and use today's date (daysSince).
 */
export function applyLiveFields<T extends FormulaRow>(plan: FormulaPlan, row: T): T {
  const out = row as FormulaRow;
  for (const c of plan.ordered) if (c.live) out[c.field] = evaluateFormula(c.ast, out, {}, c.scale);
  return row;
}
