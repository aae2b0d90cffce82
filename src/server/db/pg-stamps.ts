import { CompiledQuery } from 'kysely';
import type { StampSource, WriteStamps } from './write-stamps.js';

/** Rows inserted, updated and deleted per table by every session, as the server's statistics count them. */
const TABLE_CHANGES = `
  select replace(c.relname, '_', '') as t,
    pg_stat_get_tuples_inserted(c.oid) + pg_stat_get_tuples_updated(c.oid) + pg_stat_get_tuples_deleted(c.oid) as n
  from pg_class c
  where c.relnamespace = quote_ident(current_schema())::regnamespace and c.relkind in ('r', 'p')
    and replace(c.relname, '_', '') = any($1)`;

export type PgQuery = (text: string, values: unknown[]) => Promise<{ rows: Array<Record<string, unknown>> }>;

/**
 * Stamps for a PostgreSQL that other instances may write too (issue 13 §1, §3): this process's own
 * counters, exact and at once, joined with the server's per-table counts of rows changed by anyone. Left
 * to itself a session publishes its counts at most once a second, and one gone idle within that second
 * waits ten; every instance's connections therefore publish right after writing (PUBLISH_COUNTS), so
 * another instance's write reaches this one's list cache as soon as this one next reads the counts (see
 * `shareMs`), and this instance's own writes at once. The counts exist only with `track_counts` on (the
 * default) and early publishing only from PostgreSQL 15; without either connect.ts keeps no list cache.
 * TRUNCATE is not counted; the console never truncates a table it lists.
 */
export class PgStatStamps implements StampSource {
  /** The latest reading of the server's counts per list of tables, and when it was asked. */
  readonly #readings = new Map<string, { at: number; counts: Promise<string> }>();

  constructor(
    private readonly local: WriteStamps,
    private readonly query: PgQuery,
    /**
     * How long one reading answers further stamps of the same tables. A list request stamps two to five
     * times, and concurrent requests the same tables: one round trip serves them all, and another
     * instance's write may go unseen that long. An older reading can only make a cached entry look older
     * than it is, never newer, so nothing stale is kept by it.
     */
    private readonly shareMs = 100,
  ) {}

  async stamp(tables: readonly string[]): Promise<string> {
    const key = tables.join(',');
    let reading = this.#readings.get(key);
    if (!reading || Date.now() - reading.at > this.shareMs) {
      const fresh = { at: Date.now(), counts: this.#read(tables) };
      fresh.counts.catch(() => this.#readings.get(key) === fresh && this.#readings.delete(key));
      this.#readings.set(key, (reading = fresh));
    }
    return `${this.local.stamp(tables)}|${await reading.counts}`;
  }

  async #read(tables: readonly string[]): Promise<string> {
    const { rows } = await this.query(TABLE_CHANGES, [[...tables]]);
    const counts = new Map(rows.map((r) => [String(r.t), String(r.n)]));
    return tables.map((t) => counts.get(t) ?? '-').join(',');
  }
}

/**
 * What a connection that wrote runs before going back to the pool: its change counts are published when
 * the statement ends instead of when the server next gets round to it (a connection gone idle within a
 * second of its last publication waits ten).
 */
export const PUBLISH_COUNTS = CompiledQuery.raw('select pg_stat_force_next_flush()');

/**
 * Whether the server counts rows changed per table (`track_counts`) and lets a writer publish them at
 * once (PostgreSQL 15+), which PgStatStamps needs.
 */
export async function countsChanges(query: PgQuery): Promise<boolean> {
  const { rows } = await query(
    `select current_setting('track_counts') = 'on' and to_regproc('pg_stat_force_next_flush') is not null as ok`,
    [],
  );
  return rows[0]?.ok === true;
}
