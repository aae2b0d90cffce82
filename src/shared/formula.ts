/**
 * The formula language of computed fields (entity `formula`, form `x-compute`) and of conditions (entity
 * `checks`, automatic transitions, push-down `where`): parsed once into an AST by a tokenizer and a
 * recursive-descent parser (never eval), evaluated with decimal.js so money does not drift (0.1 + 0.2 =
 * 0.3). Server and console share it, so a form shows what the server will store.
 *
 *   cond    := and ('or' and)*
 *   and     := not ('and' not)*
 *   not     := 'not' not | compare
 *   compare := expr (('=' | '!=' | '<' | '<=' | '>' | '>=') expr)?
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := '-' unary | primary
 *   primary := number | 'text' | name | '(' cond ')' | call
 *   call    := round(cond, int) | abs(cond) | min(cond, cond) | max(cond, cond) | if(cond, cond, cond)
 *            | daysSince(name) | addDays(cond, cond) | sum(child.field) | count(child) | min(child.field)
 *            | max(child.field) | last(child.field)
 *   name    := field | 'each.' field | formField '.' key
 *              (each.: the row a trigger's `each` walks, in its create values; formField.key: a value of a
 *              form document, in a trigger's condition and values)
 *
 * A comparison, and, or, not are 1 or 0; a condition holds when its value is neither 0 nor empty.
 */
import Decimal from 'decimal.js';
import { addCalendarDays, formatDate } from './time.js';

/** Enough digits for any numeric(38, s) product; results are rounded half-up to the field's scale. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export type AggregateFn = 'sum' | 'count' | 'min' | 'max' | 'last';
export type ScalarFn = 'round' | 'abs' | 'min' | 'max';
export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

/** A node of a parsed formula; `pos` is the 0-based offset of its first character in the text. */
export type FormulaNode =
  | { kind: 'number'; value: string; pos: number }
  | { kind: 'field'; name: string; pos: number }
  | { kind: 'negate'; operand: FormulaNode; pos: number }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode; pos: number }
  | { kind: 'call'; fn: ScalarFn; args: FormulaNode[]; pos: number }
  /** A quoted literal ('3'): compared as text with what it meets. */
  | { kind: 'string'; value: string; pos: number }
  | { kind: 'compare'; op: CompareOp; left: FormulaNode; right: FormulaNode; pos: number }
  | { kind: 'logical'; op: 'and' | 'or'; left: FormulaNode; right: FormulaNode; pos: number }
  | { kind: 'not'; operand: FormulaNode; pos: number }
  | { kind: 'if'; cond: FormulaNode; then: FormulaNode; otherwise: FormulaNode; pos: number }
  /** Whole days from a date field to today (time-dependent: only `live` fields may use it). */
  | { kind: 'daysSince'; field: string; pos: number }
  /** The date `days` whole days after `date` ('YYYY-MM-DD' text; empty when either is empty). */
  | { kind: 'addDays'; date: FormulaNode; days: FormulaNode; pos: number }
  /** A roll-up over the rows of a child entity; `field` is null for count. */
  | { kind: 'aggregate'; fn: AggregateFn; entity: string; field: string | null; pos: number };

/** A formula that does not parse; `position` is the 0-based offset the message is about. */
export class FormulaError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(`公式第 ${position + 1} 个字符处${message}`);
    this.name = 'FormulaError';
  }
}

