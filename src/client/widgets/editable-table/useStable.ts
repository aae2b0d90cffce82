import { useState } from 'react';

/**
 * The previous value while the new one is equal: Formily hands a component fresh copies of its props
 * on every render, and the grid must not recompile rules or repaint rows for a copy. Storing what changed
 * during render is React's documented way to derive state from props.
 */
export function useStable<T>(value: T, equal: (a: T, b: T) => boolean): T {
  const [stable, setStable] = useState(value);
  if (stable !== value && !equal(stable, value)) {
    setStable(value);
    return value;
  }
  return stable;
}

/** The same, comparing by JSON text (definitions are plain data); the stable value's text is kept. */
export function useStableJson<T>(value: T): T {
  const json = JSON.stringify(value);
  const [stable, setStable] = useState({ value, json });
  if (stable.value !== value && stable.json !== json) {
    setStable({ value, json });
    return value;
  }
  return stable.value;
}

/** Same keys holding the same functions or values. */
export function shallowEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => (a as Record<string, unknown>)[k] === (b as Record<string, unknown>)[k])
  );
}
