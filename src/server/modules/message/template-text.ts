/**
 * Placeholder substitution for message templates: `${name}` is replaced by `values[name]` as plain
 * text. Nothing is evaluated — no expressions, no template engine — and a placeholder without a
 * value is refused by name, so a message never goes out with `${...}` in it.
 */
const PLACEHOLDER = /\$\{\s*([A-Za-z_][A-Za-z0-9_.]{0,63})\s*\}/g;

export const MAX_VALUE_CHARS = 500;

export class MissingValuesError extends Error {
  constructor(readonly names: string[]) {
    super(`模板变量未提供值：${names.join('、')}`);
  }
}

/** The placeholder names of a text, in order of first use. */
export function placeholders(text: string | null | undefined): string[] {
  const names = new Set<string>();
  for (const m of (text ?? '').matchAll(PLACEHOLDER)) names.add(m[1]);
  return [...names];
}

/** Replaces every `${name}`; throws MissingValuesError naming all placeholders without a value. */
export function renderTemplate(text: string, values: Readonly<Record<string, string>>): string {
  const missing = placeholders(text).filter((n) => !Object.hasOwn(values, n));
  if (missing.length > 0) throw new MissingValuesError(missing);
  return text.replace(PLACEHOLDER, (_all, name: string) => values[name]);
}

/**
 * Values typed in a form: one `name=value` per line (blank lines ignored; the first `=` splits, so a
 * value may contain `=`). Returns an error message instead of throwing so callers choose the status.
 */
export function parseValueLines(text: string): Record<string, string> | string {
  const out: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    const name = eq > 0 ? line.slice(0, eq).trim() : '';
    if (!/^[A-Za-z_][A-Za-z0-9_.]{0,63}$/.test(name)) return `变量值第 ${i + 1} 行格式不正确，应为“变量名=值”`;
    const value = line.slice(eq + 1).trim();
    if (value.length > MAX_VALUE_CHARS) return `变量 ${name} 的值不能超过 ${MAX_VALUE_CHARS} 个字符`;
    out[name] = value;
  }
  return out;
}