type Token =
  | { type: 'number'; text: string; pos: number }
  | { type: 'name'; text: string; pos: number }
  | { type: 'string'; text: string; pos: number }
  | { type: 'punct'; text: '+' | '-' | '*' | '/' | '(' | ')' | ',' | '.'; pos: number }
  | { type: 'compare'; text: CompareOp; pos: number }
  | { type: 'end'; text: ''; pos: number };

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /\d+(\.\d+)?/y;
/** Two-character operators first; `''` inside a literal is one quote. */
const COMPARE = /!=|<=|>=|=|<|>/y;
const STRING = /'((?:[^']|'')*)'/y;
const KEYWORDS = new Set(['and', 'or', 'not']);
/** The prefix of the fields of the row a trigger's `each` walks (each.dayOffset). */
export const EACH = 'each';

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    if (c === "'") {
      STRING.lastIndex = i;
      const str = STRING.exec(text);
      if (!str) throw new FormulaError('文本缺少结尾的单引号', i);
      out.push({ type: 'string', text: str[1].replace(/''/g, "'"), pos: i });
      i += str[0].length;
      continue;
    }
    NUMBER.lastIndex = i;
    NAME.lastIndex = i;
    COMPARE.lastIndex = i;
    const num = NUMBER.exec(text);
    const name = num ? null : NAME.exec(text);
    const cmp = num || name ? null : COMPARE.exec(text);
    if (num) out.push({ type: 'number', text: num[0], pos: i });
    else if (name) out.push({ type: 'name', text: name[0], pos: i });
    else if (cmp) out.push({ type: 'compare', text: cmp[0] as CompareOp, pos: i });
    else if ('+-*/(),.'.includes(c)) out.push({ type: 'punct', text: c as '+', pos: i });
    else throw new FormulaError(`不能识别的字符“${c}”`, i);
    i += num?.[0].length ?? name?.[0].length ?? cmp?.[0].length ?? 1;
  }
  out.push({ type: 'end', text: '', pos: text.length });
  return out;
}

const SCALAR_ARITY: Record<ScalarFn, number> = { round: 2, abs: 1, min: 2, max: 2 };
const isAggregate = (name: string): name is AggregateFn =>
  ['sum', 'count', 'min', 'max', 'last'].includes(name);
