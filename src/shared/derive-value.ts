/**
 * What one value of a push-down (entity `derive`, DeriveValues) means: the server computes it and the
 * definition check validates it, so both read the same text the same way.
 */
export type DeriveValue =
  | { kind: 'number'; value: number }
  | { kind: 'id' }
  | { kind: 'today' }
  | { kind: 'user' }
  /** A `$` word the vocabulary does not have (only the definition check sees it). */
  | { kind: 'unknown'; text: string }
  /** A field of the source row, copied as is. */
  | { kind: 'copy'; field: string }
  /** A numeric formula over the source row's fields. */
  | { kind: 'formula'; text: string };

/** `sourceNames`: the source row's declared and system field names (a bare name is a copy, not a formula). */
export function deriveValue(v: string | number, sourceNames: ReadonlySet<string>): DeriveValue {
  if (typeof v === 'number') return { kind: 'number', value: v };
  if (v === '$id') return { kind: 'id' };
  if (v === '$today') return { kind: 'today' };
  if (v === '$user') return { kind: 'user' };
  if (v.startsWith('$')) return { kind: 'unknown', text: v };
  if (sourceNames.has(v)) return { kind: 'copy', field: v };
  return { kind: 'formula', text: v };
}
