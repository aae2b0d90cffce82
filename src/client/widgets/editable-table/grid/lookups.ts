import { createContext, useContext } from 'react';
import type { ChoiceOption } from './context';

/**
 * Data that arrives after the first paint and is shared by many cells: dictionary options per column
 * and display names of picked values. Replaced as a whole when something arrives (rarely).
 */
export interface Lookups {
  options: Readonly<Record<string, ChoiceOption[]>>;
  labels: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export const EMPTY_LOOKUPS: Lookups = { options: {}, labels: {} };
export const LookupsContext = createContext<Lookups>(EMPTY_LOOKUPS);

export function useLookups(): Lookups {
  return useContext(LookupsContext);
}

/** Labels of a comma-joined value, in order, falling back to the raw values. */
export function labelsOf(
  value: unknown,
  options: readonly ChoiceOption[] | Readonly<Record<string, string>>,
): string {
  const values = splitCell(value);
  if (Array.isArray(options)) {
    const byValue = new Map((options as ChoiceOption[]).map((o) => [o.value, o.label]));
    return values.map((v) => byValue.get(v) ?? v).join(',');
  }
  const map = options as Readonly<Record<string, string>>;
  return values.map((v) => map[v] ?? v).join(',');
}

/** A multi-value cell (comma-joined text or an array) as its values. */
export function splitCell(value: unknown): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String).filter((v) => v !== '');
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}
