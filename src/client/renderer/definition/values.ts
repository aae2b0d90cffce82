import { readPath } from '../../../shared/conditions';
import type { ValueMap, ValueRef } from './types';

/** What `$row`, `$selected`, `$form` and `$route` refer to when an action runs. */
export interface ValueContext {
  row?: Readonly<Record<string, unknown>> | null;
  selected?: ReadonlyArray<Readonly<Record<string, unknown>>>;
  form?: Readonly<Record<string, unknown>> | null;
  route?: Readonly<Record<string, string | undefined>>;
}

/** One declared value at run time (page.schema.json `ValueRef`); never evaluates text. */
export function resolveValue(ref: ValueRef, ctx: ValueContext): unknown {
  if (ref === null || typeof ref !== 'object') return ref;
  if ('$row' in ref) return readPath(ctx.row ?? undefined, ref.$row);
  if ('$selected' in ref)
    return (ctx.selected ?? [])
      .map((r) => readPath(r, ref.$selected))
      .filter((v) => v !== undefined && v !== null && v !== '')
      .join(',');
  if ('$form' in ref) return readPath(ctx.form ?? undefined, ref.$form);
  if ('$route' in ref) return ctx.route?.[ref.$route];
  return undefined;
}

export function resolveValues(map: ValueMap | undefined, ctx: ValueContext): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, ref] of Object.entries(map ?? {})) out[key] = resolveValue(ref, ctx);
  return out;
}
