/**
 * Linkage rules of the designer's condition builder, as declarative `x-reactions`: while the
 * conditions hold (all or any), the field is shown / required / disabled, otherwise not. Reactions of
 * another shape (written by hand in a file) are kept as they are and only shown in the JSON tab.
 */
import type { FieldCondition, FormReaction, FormSchema, Scalar } from '../../../shared/schema-types';

export type LinkageEffect = 'visible' | 'required' | 'disabled';
export const LINKAGE_EFFECTS: LinkageEffect[] = ['visible', 'required', 'disabled'];

export type LinkageOp = Extract<
  FieldCondition['op'],
  'eq' | 'ne' | 'in' | 'gt' | 'lt' | 'empty' | 'notEmpty'
>;
export const LINKAGE_OPS: LinkageOp[] = ['eq', 'ne', 'in', 'gt', 'lt', 'empty', 'notEmpty'];

export interface LinkageCondition {
  field: string;
  op: LinkageOp;
  value?: Scalar;
}

export interface LinkageRule {
  effect: LinkageEffect;
  match: 'all' | 'any';
  conditions: LinkageCondition[];
}

const reactionList = (node: FormSchema): FormReaction[] => {
  const r = node['x-reactions'];
  return r ? (Array.isArray(r) ? r : [r]) : [];
};

const isOp = (op: string): op is LinkageOp => (LINKAGE_OPS as string[]).includes(op);

/** The rule a reaction expresses, or null when the builder cannot show it. */
export function ruleOf(reaction: FormReaction): LinkageRule | null {
  const on = reaction.fulfill?.state;
  const off = reaction.otherwise?.state;
  if (!on || !off || Object.keys(on).length !== 1 || Object.keys(off).length !== 1) return null;
  const effect = LINKAGE_EFFECTS.find((e) => on[e] === true && off[e] === false);
  if (!effect) return null;
  const when = reaction.when;
  const match = 'all' in when ? 'all' : 'any' in when ? 'any' : null;
  const list = 'all' in when ? when.all : 'any' in when ? when.any : [when];
  const conditions: LinkageCondition[] = [];
  for (const c of list) {
    if (!('field' in c) || !isOp(c.op) || c.valueField !== undefined || Array.isArray(c.value)) return null;
    conditions.push({ field: c.field, op: c.op, ...(c.value !== undefined ? { value: c.value } : {}) });
  }
  return { effect, match: match ?? 'all', conditions };
}

/** The reaction for a rule; one condition needs no all/any around it. */
export function reactionOf(rule: LinkageRule): FormReaction {
  const conditions: FieldCondition[] = rule.conditions.map((c) => ({
    field: c.field,
    op: c.op,
    ...(c.op === 'empty' || c.op === 'notEmpty' || c.value === undefined ? {} : { value: c.value }),
  }));
  const when =
    conditions.length === 1
      ? conditions[0]
      : rule.match === 'all'
        ? { all: conditions }
        : { any: conditions };
  return {
    dependencies: [...new Set(rule.conditions.map((c) => c.field))],
    when,
    fulfill: { state: { [rule.effect]: true } },
    otherwise: { state: { [rule.effect]: false } },
  };
}

/** The node's linkage: the builder's rules, and how many reactions it cannot show. */
export function linkageOf(node: FormSchema): { rules: LinkageRule[]; other: number } {
  const rules: LinkageRule[] = [];
  let other = 0;
  for (const r of reactionList(node)) {
    const rule = ruleOf(r);
    if (rule) rules.push(rule);
    else other++;
  }
  return { rules, other };
}

/** Writes the builder's rules into the node, keeping reactions it cannot show; complete rules only. */
export function setLinkage(node: FormSchema, rules: readonly LinkageRule[]): void {
  const kept = reactionList(node).filter((r) => !ruleOf(r));
  const built = rules
    .filter((r) => r.conditions.length && r.conditions.every((c) => c.field))
    .map(reactionOf);
  const all = [...kept, ...built];
  if (all.length) node['x-reactions'] = all.length === 1 ? all[0] : all;
  else delete node['x-reactions'];
}
