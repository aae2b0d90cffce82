/** `{text}` placeholders of a template, as [start, end) offsets including the braces. */
export function findPlaceholders(text: string): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const re = /\{[^{}\n]*\}/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) out.push([m.index, m.index + m[0].length]);
  return out;
}

/**
 * The placeholder Tab moves to: the first one starting at or after the end of the current selection,
 * cycling back to the first; Shift+Tab goes the other way. null when the text has none.
 */
export function nextPlaceholder(text: string, selStart: number, selEnd: number, backwards = false): [number, number] | null {
  const all = findPlaceholders(text);
  if (all.length === 0) return null;
  if (backwards) {
    const before = all.filter(([s]) => s < selStart);
    return before.length ? before[before.length - 1] : all[all.length - 1];
  }
  return all.find(([s]) => s >= selEnd) ?? all[0];
}
