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
 * counters, exact and at once, joined with the server's per-table counts of rows changed by anyone. A
 * session publishes its counts within about a second of its transaction (PGSTAT_MIN_INTERVAL), so another
 * instance's write reaches this one's list cache within about a second — a count or a deep page may trail
 * it that long — and this instance's own writes at once. The counts exist only with `track_counts` on
 * (the default); without it connect.ts keeps no list cache. TRUNCATE is not counted; the console never
 * truncates a table it lists.
 */
export class PgStatStamps implements StampSource {
  /** The latest reading of the server's counts per list of tables, and when it was asked. */
  readonly #readings = new Map<string, { at: number; counts: Promise<string> }>();

  constructor(
    private readonly local: WriteStamps,
    private readonly query: PgQuery,
    /**
     * How long one reading answers further stamps of the same tables. A list request stamps two to five
     * times, and concurrent requests the same tables: one round trip serves them all. The counts already
     * trail other instances by up to a second; this adds at most `shareMs`. An older reading can only
     * make a cached entry look older than it is, never newer, so nothing stale is kept by it.
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

/** Whether the server counts rows changed per table (`track_counts`), which PgStatStamps needs. */
export async function countsChanges(query: PgQuery): Promise<boolean> {
  const { rows } = await query('select current_setting($1) as on', ['track_counts']);
  return rows[0]?.on === 'on';
}
