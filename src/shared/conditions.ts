import type { Condition, Scalar } from './schema-types.js';

type Record_ = Readonly<Record<string, unknown>>;

/** Reads `a.b.c` from a record. */
export function readPath(record: Record_ | null | undefined, path: string): unknown {
  let cur: unknown = record;
  for (const key of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

const isBlank = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);
const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));
const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(text) : isBlank(v) ? [] : text(v).split(',');

function compareNumbers(a: unknown, b: unknown, test: (x: number, y: number) => boolean): boolean {
  if (isBlank(a) || isBlank(b)) return false;
  const x = Number(a);
  const y = Number(b);
  return Number.isFinite(x) && Number.isFinite(y) && test(x, y);
}

/**
 * Evaluates a declarative condition (page.schema.json `Condition`) on a row or on form values.
 * Values compare as text so that 1 and '1' agree, as they do on the wire; `in` reads a comma list.
 */
export function evaluateCondition(
  condition: Condition | undefined,
  record: Record_ | null | undefined,
): boolean {
  if (!condition) return true;
  if ('all' in condition) return condition.all.every((c) => evaluateCondition(c, record));
  if ('any' in condition) return condition.any.some((c) => evaluateCondition(c, record));
  if ('not' in condition) return !evaluateCondition(condition.not, record);
  const actual = readPath(record, condition.field);
  const expected: Scalar | Scalar[] | unknown =
    condition.valueField !== undefined ? readPath(record, condition.valueField) : condition.value;
  switch (condition.op) {
    case 'eq':
      return text(actual) === text(expected);
    case 'ne':
      return text(actual) !== text(expected);
    case 'in':
      return list(expected).includes(text(actual));
    case 'notIn':
      return !list(expected).includes(text(actual));
    case 'contains':
      // The field is a list (array or comma text) holding the value: a row's `_transitions`.
      return list(actual).includes(text(expected));
    case 'gt':
      return compareNumbers(actual, expected, (x, y) => x > y);
    case 'ge':
      return compareNumbers(actual, expected, (x, y) => x >= y);
    case 'lt':
      return compareNumbers(actual, expected, (x, y) => x < y);
    case 'le':
      return compareNumbers(actual, expected, (x, y) => x <= y);
    case 'empty':
      return isBlank(actual);
    case 'notEmpty':
      return !isBlank(actual);
    default:
      return false;
  }
}
