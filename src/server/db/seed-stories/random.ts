/**
 * The seeded pseudo-random generator of the demo stories (mulberry32): small, fast and the same on every
 * machine, so one definition gives the same data on SQLite and PostgreSQL.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer between the bounds, both included. */
  int(min: number, max: number): number;
  /** A float between the bounds. */
  between(min: number, max: number): number;
  /** One of the items, uniformly or by weights. */
  choose<T>(items: readonly T[], weights?: readonly number[]): T;
}

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => {
    const [lo, hi] = min <= max ? [min, max] : [max, min];
    return lo + Math.floor(next() * (hi - lo + 1));
  };
  return {
    next,
    int,
    between: (min, max) => min + next() * (max - min),
    choose(items, weights) {
      if (weights && weights.length === items.length) {
        const total = weights.reduce((s, w) => s + w, 0);
        let r = next() * total;
        for (let i = 0; i < items.length; i++) {
          r -= weights[i];
          if (r < 0) return items[i];
        }
      }
      return items[Math.floor(next() * items.length)];
    },
  };
}

/**
 * The generator of one story: seeded from the definition's seed and the story's number, so a story that
 * ends early on one database does not shift the draws of the stories after it.
 */
export function storyRandom(seed: number, story: number): Random {
  return seededRandom(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(story + 1, 0xc2b2ae35));
}
