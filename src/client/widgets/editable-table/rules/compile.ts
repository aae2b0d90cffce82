import { isPreset, PATTERN_PRESETS } from '../../../../shared/validate-presets';
import { namedChecks, type Check } from '../../../../shared/validators';
import { t } from '../../../locale/zh-CN';
import type { CellError, EditableColumn, HandlerContext, RuleHandler, Row, ValidateRule } from '../types';
import { cellText } from './cell-text';

/**
 * The rule engine of the editable table. A definition's column rules are compiled once into plain
 * closures over precompiled regular expressions (no code generation, so it runs under a CSP without
 * 'unsafe-eval'); one pass over all rows then finds every failing cell, including rows that were never
 * rendered. Rules of a column run in order and the first failure wins (spec §5).
 */

type Kind = 'required' | 'unique' | 'pattern' | 'handler';

/** `only` is the unique rule and `*` (non-empty) the required rule, not patterns (patterns skip empty cells). */
const UNIQUE_PATTERN = 'only';
const NON_EMPTY_PATTERN = '*';

/** Preset expressions compiled once (src/shared/validate-presets.ts is the one table of presets). */
const presetRegExps = new Map<string, RegExp>();
function presetRegExp(name: keyof typeof PATTERN_PRESETS): RegExp {
  let re = presetRegExps.get(name);
  if (!re) presetRegExps.set(name, (re = new RegExp(PATTERN_PRESETS[name].pattern, 'u')));
  return re;
}

interface CompiledRule {
  kind: Kind;
  message: string;
  re?: RegExp;
  numeric?: (n: number) => boolean | undefined;
  check?: Check;
  handler?: RuleHandler;
}

/**
 * What a cell check sees. The text of a non-string value is made only when a rule needs it (turning
 * numbers into text is the costliest step of a pass over 10,000 rows); `dup` counts the values of the
 * column over all rows (unique rules only).
 */
interface CellInput {
  value: unknown;
  /** The value's text once known (strings are their own text). */
  text: string | null;
  empty: boolean;
  rows: readonly Row[];
  rowIndex: number;
  dup: Map<string, number> | undefined;
}
/** A column's rules folded into one function: the first failing rule's message, or undefined. */
type CellCheck = (cell: CellInput) => string | undefined;

const textOf = (c: CellInput): string => c.text ?? (c.text = cellText(c.value));

function isEmptyValue(value: unknown): boolean {
  if (typeof value === 'string') return value === '';
  if (typeof value === 'number') return !Number.isFinite(value);
  return cellText(value) === '';
}

/** The longest numbers whose text has no exponent (String(1e21) is '1e+21'). */
const PLAIN_MAX = 1e21;
const PLAIN_MIN = 1e-6;
/**
 * Number presets answered from the number itself, the same verdict the expression would give on its
 * text; undefined hands the number to the expression.
 */
const NUMERIC_PRESETS: Partial<Record<string, (n: number) => boolean | undefined>> = {
  n: (n) => (Math.abs(n) < PLAIN_MAX && (n === 0 || Math.abs(n) >= PLAIN_MIN) ? true : undefined),
  z: (n) => (Math.abs(n) < PLAIN_MAX ? Number.isInteger(n) : undefined),
  money: (n) => (Number.isInteger(n) && n >= 0 && n < PLAIN_MAX ? true : undefined),
};

interface CompiledColumn {
  column: EditableColumn;
  key: string;
  check: CellCheck;
  hasUnique: boolean;
}

const PASS: CellCheck = () => undefined;

/**
 * One rule in front of the rest: fails with its message or hands the cell on. Folding the rules of a
 * column this way gives the engine one small closure chain per column, which V8 inlines; the cell loop
 * then stays monomorphic.
 */
function chain(r: CompiledRule, column: EditableColumn, next: CellCheck): CellCheck {
  const message = r.message;
  switch (r.kind) {
    case 'required':
      return (c) => (c.empty ? message : next(c));
    case 'unique':
      return (c) => (!c.empty && (c.dup?.get(textOf(c)) ?? 0) > 1 ? message : next(c));
    case 'pattern': {
      const re = r.re as RegExp;
      const numeric = r.numeric;
      return (c) => {
        if (c.empty) return next(c);
        if (numeric && typeof c.value === 'number') {
          const verdict = numeric(c.value);
          if (verdict !== undefined) return verdict ? next(c) : message;
        }
        return re.test(textOf(c)) ? next(c) : message;
      };
    }
    case 'handler': {
      if (r.check) {
        const check = r.check;
        return (c) => {
          const failed = check(c.value);
          return failed ? message || failed : next(c);
        };
      }
      const handler = r.handler as RuleHandler;
      return (c) => {
        const ctx: HandlerContext = {
          value: c.value,
          row: c.rows[c.rowIndex],
          rowIndex: c.rowIndex,
          column,
          rows: c.rows,
        };
        const res = handler(ctx);
        if (res === false) return message;
        if (typeof res === 'string' && res) return fillTemplate(res, column);
        return next(c);
      };
    }
  }
}

export interface ValidationResult {
  /** Every failing cell, by row then column order. */
  errors: CellError[];
}

export interface CompiledRules {
  /** Columns that have at least one rule. */
  readonly ruledKeys: readonly string[];
  /** Column keys whose rules compare rows with each other (unique). */
  readonly uniqueKeys: readonly string[];
  validateAll(rows: readonly Row[]): ValidationResult;
  /** The message of one cell, or undefined when it passes. */
  validateCell(rows: readonly Row[], rowIndex: number, key: string): string | undefined;
}