const isScalar = (name: string): name is ScalarFn => name in SCALAR_ARITY;

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private get next(): Token {
    return this.tokens[this.i];
  }
  private peek(offset: number): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)];
  }
  private take(): Token {
    const t = this.tokens[this.i];
    if (t.type !== 'end') this.i += 1;
    return t;
  }
  private isPunct(text: string, t = this.next) {
    return t.type === 'punct' && t.text === text;
  }
  private isKeyword(word: string) {
    return this.next.type === 'name' && this.next.text === word;
  }
  private expect(text: string, what: string) {
    if (!this.isPunct(text)) throw this.unexpected(what);
    this.take();
  }
  private unexpected(what: string): FormulaError {
    const t = this.next;
    return new FormulaError(
      t.type === 'end' ? `不完整，缺少${what}` : `应为${what}，不应是“${t.text}”`,
      t.pos,
    );
  }

  formula(): FormulaNode {
    if (this.next.type === 'end') throw new FormulaError('公式为空', 0);
    const node = this.cond();
    if (this.peek(0).type !== 'end') throw this.unexpected('运算符');
    return node;
  }

  private cond(): FormulaNode {
    let left = this.and();
    while (this.isKeyword('or')) {
      const pos = this.take().pos;
      left = { kind: 'logical', op: 'or', left, right: this.and(), pos };
    }
    return left;
  }

  private and(): FormulaNode {
    let left = this.not();
    while (this.isKeyword('and')) {
      const pos = this.take().pos;
      left = { kind: 'logical', op: 'and', left, right: this.not(), pos };
    }
    return left;
  }

  private not(): FormulaNode {
    if (this.isKeyword('not')) {
      const pos = this.take().pos;
      return { kind: 'not', operand: this.not(), pos };
    }
    return this.compare();
  }

  private compare(): FormulaNode {
    const left = this.expr();
    const op = this.next;
    if (op.type !== 'compare') return left;
    this.take();
    const node: FormulaNode = { kind: 'compare', op: op.text, left, right: this.expr(), pos: op.pos };
    // a < b < c reads as a chain in mathematics but would compare 1/0 with c here: refused.
    if (this.next.type === 'compare') throw new FormulaError('比较不能连写，请用 and 连接', this.next.pos);
    return node;
  }

  private expr(): FormulaNode {
    let left = this.term();
    while (this.isPunct('+') || this.isPunct('-')) {
      const op = this.take();
      left = { kind: 'binary', op: op.text as '+', left, right: this.term(), pos: op.pos };
    }
    return left;
  }

  private term(): FormulaNode {
    let left = this.unary();
    while (this.isPunct('*') || this.isPunct('/')) {
      const op = this.take();
      left = { kind: 'binary', op: op.text as '*', left, right: this.unary(), pos: op.pos };
    }
    return left;
  }

  private unary(): FormulaNode {
    if (this.isPunct('-')) {
      const pos = this.take().pos;
      return { kind: 'negate', operand: this.unary(), pos };
    }
    return this.primary();
  }

  private primary(): FormulaNode {
    const t = this.next;
    if (t.type === 'number') {
      this.take();
      return { kind: 'number', value: t.text, pos: t.pos };
    }
    if (t.type === 'string') {
      this.take();
      return { kind: 'string', value: t.text, pos: t.pos };
    }
    if (this.isPunct('(')) {
      this.take();
      const inner = this.cond();
      this.expect(')', '右括号“)”');
      return inner;
    }
    if (t.type !== 'name' || KEYWORDS.has(t.text)) throw this.unexpected('数字、字段名或“(”');
    this.take();
    if (!this.isPunct('(')) {
      // A dotted name is one field as its reader sees it: each.<field>, <form field>.<key>; whoever reads
      // the formula says which it knows (an unknown one is a definition error like any unknown field).
      if (this.isPunct('.')) {
        this.take();
        const f = this.take();
        if (f.type !== 'name' || KEYWORDS.has(f.text)) throw new FormulaError(`${t.text}. 后应为字段名`, f.pos);
        return { kind: 'field', name: `${t.text}.${f.text}`, pos: t.pos };
      }
      return { kind: 'field', name: t.text, pos: t.pos };
    }
    this.take();
    return this.call(t.text, t.pos);
  }

  private call(fn: string, pos: number): FormulaNode {
    // min/max with one dotted argument are roll-ups, with two arguments the smaller/larger of two values.
    const dotted = this.next.type === 'name' && this.isPunct('.', this.peek(1));
    if (fn === 'count' || fn === 'sum' || fn === 'last' || (isAggregate(fn) && dotted))
      return this.aggregate(fn, pos);
    if (fn === 'daysSince') return this.daysSince(pos);
    if (fn === 'addDays') return this.addDays(pos);
    if (fn !== 'if' && !isScalar(fn)) throw new FormulaError(`未知的函数“${fn}”`, pos);
    const args = [this.cond()];
    while (this.isPunct(',')) {
      this.take();
      args.push(this.cond());
    }
    if (fn === 'if') {
      if (args.length !== 3)
        throw new FormulaError('函数 if 需要 3 个参数（条件, 成立时的值, 不成立时的值）', pos);
      this.expect(')', '右括号“)”');
      return { kind: 'if', cond: args[0], then: args[1], otherwise: args[2], pos };
    }
    if (args.length !== SCALAR_ARITY[fn])
      throw new FormulaError(`函数 ${fn} 需要 ${SCALAR_ARITY[fn]} 个参数`, pos);
    this.expect(')', '右括号“)”');
    if (fn === 'round') {
      const digits = args[1];
      if (digits.kind !== 'number' || digits.value.includes('.') || Number(digits.value) > 20)
        throw new FormulaError('round 的小数位数应为 0 到 20 的整数', digits.pos);
    }
    return { kind: 'call', fn, args, pos };
  }

  private daysSince(pos: number): FormulaNode {
    const f = this.take();
    if (f.type !== 'name' || KEYWORDS.has(f.text))
      throw new FormulaError('daysSince 的参数应为一个日期字段名', f.pos);
    this.expect(')', '右括号“)”');
    return { kind: 'daysSince', field: f.text, pos };
  }

  private addDays(pos: number): FormulaNode {
    const date = this.cond();
    this.expect(',', '“,”（addDays(日期, 天数)）');
    const days = this.cond();
    this.expect(')', '右括号“)”');
    return { kind: 'addDays', date, days, pos };
  }

  private aggregate(fn: AggregateFn, pos: number): FormulaNode {
    const entity = this.take();
    if (entity.type !== 'name') throw new FormulaError(`${fn} 的参数应为子表实体编码`, entity.pos);
    let field: string | null = null;
    if (fn !== 'count') {
      this.expect('.', `“.字段名”（${fn}(子表.字段)）`);
      const f = this.take();
      if (f.type !== 'name') throw new FormulaError(`${fn} 的参数应为“子表.字段”`, f.pos);
      field = f.text;
    }
    this.expect(')', '右括号“)”');
    return { kind: 'aggregate', fn, entity: entity.text, field, pos };
  }
}

