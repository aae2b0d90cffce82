import vm from 'node:vm';
import { NESTED_QUANTIFIER, NESTED_QUANTIFIER_MESSAGE } from '../../../shared/safe-pattern.js';

/**
 * Code-check rules (protocol §11.2): a JSON array of `{digits, pattern, message}`. A numeric `digits`
 * takes that many characters from where the previous rule stopped; `*` tests the whole value without
 * advancing. Each slice must match the whole pattern. Patterns are written by administrators, so they
 * are bounded and screened for nested quantifiers, values are bounded, and every match runs under a
 * time limit, so a pattern with catastrophic backtracking cannot stall the server.
 */
export interface CheckRule {
  digits: string;
  pattern: string;
  message: string;
}

export interface RuleFailure extends CheckRule {
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
}

export const MAX_RULES = 20;
export const MAX_PATTERN_LENGTH = 200;
export const MAX_VALUE_LENGTH = 500;

/** Parses and checks a rule list; the message names what is wrong, in Chinese. */
export function parseRules(json: string): { rules: CheckRule[] } | { error: string } {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { error: '规则内容必须是 JSON 数组' };
  }
  if (!Array.isArray(data) || data.length === 0) return { error: '规则内容必须是非空 JSON 数组' };
  if (data.length > MAX_RULES) return { error: `规则最多 ${MAX_RULES} 条` };
  const rules: CheckRule[] = [];
  for (const [i, raw] of data.entries()) {
    const n = i + 1;
    if (!raw || typeof raw !== 'object') return { error: `第 ${n} 条规则格式不正确` };
    const { digits, pattern, message } = raw as Record<string, unknown>;
    const d = typeof digits === 'number' ? String(digits) : digits;
    if (typeof d !== 'string' || !(d === '*' || /^[1-9]\d{0,2}$/.test(d)))
      return { error: `第 ${n} 条规则的位数必须是 * 或正整数` };
    if (typeof pattern !== 'string' || pattern === '' || pattern.length > MAX_PATTERN_LENGTH)
      return { error: `第 ${n} 条规则的正则表达式不能为空且最多 ${MAX_PATTERN_LENGTH} 个字符` };
    if (NESTED_QUANTIFIER.test(pattern))
      return { error: `第 ${n} 条规则的正则表达式${NESTED_QUANTIFIER_MESSAGE}` };
    if (!compile(pattern)) return { error: `第 ${n} 条规则的正则表达式无效` };
    if (typeof message !== 'string' || message.length > 200)
      return { error: `第 ${n} 条规则的提示信息最多 200 个字符` };
    rules.push({ digits: d, pattern, message });
  }
  return { rules };
}

function compile(pattern: string): RegExp | null {
  // Java's matches(): the whole slice must match. Without flags first (Java accepts escapes such as
  // `\-` that the u flag refuses), then with u for `\p{…}` classes.
  for (const flags of ['', 'u']) {
    try {
      return new RegExp(`^(?:${pattern})$`, flags);
    } catch {
      // try the next flags
    }
  }
  return null;
}

export class RuleTimeout extends Error {}

/** Time one pattern may take on one value before the check gives up. */
export const MATCH_TIMEOUT_MS = 100;

// A fixed script: the pattern and the value are context variables, never compiled as code. The vm
// timeout interrupts a backtracking regular expression, which nothing else in Node can.
const MATCH_SCRIPT = new vm.Script('re.test(text)');

function matches(re: RegExp | null, text: string): boolean {
  if (!re) return false;
  try {
    return MATCH_SCRIPT.runInContext(vm.createContext({ re, text }), { timeout: MATCH_TIMEOUT_MS }) === true;
  } catch {
    throw new RuleTimeout(re.source);
  }
}

/** The first failing rule, or null when the value passes every rule; RuleTimeout for a runaway pattern. */
export function checkValue(rules: CheckRule[], value: string): RuleFailure | null {
  let begin = 0;
  for (const rule of rules) {
    const re = compile(rule.pattern);
    if (rule.digits === '*') {
      if (!matches(re, value)) return { ...rule, checkValue: value, passed: false };
      continue;
    }
    const end = Math.min(begin + Number(rule.digits), value.length);
    const slice = value.slice(begin, end);
    if (!matches(re, slice))
      return { ...rule, beginIndex: begin, endIndex: end, checkValue: slice, passed: false };
    begin = end;
  }
  return null;
}