/** `${title}`, `${key}` and `${defaultValue}` in placeholders and messages (plain text replacement). */
export function fillTemplate(
  text: string,
  column: Pick<EditableColumn, 'title' | 'key' | 'defaultValue'>,
): string {
  if (!text.includes('${')) return text;
  return text
    .replace(/\$\{title\}/g, column.title ?? '')
    .replace(/\$\{key\}/g, column.key ?? '')
    .replace(/\$\{defaultValue\}/g, column.defaultValue === undefined ? '' : String(column.defaultValue));
}

function compileRule(
  column: EditableColumn,
  rule: ValidateRule,
  handlers: Record<string, RuleHandler>,
): CompiledRule | null {
  const msg = t.editable.rules;
  const message = (fallback: string) => fillTemplate(rule.message || fallback, column);
  if (rule.required) return { kind: 'required', message: message(msg.required) };
  if (rule.unique || rule.pattern === UNIQUE_PATTERN) return { kind: 'unique', message: message(msg.unique) };
  if (rule.pattern === NON_EMPTY_PATTERN)
    return { kind: 'required', message: message(PATTERN_PRESETS['*'].message) };
  if (rule.pattern) {
    if (isPreset(rule.pattern))
      return {
        kind: 'pattern',
        re: presetRegExp(rule.pattern),
        numeric: NUMERIC_PRESETS[rule.pattern],
        message: message(PATTERN_PRESETS[rule.pattern].message),
      };
    let re: RegExp;
    try {
      // A definition's own expression (checked with the same flag by the definition check); the RegExp
      // constructor compiles a pattern, it does not run code.
      re = new RegExp(rule.pattern, 'u');
    } catch {
      throw new Error(t.editable.table.badCustomPattern(column.key));
    }
    return { kind: 'pattern', re, message: message(msg.pattern) };
  }
  if (rule.handler) {
    const own = handlers[rule.handler];
    if (own) return { kind: 'handler', handler: own, message: message(msg.handler) };
    const shared = (namedChecks as Record<string, Check>)[rule.handler];
    if (shared) return { kind: 'handler', check: shared, message: rule.message ? message(msg.handler) : '' };
  }
  return null;
}

export function compileRules(
  columns: readonly EditableColumn[],
  handlers: Record<string, RuleHandler> = {},
): CompiledRules {
  const compiled: CompiledColumn[] = [];
  for (const column of columns) {
    const rules = (column.validateRules ?? [])
      .map((r) => compileRule(column, r, handlers))
      .filter((r): r is CompiledRule => r !== null);
    if (!rules.length) continue;
    const check = rules.reduceRight<CellCheck>((next, r) => chain(r, column, next), PASS);
    compiled.push({ column, key: column.key, check, hasUnique: rules.some((r) => r.kind === 'unique') });
  }
  const byKey = new Map(compiled.map((c) => [c.key, c]));
  const uniqueCols = compiled.filter((c) => c.hasUnique);

  // Value counts of unique columns, cached for the rows array they were computed from.
  let countsFor: readonly Row[] | null = null;
  let counts = new Map<string, Map<string, number>>();
  const countsOf = (rows: readonly Row[]) => {
    if (countsFor !== rows) {
      counts = new Map();
      for (const c of uniqueCols) {
        const m = new Map<string, number>();
        for (let i = 0; i < rows.length; i++) {
          const v = cellText(rows[i][c.key]);
          if (v !== '') m.set(v, (m.get(v) ?? 0) + 1);
        }
        counts.set(c.key, m);
      }
      countsFor = rows;
    }
    return counts;
  };

  return {
    ruledKeys: compiled.map((c) => c.key),
    uniqueKeys: uniqueCols.map((c) => c.key),
    validateAll(rows) {
      const all = uniqueCols.length ? countsOf(rows) : counts;
      // Column by column (each inner loop calls one closure chain), then back into row order.
      const found: Array<{ order: number; error: CellError }> = [];
      const width = compiled.length;
      const cell: CellInput = {
        value: undefined,
        text: null,
        empty: true,
        rows,
        rowIndex: 0,
        dup: undefined,
      };
      for (let k = 0; k < width; k++) {
        const { check, key, hasUnique } = compiled[k];
        cell.dup = hasUnique ? all.get(key) : undefined;
        for (let i = 0; i < rows.length; i++) {
          const value = rows[i][key];
          cell.value = value;
          cell.text = typeof value === 'string' ? value : null;
          cell.empty = isEmptyValue(value);
          cell.rowIndex = i;
          const message = check(cell);
          if (message !== undefined)
            found.push({ order: i * width + k, error: { rowIndex: i, rowId: rows[i].id, key, message } });
        }
      }
      found.sort((a, b) => a.order - b.order);
      return { errors: found.map((f) => f.error) };
    },
    validateCell(rows, rowIndex, key) {
      const c = byKey.get(key);
      const row = rows[rowIndex];
      if (!c || !row) return undefined;
      const value = row[key];
      return c.check({
        value,
        text: null,
        empty: isEmptyValue(value),
        rows,
        rowIndex,
        dup: c.hasUnique ? countsOf(rows).get(key) : undefined,
      });
    },
  };
}
