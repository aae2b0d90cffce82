import type { StampSource } from './write-stamps.js';

/** Queries remembered, least recently used dropped first; and anchors per list. */
const MAX_LISTS = 512;
const MAX_ANCHORS = 64;

/** The row just before `position` in a list's order: a page from there on starts right after it. */
export interface Anchor {
  position: number;
  id: unknown;
}

interface Entry {
  stamp: string;
  anchors: Map<number, unknown>;
  /** Whether the list's sort key has no NULL rows, once asked (paged-query.ts). */
  keyComplete?: boolean;
  /** A count query's answer. */
  count?: { total: number; estimated: boolean };
}

/**
 * What lists learnt about their queries, keyed by the query (its SQL and bound values, so by filter,
 * scope and sort) and kept only while none of the query's tables was written (write-stamps.ts; on a shared
 * PostgreSQL, pg-stamps.ts: another instance's write within about 100 ms) (issue 13 §1, §3):
 * - counts: opening, filtering or paging a list counts once per change of its tables, not per request;
 * - anchors, where deep pages resume: the id of the row before a position. Page 20,000 after page
 *   19,999 — or asked again — seeks from its anchor by index instead of skipping 200,000 rows.
 */
export class ListCache {
  readonly #stamps: StampSource;
  readonly #lists = new Map<string, Entry>();

  constructor(stamps: StampSource) {
    this.#stamps = stamps;
  }

  /** The current stamp of these tables, taken before reading what will be remembered under it. */
  async stamp(tables: readonly string[]): Promise<string> {
    return this.#stamps.stamp(tables);
  }

  /** The anchor nearest before `offset` still valid under `stamp`. */
  nearest(key: string, stamp: string, offset: number): Anchor | undefined {
    const entry = this.#entry(key, stamp, false);
    let best: Anchor | undefined;
    for (const [position, id] of entry?.anchors ?? [])
      if (position <= offset && (!best || position > best.position)) best = { position, id };
    return best;
  }

  /** Remembers anchors read under `stamp`, unless the tables changed since. */
  async remember(key: string, stamp: string, found: Anchor[], tables: readonly string[]): Promise<void> {
    if (!found.length || (await this.stamp(tables)) !== stamp) return;
    const { anchors } = this.#entry(key, stamp, true)!;
    for (const anchor of found) {
      anchors.delete(anchor.position);
      anchors.set(anchor.position, anchor.id);
    }
    while (anchors.size > MAX_ANCHORS) anchors.delete(anchors.keys().next().value as number);
  }

  /** Whether the list's sort key was found complete (no NULLs) under `stamp`; undefined: not asked yet. */
  keyComplete(key: string, stamp: string): boolean | undefined {
    return this.#entry(key, stamp, false)?.keyComplete;
  }

  async setKeyComplete(key: string, stamp: string, complete: boolean, tables: readonly string[]): Promise<void> {
    if ((await this.stamp(tables)) === stamp) this.#entry(key, stamp, true)!.keyComplete = complete;
  }

  /** A count query's answer counted under `stamp`, if still valid. */
  count(key: string, stamp: string): { total: number; estimated: boolean } | undefined {
    return this.#entry(key, stamp, false)?.count;
  }

  async setCount(
    key: string,
    stamp: string,
    count: { total: number; estimated: boolean },
    tables: readonly string[],
  ): Promise<void> {
    if ((await this.stamp(tables)) === stamp) this.#entry(key, stamp, true)!.count = count;
  }

  #entry(key: string, stamp: string, create: boolean): Entry | undefined {
    let entry = this.#lists.get(key);
    if (entry && entry.stamp !== stamp) {
      this.#lists.delete(key);
      entry = undefined;
    }
    if (!entry && !create) return undefined;
    if (entry) this.#lists.delete(key); // re-inserted below: most recently used last
    entry ??= { stamp, anchors: new Map() };
    this.#lists.set(key, entry);
    if (this.#lists.size > MAX_LISTS) this.#lists.delete(this.#lists.keys().next().value as string);
    return entry;
  }
}
