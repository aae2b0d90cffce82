/**
 * The formula language of computed fields (entity `formula`, form `x-compute`): parsed once into an AST
 * by a tokenizer and a recursive-descent parser (never eval), evaluated with decimal.js so money does not
 * drift (0.1 + 0.2 = 0.3). Server and console share it, so a form shows what the server will store.
 *
 *   expr    := term (('+' | '-') term)*
 *   term    := unary (('*' | '/') unary)*
 *   unary   := '-' unary | primary
 *   primary := number | name | '(' expr ')' | call
 *   call    := round(expr, int) | abs(expr) | min(expr, expr) | max(expr, expr)
 *            | sum(child.field) | count(child) | min(child.field) | max(child.field)
 */
import Decimal from 'decimal.js';

/** Enough digits for any numeric(38, s) product; results are rounded half-up to the field's scale. */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
type Dec = InstanceType<typeof D>;

export type AggregateFn = 'sum' | 'count' | 'min' | 'max';
export type ScalarFn = 'round' | 'abs' | 'min' | 'max';

/** A node of a parsed formula; `pos` is the 0-based offset of its first character in the text. */
export type FormulaNode =
  | { kind: 'number'; value: string; pos: number }
  | { kind: 'field'; name: string; pos: number }
  | { kind: 'negate'; operand: FormulaNode; pos: number }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode; pos: number }
  | { kind: 'call'; fn: ScalarFn; args: FormulaNode[]; pos: number }
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
  | { type: 'punct'; text: '+' | '-' | '*' | '/' | '(' | ')' | ',' | '.'; pos: number }
  | { type: 'end'; text: ''; pos: number };

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /\d+(\.\d+)?/y;

function tokenize(text: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i += 1;
      continue;
    }
    NUMBER.lastIndex = i;
    NAME.lastIndex = i;
    const num = NUMBER.exec(text);
    const name = num ? null : NAME.exec(text);
    if (num) out.push({ type: 'number', text: num[0], pos: i });
    else if (name) out.push({ type: 'name', text: name[0], pos: i });
    else if ('+-*/(),.'.includes(c)) out.push({ type: 'punct', text: c as '+', pos: i });
    else throw new FormulaError(`不能识别的字符“${c}”`, i);
    i += num?.[0].length ?? name?.[0].length ?? 1;
  }
  out.push({ type: 'end', text: '', pos: text.length });
  return out;
}

const SCALAR_ARITY: Record<ScalarFn, number> = { round: 2, abs: 1, min: 2, max: 2 };
const isAggregate = (name: string): name is AggregateFn => ['sum', 'count', 'min', 'max'].includes(name);
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
  private expect(text: string, what: string) {
    if (!this.isPunct(text)) throw this.unexpected(what);
    this.take();
  }
  private unexpected(what: string): FormulaError {
    const t = this.next;
    return new FormulaError(t.type === 'end' ? `不完整，缺少${what}` : `应为${what}，不应是“${t.text}”`, t.pos);
  }

  formula(): FormulaNode {
    if (this.next.type === 'end') throw new FormulaError('公式为空', 0);
    const node = this.expr();
    if (this.peek(0).type !== 'end') throw this.unexpected('运算符');
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
    if (this.isPunct('(')) {
      this.take();
      const inner = this.expr();
      this.expect(')', '右括号“)”');
      return inner;
    }
    if (t.type !== 'name') throw this.unexpected('数字、字段名或“(”');
    this.take();
    if (!this.isPunct('(')) {
      if (this.isPunct('.')) throw new FormulaError(`“${t.text}.…”只能用在 sum、count、min、max 中`, t.pos);
      return { kind: 'field', name: t.text, pos: t.pos };
    }
    this.take();
    return this.call(t.text, t.pos);
  }

  private call(fn: string, pos: number): FormulaNode {
    // min/max with one dotted argument are roll-ups, with two arguments the smaller/larger of two values.
    const dotted = this.next.type === 'name' && this.isPunct('.', this.peek(1));
    if (fn === 'count' || fn === 'sum' || (isAggregate(fn) && dotted)) return this.aggregate(fn, pos);
    if (!isScalar(fn)) throw new FormulaError(`未知的函数“${fn}”`, pos);
    const args = [this.expr()];
    while (this.isPunct(',')) {
      this.take();
      args.push(this.expr());
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
      return [node, ...formulaNodes(node.operand)];
    case 'binary':
      return [node, ...formulaNodes(node.left), ...formulaNodes(node.right)];
    case 'call':
      return [node, ...node.args.flatMap(formulaNodes)];
    default:
      return [node];
  }
}

export function formulaDependencies(ast: FormulaNode): FormulaDependencies {
  const fields = new Set<string>();
  const children: FormulaDependencies['children'] = [];
  for (const n of formulaNodes(ast)) {
    if (n.kind === 'field') fields.add(n.name);
    if (n.kind === 'aggregate') children.push({ fn: n.fn, entity: n.entity, field: n.field, pos: n.pos });
  }
  return { fields: [...fields], children };
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
  const filled = values.filter((v): v is Dec => v !== null);
  if (!filled.length) return null;
  return fn === 'min' ? D.min(...filled) : D.max(...filled);
}

function evaluate(node: FormulaNode, row: FormulaRow, children: FormulaChildren): Dec | null {
  switch (node.kind) {
    case 'number':
      return new D(node.value);
    case 'field':
      // A plain read (no own-property test): a form's reactive values track it. Anything that is not a
      // number or numeric text (an inherited function, an object) is empty.
      return toDecimal(row[node.name]);
    case 'negate': {
      const v = evaluate(node.operand, row, children);
      return v && v.negated();
    }
    case 'binary': {
      const a = evaluate(node.left, row, children);
      const b = evaluate(node.right, row, children);
      // An empty operand counts as 0 in a sum or difference and leaves a product or quotient empty.
      if (node.op === '+') return (a ?? new D(0)).plus(b ?? 0);
      if (node.op === '-') return (a ?? new D(0)).minus(b ?? 0);
      if (a === null || b === null) return null;
      if (node.op === '*') return a.times(b);
      return b.isZero() ? null : a.dividedBy(b);
    }
    case 'call': {
      const [a, b] = node.args.map((n) => evaluate(n, row, children));
      if (node.fn === 'abs') return a && a.abs();
      if (node.fn === 'round') return a && a.toDecimalPlaces(Number((node.args[1] as { value: string }).value));
      // min/max of two values: an empty one is left out.
      if (a === null || b === null) return a ?? b;
      return node.fn === 'min' ? D.min(a, b) : D.max(a, b);
    }
    case 'aggregate': {
      if (typeof children === 'function') return toDecimal(children(node.fn, node.entity, node.field));
      const rows = children[node.entity];
      return aggregateRows(node.fn, Array.isArray(rows) ? rows : [], node.field);
    }
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
  const v = evaluate(ast, row, children);
  if (v === null) return null;
  return (scale === undefined ? v : v.toDecimalPlaces(scale)).toNumber();
}
