/**
 * `map[key]` for a key that came from a client: only the map's own entries answer, so `constructor`,
 * `__proto__` or `toString` never resolve to something inherited from Object.prototype.
 */
export function ownField<T>(map: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}
