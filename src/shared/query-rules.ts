/**
 * The list query language of the protocol (protocol.md §8.1), shared by the console (super query,
 * query forms) and the server (translation to bound SQL through the entity's known fields).
 */
export const QUERY_RULES = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'like', 'left_like', 'right_like'] as const;
export type QueryRule = (typeof QUERY_RULES)[number] | 'multi_like';

export interface RuleValue {
  rule: QueryRule;
  /** One value, or several for `in` and `multi_like`. */
  value: string | string[];
}

const OPERATORS: Array<[string, QueryRule]> = [
  ['>=', 'ge'],
  ['<=', 'le'],
  ['!=', 'ne'],
  ['>', 'gt'],
  ['<', 'lt'],
  ['=', 'eq'],
];
const WORDS: Record<string, QueryRule> = { ge: 'ge', le: 'le', gt: 'gt', lt: 'lt', ne: 'ne', eq: 'eq' };

/**
 * Reads one filter value: `>= 5` (space optional), `ge 5`, `*abc*` like, `*abc` ends with, `abc*`
 * starts with, `,a,b,` any-of-like, `a,b` in, `!a` not equal, otherwise equality.
 */
export function parseRuleValue(raw: string): RuleValue {
  const text = raw.trim();
  for (const [op, rule] of OPERATORS) if (text.startsWith(op)) return { rule, value: text.slice(op.length).trim() };
  const word = /^(ge|le|gt|lt|ne|eq) (.*)$/.exec(text);
  if (word) return { rule: WORDS[word[1]], value: word[2].trim() };
  if (text === '*') return { rule: 'eq', value: '*' };
  if (text.includes('*')) {
    const starts = text.startsWith('*');
    const ends = text.endsWith('*');
    const inner = text.replace(/^\*+|\*+$/g, '');
    if (starts && ends) return { rule: 'like', value: inner };
    if (starts) return { rule: 'left_like', value: inner };
    if (ends) return { rule: 'right_like', value: inner };
    return { rule: 'like', value: inner };
  }
  if (text.length > 1 && text.startsWith(',') && text.endsWith(',')) {
    return { rule: 'multi_like', value: text.split(',').filter(Boolean) };
  }
  if (text.includes(',')) return { rule: 'in', value: text.split(',').map((s) => s.trim()).filter(Boolean) };
  if (text.startsWith('!')) return { rule: 'ne', value: text.slice(1) };
  return { rule: 'eq', value: text };
}

/** What the console writes in a query field for a rule (inverse of parseRuleValue). */
export function formatRuleValue(rule: QueryRule, value: string | string[]): string {
  const v = Array.isArray(value) ? value.join(',') : value;
  switch (rule) {
    case 'like':
      return `*${v}*`;
    case 'left_like':
      return `*${v}`;
    case 'right_like':
      return `${v}*`;
    case 'ne':
      return `!${v}`;
    case 'ge':
      return `>= ${v}`;
    case 'le':
      return `<= ${v}`;
    case 'gt':
      return `> ${v}`;
    case 'lt':
      return `< ${v}`;
    case 'multi_like':
      return `,${v},`;
    default:
      return v;
  }
}

/** One condition of the advanced query (`superQueryParams`). */
export interface SuperQueryCondition {
  field: string;
  rule: string;
  val: string;
  type?: string;
  dbType?: string;
}

/** Decodes `superQueryParams`, which clients send URI-encoded once or twice. */
export function decodeSuperQuery(raw: string): unknown {
  let text = raw;
  for (let i = 0; i < 3; i++) {
    try {
      return JSON.parse(text);
    } catch {
      try {
        const next = decodeURIComponent(text);
        if (next === text) break;
        text = next;
      } catch {
        break;
      }
    }
  }
  return undefined;
}
