/**
 * The page's list-shaped overrides (columns, query fields), applied alike: a partial object is merged
 * onto the derived item of its name where that item stands; a name not derived (a system field, a field
 * with list: false or without query) adds its item at the end, in the order listed; `order` moves the
 * named items to the front; `hide` leaves items out.
 */
export function applyOverrides<T, O extends object>(opts: {
  derived: T[];
  key: (item: T) => string;
  overrides: ReadonlyArray<string | O>;
  overrideKey: (o: O) => string;
  /** The item of a name that was not derived, or undefined when the entity has no such field. */
  added: (name: string) => T | undefined;
  order?: readonly string[];
  hide?: readonly string[];
}): T[] {
  const { derived, key, overrides, overrideKey, added, order = [], hide = [] } = opts;
  const items = new Map(derived.map((item) => [key(item), item]));
  for (const o of overrides) {
    const name = typeof o === 'string' ? o : overrideKey(o);
    const base = items.get(name) ?? added(name);
    if (!base) continue;
    items.set(name, typeof o === 'string' ? base : { ...base, ...o });
  }
  const first = order.filter((n) => items.has(n));
  const rest = [...items.keys()].filter((n) => !first.includes(n));
  return [...first, ...rest].filter((n) => !hide.includes(n)).map((n) => items.get(n) as T);
}
