import type { Field, GeneralField } from '@formily/core';
import { evaluateFormula, parseFormula, type FormulaNode } from '../../../shared/formula';
import { applyFormulas, applyLiveFields, formulaPlan, type FormulaField } from '../../../shared/formula-plan';

/**
 * Live computed fields in forms (`x-compute`, entity `formula`): the same parser and decimal arithmetic
 * as the server (src/shared/formula.ts), so what the form shows while editing is what will be stored.
 */

const parsed = new Map<string, FormulaNode | null>();

/** A formula parsed once per text; null when it does not parse (schemas:check refuses those). */
function parsedFormula(text: string): FormulaNode | null {
  if (!parsed.has(text)) {
    try {
      parsed.set(text, parseFormula(text));
    } catch {
      parsed.set(text, null);
    }
  }
  return parsed.get(text) ?? null;
}

/**
 * The reaction of an `x-compute` field: Formily runs it in its reactive scope, so it re-runs whenever a
 * value it reads changes — an own field, or a row of the child table under the child entity's code (the
 * form values double as the roll-ups' child rows). The result is rounded to the widget's precision.
 */
export function computeReaction(formula: string): (field: GeneralField) => void {
  const ast = parsedFormula(formula);
  return (field) => {
    if (!ast || !('setValue' in field)) return;
    const target = field as Field;
    const values = field.form.values as Record<string, unknown>;
    const precision = (field.componentProps as { precision?: unknown } | undefined)?.precision;
    const scale = typeof precision === 'number' ? precision : undefined;
    const next = evaluateFormula(ast, values, values as Record<string, Array<Record<string, unknown>>>, scale);
    if (target.value !== next) target.setValue(next);
  };
}

/**
 * A child table row with its formula columns recomputed (amount = quantity * price), for the ChildTable
 * to call on every change: `onChange(rows.map((r) => computeRow(def.fields, r)))`. `fields` are the
 * child's field definitions (name, type, scale, formula); keep the same array between calls (the parsed
 * plan is cached per array). Returns the row itself when nothing changed, a copy otherwise.
 */
export function computeRow<T extends Record<string, unknown>>(fields: readonly FormulaField[], row: T): T {
  const plan = formulaPlan(fields);
  if (plan.ordered.length === 0) return row;
  // Roll-ups need the row's own children: a child table row has none, so only row formulas apply.
  // Live fields (never stored) are shown as they would read now.
  const next = applyLiveFields(plan, applyFormulas(plan, { ...row } as Record<string, unknown>, {}, 'row'));
  return plan.ordered.some((c) => next[c.field] !== row[c.field]) ? (next as T) : row;
}