/** Parses a formula; a mistake throws a FormulaError naming its position (公式第 n 个字符处…). */
export function parseFormula(text: string): FormulaNode {
  return new Parser(tokenize(text)).formula();
}

/** What a formula reads: the row's own fields and the child entities (and their fields) it rolls up. */
export interface FormulaDependencies {
  fields: string[];
  children: Array<{ fn: AggregateFn; entity: string; field: string | null; pos: number }>;
}

/** Every node of a formula, depth first. */
export function formulaNodes(node: FormulaNode): FormulaNode[] {
  switch (node.kind) {
    case 'negate':
    case 'not':
      return [node, ...formulaNodes(node.operand)];
    case 'binary':
    case 'compare':
    case 'logical':
      return [node, ...formulaNodes(node.left), ...formulaNodes(node.right)];
    case 'call':
      return [node, ...node.args.flatMap(formulaNodes)];
    case 'if':
      return [node, ...formulaNodes(node.cond), ...formulaNodes(node.then), ...formulaNodes(node.otherwise)];
    case 'addDays':
      return [node, ...formulaNodes(node.date), ...formulaNodes(node.days)];
    default:
      return [node];
  }
}

export function formulaDependencies(ast: FormulaNode): FormulaDependencies {
  const fields = new Set<string>();
  const children: FormulaDependencies['children'] = [];
  for (const n of formulaNodes(ast)) {
    if (n.kind === 'field' || n.kind === 'daysSince') fields.add(n.kind === 'field' ? n.name : n.field);
    if (n.kind === 'aggregate') children.push({ fn: n.fn, entity: n.entity, field: n.field, pos: n.pos });
  }
  return { fields: [...fields], children };
}

/**
 * How a formula uses each field it reads, for the definition check: 'number' in arithmetic, 'date' as
 * the argument of daysSince, 'any' where any value makes sense (a comparison's side, a condition).
 */
export type FieldUse = { name: string; pos: number; use: 'number' | 'date' | 'any' };

export function fieldUses(ast: FormulaNode): FieldUse[] {
  const out: FieldUse[] = [];
  const visit = (n: FormulaNode, loose: boolean) => {
    switch (n.kind) {
      case 'field':
        out.push({ name: n.name, pos: n.pos, use: loose ? 'any' : 'number' });
        return;
      case 'daysSince':
        out.push({ name: n.field, pos: n.pos, use: 'date' });
        return;
      case 'addDays':
        if (n.date.kind === 'field') out.push({ name: n.date.name, pos: n.date.pos, use: 'date' });
        else visit(n.date, true);
        visit(n.days, false);
        return;
      case 'compare':
      case 'logical':
        visit(n.left, true);
        visit(n.right, true);
        return;
      case 'not':
        visit(n.operand, true);
        return;
      case 'if':
        visit(n.cond, true);
        visit(n.then, loose);
        visit(n.otherwise, loose);
        return;
      case 'negate':
        visit(n.operand, false);
        return;
      case 'binary':
        visit(n.left, false);
        visit(n.right, false);
        return;
      case 'call':
        n.args.forEach((a) => visit(a, false));
        return;
      default:
        return;
    }
  };
  visit(ast, false);
  return out;
}

export type FormulaRow = Record<string, unknown>;
/** The value of one roll-up, when the caller aggregated already (the server, with SQL). */
export type AggregateLookup = (fn: AggregateFn, entity: string, field: string | null) => unknown;
/** Child rows by child entity code (a form's tables), or the roll-ups computed elsewhere. */
export type FormulaChildren = Record<string, FormulaRow[] | undefined> | AggregateLookup;

/** A value as a decimal, or null when empty or not a number. */
export function toDecimal(v: unknown): Dec | null {
  if (typeof v === 'number') return Number.isFinite(v) ? new D(v) : null;
  if (typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)) return new D(v.trim());
  if (Decimal.isDecimal(v)) return new D(v as Decimal);
  return null;
}

