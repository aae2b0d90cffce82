/**
 * Patterns written in definitions and by administrators run on the server against every value: one
 * with catastrophic backtracking would stall it. A quantified group that itself contains a quantifier,
 * e.g. `(a+)+` or `(\w*)*`, is the usual culprit and is refused where patterns are accepted.
 */
export const NESTED_QUANTIFIER =
  /\((?:[^()\\]|\\.)*(?:[*+]|\{\d+,?\d*\})(?:[^()\\]|\\.)*\)(?:[*+]|\{\d+,?\d*\})/;

export const NESTED_QUANTIFIER_MESSAGE = '含有嵌套的重复（如 (a+)+），可能导致校验卡死';
