import type { OperationNode } from 'kysely';

/** A table's name as both sides spell it: `sysUser` before the camel-case plugin, `sys_user` after. */
const plain = (name: string) => name.replace(/_/g, '').toLowerCase();

const NAMES_TABLES = /\b(from|join|into|update)\b/i;

/**
 * What one database's writer changed, as counters per table, so a cache of read results (list-cache.ts)
 * knows when what it read may have moved. Only a database whose every write passes through this process
 * can keep them (embedded SQLite). A statement whose tables are unknown (raw SQL) bumps all tables; a
 * transaction's tables are bumped again when it commits or rolls back.
 */
export class WriteStamps {
  readonly #tables = new Map<string, number>();
  #all = 0;

  /** A write to these tables (undefined: to any table). */
  bump(tables?: readonly string[]): void {
    if (!tables?.length) this.#all++;
    else for (const t of tables) this.#tables.set(plain(t), (this.#tables.get(plain(t)) ?? 0) + 1);
  }

  /** A value that changes whenever any of these tables may have changed. */
  stamp(tables: readonly string[]): string {
    return `${this.#all}:${tables.map((t) => this.#tables.get(plain(t)) ?? 0).join(',')}`;
  }
}

/**
 * Every table a query names anywhere (joins, subqueries, EXISTS), or undefined when raw SQL in it may
 * name tables of its own (a fragment saying from, join, into or update; `sql.ref` and `count(*)` do not).
 */
export function tablesOf(node: OperationNode): string[] | undefined {
  const found = new Set<string>();
  let raw = false;
  const walk = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) return value.forEach(walk);
    const n = value as { kind?: string; table?: { identifier?: { name?: string } }; sqlFragments?: string[] };
    if (n.kind === 'RawNode' && n.sqlFragments?.some((f) => NAMES_TABLES.test(f))) raw = true;
    if (n.kind === 'TableNode' && n.table?.identifier?.name) found.add(plain(n.table.identifier.name));
    for (const child of Object.values(value)) walk(child);
  };
  walk(node);
  return raw ? undefined : [...found];
}