function aggregateRows(fn: AggregateFn, rows: FormulaRow[], field: string | null): Dec | null {
  if (fn === 'count') return new D(rows.length);
  const values = rows.map((r) => toDecimal(field ? r[field] : null));
  // An empty value counts as 0 in a sum; min and max look at the filled values only.
  if (fn === 'sum') return values.reduce<Dec>((s, v) => s.plus(v ?? 0), new D(0));
  // Rows as given are in no particular order: the newest row is the server's to find (by the entity's
  // defaultSort), so forms do not recompute `last` (page-derive/form.ts) and this takes the final row.
  if (fn === 'last') return values.length ? values[values.length - 1] : null;
  const filled = values.filter((v): v is Dec => v !== null);
  if (!filled.length) return null;
  return fn === 'min' ? D.min(...filled) : D.max(...filled);
}

/** A value while evaluating: a number, a text (a literal or a non-numeric field), or empty. */
type Value = Dec | string | null;

const num = (v: Value): Dec | null => (typeof v === 'string' ? toDecimal(v) : v);
const isEmpty = (v: unknown) => v === null || v === undefined || v === '';

/** Non-zero and non-empty. */
const truthy = (v: Value) => (typeof v === 'string' ? v !== '' : v !== null && !v.isZero());

/** A field value as text: a date as its wall-clock text, empty as ''. */
function textOf(v: unknown): string {
  if (isEmpty(v)) return '';
  if (v instanceof Date) return formatDate(v.getTime());
  return String(v);
}

const ORDER: Record<CompareOp, (c: number) => boolean> = {
  '=': (c) => c === 0,
  '!=': (c) => c !== 0,
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
};

/** A comparison side as it is: a field's stored value (so '03' stays '03' against a text literal). */
function side(node: FormulaNode, row: FormulaRow, children: FormulaChildren): unknown {
  return node.kind === 'field' ? row[node.name] : evaluate(node, row, children);
}

/**
 * Numbers (empty counts as 0) compare exactly as decimals; with a quoted literal on either side, or a
 * value that is not a number, both sides compare as text.
 */
function compare(
  node: Extract<FormulaNode, { kind: 'compare' }>,
  row: FormulaRow,
  children: FormulaChildren,
) {
  const a = side(node.left, row, children);
  const b = side(node.right, row, children);
  const textual = node.left.kind === 'string' || node.right.kind === 'string';
  const x = toDecimal(a);
  const y = toDecimal(b);
  if (!textual && (x || isEmpty(a)) && (y || isEmpty(b)))
    return ORDER[node.op]((x ?? new D(0)).comparedTo(y ?? 0));
  const s = textOf(Decimal.isDecimal(a) ? (a as Dec).toString() : a);
  const t = textOf(Decimal.isDecimal(b) ? (b as Dec).toString() : b);
  return ORDER[node.op](s === t ? 0 : s < t ? -1 : 1);
}

const DAY_MS = 86_400_000;

/** Whole calendar days from a date (`YYYY-MM-DD…` or a Date) to today in the configured time zone. */
function daysSince(v: unknown): Dec | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(textOf(v));
  if (!m) return null;
  const [ty, tm, td] = formatDate().split('-').map(Number);
  return new D((Date.UTC(ty, tm - 1, td) - Date.UTC(+m[1], +m[2] - 1, +m[3])) / DAY_MS);
}

function addDays(date: Value, days: Dec | null): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(textOf(date));
  if (!m || days === null) return null;
  return addCalendarDays(`${m[1]}-${m[2]}-${m[3]}`, days.truncated().toNumber());
}

