/**
 * The numeric input's rules (spec §5): on blur an invalid entry becomes empty, the number is clamped to
 * min/max and rounded to the precision; the display shows thousands separators.
 */
export interface NumberRules {
  min?: number;
  max?: number;
  precision?: number;
}

/** Accepts what a user may be half-way through typing: '', '-', '1.', '-0.5'. */
export function isTypingNumber(text: string): boolean {
  return /^-?\d*(\.\d*)?$/.test(text);
}

export function normaliseNumber(text: string | number | null | undefined, rules: NumberRules): number | undefined {
  if (text === null || text === undefined) return undefined;
  const raw = typeof text === 'number' ? String(text) : text.replace(/,/g, '').trim();
  if (!/^-?(\d+\.?\d*|\.\d+)$/.test(raw)) return undefined;
  let n = Number(raw);
  if (!Number.isFinite(n)) return undefined;
  if (rules.min !== undefined && n < rules.min) n = rules.min;
  if (rules.max !== undefined && n > rules.max) n = rules.max;
  if (rules.precision !== undefined && rules.precision >= 0) {
    const f = 10 ** rules.precision;
    n = Math.round((n + Number.EPSILON * Math.sign(n)) * f) / f;
  }
  return n;
}

/** 1234567.5 → '1,234,567.5' (with the precision's decimals when given). */
export function formatThousands(n: number | undefined | null, precision?: number): string {
  if (n === undefined || n === null || !Number.isFinite(n)) return '';
  const fixed = precision !== undefined && precision >= 0 ? n.toFixed(precision) : String(n);
  const [int, frac] = fixed.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
}
