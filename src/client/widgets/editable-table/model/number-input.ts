/**
 * Number cells (spec §5): while typing only '', '-' or a signed decimal are kept (anything else reverts
 * to the previous text); on blur the text becomes a number, rounded and clamped when the column asks,
 * or empty.
 */
const PARTIAL_NUMBER = /^-?(?:\d+\.?\d*|\.\d*)?$/;

export function acceptsNumberInput(text: string): boolean {
  return PARTIAL_NUMBER.test(text);
}

export function parseNumberOnBlur(
  text: unknown,
  opts: { decimals?: number; min?: number; max?: number } = {},
): number | '' {
  if (text === null || text === undefined || text === '') return '';
  const n = typeof text === 'number' ? text : Number.parseFloat(String(text));
  if (!Number.isFinite(n)) return '';
  let v = n;
  if (opts.min !== undefined && v < opts.min) v = opts.min;
  if (opts.max !== undefined && v > opts.max) v = opts.max;
  if (opts.decimals !== undefined) {
    const f = 10 ** opts.decimals;
    v = Math.round(v * f) / f;
  }
  return v;
}
