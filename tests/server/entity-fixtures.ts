import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { EntityField } from '../../src/shared/schema-types.js';
import type { Db } from '../../src/server/db/connect.js';
import { EntitySyncError } from '../../src/server/db/entity-sync.js';

/** Shared pieces of the entity-table tests (sync and evolution). */

/** A field of a test entity, titled after its name. */
export const field = (name: string, type: EntityField['type'], extra: Partial<EntityField> = {}): EntityField => ({
  name,
  title: `字段${name}`,
  type,
  ...extra,
});

/** The database without the camel-case plugin: entity tables are read by their real column names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const raw = (db: Db) => db.kysely.withoutPlugins() as unknown as Kysely<any>;

/** A table's column names, sorted. */
export async function columns(db: Db, table: string): Promise<string[]> {
  const tables = await db.kysely.introspection.getTables();
  return (tables.find((t) => t.name === table)?.columns ?? []).map((c) => c.name).sort();
}

/** The message of a change the sync refused; fails when it was applied. */
export async function refusal(run: Promise<unknown>): Promise<string> {
  try {
    await run;
  } catch (err) {
    expect(err).toBeInstanceOf(EntitySyncError);
    return (err as Error).message;
  }
  throw new Error('the change was not refused');
}
