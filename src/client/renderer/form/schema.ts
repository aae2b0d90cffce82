import type { GeneralField } from '@formily/core';
import type { ISchema } from '@formily/react';
import { computeReaction } from './compute';
import { evaluateCondition, readPath } from '../../../shared/conditions';
import type { FormReaction, FormSchema, ReactionState } from '../definition/types';

export type FormMode = 'add' | 'edit';
export type FieldAuthState = 'editable' | 'disabled' | 'hidden';

export interface SchemaContext {
  mode: FormMode;
  /** State of a field's `x-auth` code for the current user. */
  fieldState: (code: string) => FieldAuthState;
  /** Where the values the conditions read are: a form document's path inside the record (JFormDocument). */
  scope?: string;
}

/** Keys of our definitions that Formily does not know; they are applied here and removed. */
const OWN_KEYS = ['x-auth', 'x-edit-only', 'x-add-only', 'x-compute'] as const;

/** Sets a reaction's state on a field; component props are merged, not replaced. */
function applyState(field: GeneralField, state: ReactionState): void {
  const { componentProps, ...rest } = state;
  // Each key is a Formily field property with a setter (visible, disabled, value, ...).
  const target = field as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(rest)) target[key] = value;
  if (componentProps) field.setComponentProps(componentProps as Record<string, unknown>);
}

/**
 * A declarative reaction as the function Formily runs in its reactive scope: it reads the form
 * values it tests, so Formily re-runs it whenever one of them changes.
 */
export function toReactionFunction(reaction: FormReaction, scope?: string): (field: GeneralField) => void {
  return (field) => {
    const all = field.form.values as Record<string, unknown>;
    const values = scope ? (readPath(all, scope) as Record<string, unknown> | undefined) : all;
    const state = evaluateCondition(reaction.when, values)
      ? reaction.fulfill?.state
      : reaction.otherwise?.state;
    if (state) applyState(field, state);
  };
}

/**
 * The page's form schema as Formily receives it: `x-auth`, add-only and edit-only fields applied,
 * declarative reactions turned into reaction functions, and a FormItem decorator on every input.
 * Rules (`x-validator`) pass as they are: every named rule is registered with Formily.
 */
export function toFormilySchema(node: FormSchema, ctx: SchemaContext): ISchema | null {
  if (node['x-edit-only'] && ctx.mode !== 'edit') return null;
  if (node['x-add-only'] && ctx.mode !== 'add') return null;
  const auth = node['x-auth'] ? ctx.fieldState(node['x-auth']) : 'editable';
  if (auth === 'hidden') return null;

  const out: Record<string, unknown> = { ...node };
  for (const key of OWN_KEYS) delete out[key];
  if (auth === 'disabled') out['x-pattern'] = 'disabled';
  if (node['x-component'] && !node['x-decorator'] && node.type !== 'void' && node.type !== 'object')
    out['x-decorator'] = 'FormItem';

  const reactions = node['x-reactions'];
  const list = reactions ? (Array.isArray(reactions) ? reactions : [reactions]) : [];
  const compute = node['x-compute'] ? [computeReaction(node['x-compute'])] : [];
  if (list.length || compute.length) out['x-reactions'] = [...list.map((r) => toReactionFunction(r, ctx.scope)), ...compute];
  // A computed field is the formula's: never typed in (the server computes the stored value itself).
  if (compute.length && auth !== 'disabled') out['x-pattern'] = 'readOnly';

  if (node.properties) {
    const props: Record<string, ISchema> = {};
    for (const [name, child] of Object.entries(node.properties)) {
      const converted = toFormilySchema(child, ctx);
      if (converted) props[name] = converted;
    }
    out.properties = props;
  }
  if (node.items) out.items = toFormilySchema(node.items, ctx) ?? undefined;
  return out as ISchema;
}

// Kept in its own module so that the list (which only needs the names) does not load the form stack.
export { fieldNames } from './field-names';