function evaluate(node: FormulaNode, row: FormulaRow, children: FormulaChildren): Value {
  switch (node.kind) {
    case 'number':
      return new D(node.value);
    case 'string':
      return node.value;
    case 'field': {
      // A plain read (no own-property test): a form's reactive values track it. A text that is not a
      // number stays text (a condition on it); anything else that is not a number (a function, an
      // object) is empty.
      const raw = row[node.name];
      return toDecimal(raw) ?? (typeof raw === 'string' && raw !== '' ? raw : null);
    }
    case 'negate': {
      const v = num(evaluate(node.operand, row, children));
      return v && v.negated();
    }
    case 'binary': {
      const a = num(evaluate(node.left, row, children));
      const b = num(evaluate(node.right, row, children));
      // An empty operand counts as 0 in a sum or difference and leaves a product or quotient empty.
      if (node.op === '+') return (a ?? new D(0)).plus(b ?? 0);
      if (node.op === '-') return (a ?? new D(0)).minus(b ?? 0);
      if (a === null || b === null) return null;
      if (node.op === '*') return a.times(b);
      return b.isZero() ? null : a.dividedBy(b);
    }
    case 'call': {
      const [a, b] = node.args.map((n) => num(evaluate(n, row, children)));
      if (node.fn === 'abs') return a && a.abs();
      if (node.fn === 'round')
        return a && a.toDecimalPlaces(Number((node.args[1] as { value: string }).value));
      // min/max of two values: an empty one is left out.
      if (a === null || b === null) return a ?? b;
      return node.fn === 'min' ? D.min(a, b) : D.max(a, b);
    }
    case 'aggregate': {
      if (typeof children === 'function') return toDecimal(children(node.fn, node.entity, node.field));
      const rows = children[node.entity];
      return aggregateRows(node.fn, Array.isArray(rows) ? rows : [], node.field);
    }
    case 'compare':
      return new D(compare(node, row, children) ? 1 : 0);
    case 'logical': {
      const left = truthy(evaluate(node.left, row, children));
      const holds =
        node.op === 'and'
          ? left && truthy(evaluate(node.right, row, children))
          : left || truthy(evaluate(node.right, row, children));
      return new D(holds ? 1 : 0);
    }
    case 'not':
      return new D(truthy(evaluate(node.operand, row, children)) ? 0 : 1);
    case 'if':
      return evaluate(truthy(evaluate(node.cond, row, children)) ? node.then : node.otherwise, row, children);
    case 'daysSince':
      return daysSince(row[node.field]);
    case 'addDays':
      return addDays(evaluate(node.date, row, children), num(evaluate(node.days, row, children)));
  }
}

/**
 * Evaluates a parsed formula over a row (and its child rows for roll-ups): a number rounded half-up to
 * `scale` digits (none given: unrounded), or null when the result is empty (a product with an empty
 * operand, a division by zero).
 */
export function evaluateFormula(
  ast: FormulaNode,
  row: FormulaRow,
  children: FormulaChildren = {},
  scale?: number,
): number | null {
  const v = num(evaluate(ast, row, children));
  if (v === null) return null;
  return (scale === undefined ? v : v.toDecimalPlaces(scale)).toNumber();
}

const conditions = new Map<string, FormulaNode>();

/**
 * Parses a condition (check rule, automatic transition, push-down `where`): the formula syntax, parsed
 * once per text and shared, so callers must not change the tree. Throws a FormulaError like parseFormula.
 */
export function parseCondition(text: string): FormulaNode {
  let ast = conditions.get(text);
  if (!ast) {
    ast = parseFormula(text);
    if (conditions.size > 1000) conditions.clear();
    conditions.set(text, ast);
  }
  return ast;
}

/** Whether a condition holds for a row: its value is neither 0 nor empty. */
export function evaluateCondition(
  ast: FormulaNode,
  row: FormulaRow,
  children: FormulaChildren = {},
): boolean {
  return truthy(evaluate(ast, row, children));
}

/**
 * A formula's value as it is (a trigger's values copy a ref id or a dictionary value, not only numbers):
 * a number, a text (a literal, a non-numeric field, an if() choosing texts), or null when empty.
 */
export function evaluateValue(
  ast: FormulaNode,
  row: FormulaRow,
  children: FormulaChildren = {},
): number | string | null {
  // A plain field is copied as stored: an id or a code of digits must not turn into a number.
  if (ast.kind === 'field') return isEmpty(row[ast.name]) ? null : textOf(row[ast.name]);
  const v = evaluate(ast, row, children);
  return v === null || typeof v === 'string' ? v : v.toNumber();
}
