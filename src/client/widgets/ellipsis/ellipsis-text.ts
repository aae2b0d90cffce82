/** Display width of one character: full-width (non-Latin-1) characters count 2 (spec §9). */
function charWidth(ch: string): number {
  return (ch.codePointAt(0) ?? 0) > 255 ? 2 : 1;
}

export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return w;
}

/** Cuts text to `length` width units and appends '...' when anything was cut. Default 25. */
export function ellipsisText(text: string | null | undefined, length = 25): string {
  const value = text ?? '';
  if (length <= 0 || textWidth(value) <= length) return value;
  let w = 0;
  let out = '';
  for (const ch of value) {
    w += charWidth(ch);
    if (w > length) break;
    out += ch;
  }
  return `${out}...`;
}
