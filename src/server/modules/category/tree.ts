import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, SysCategoryTable } from '../../db/tables.js';
import { withDescendants } from '../../lib/descendants.js';

export const ROOT_PID = '0';
export type CategoryRow = Selectable<SysCategoryTable>;

/** A category as a tree-select node (protocol §5 "Category dicts"): key and value are the id. */
export interface CategoryNode {
  key: string;
  title: string;
  leaf: boolean;
  code: string;
  value: string;
  parentId: string;
  icon: null;
  children: CategoryNode[] | null;
}

export const categoryNode = (c: CategoryRow): CategoryNode => ({
  key: c.id,
  title: c.name,
  leaf: c.hasChild !== '1',
  code: c.code,
  value: c.id,
  parentId: c.pid,
  icon: null,
  children: null,
});

/** Children of `pid`, optionally narrowed by allow-listed `column LIKE value` conditions (bound). */
export async function categoryChildren(
  db: Kysely<Database>,
  pid: string,
  condition: Array<{ column: string; value: string }> = [],
): Promise<CategoryRow[]> {
  let q = db.selectFrom('sysCategory').selectAll().where('pid', '=', pid);
  for (const c of condition) q = q.where(() => sql<SqlBool>`${sql.id(c.column)} like ${c.value}`);
  return q.orderBy('code').limit(1000).execute();
}

/** The whole subtree under `pid` for a non-lazy tree select (bounded depth). */
export async function categorySubtree(db: Kysely<Database>, pid: string, depth = 0): Promise<CategoryNode[]> {
  const nodes = (await categoryChildren(db, pid)).map(categoryNode);
  if (depth >= 10) return nodes;
  for (const n of nodes) {
    if (n.leaf) continue;
    const kids = await categorySubtree(db, n.key, depth + 1);
    n.children = kids.length ? kids : null;
  }
  return nodes;
}

/** The id of a category with this code; a missing code is a business error of the caller. */
export async function categoryIdByCode(db: Kysely<Database>, code: string): Promise<string | null> {
  const row = await db.selectFrom('sysCategory').select('id').where('code', '=', code).executeTakeFirst();
  return row?.id ?? null;
}

/** A row and everything below it. */
export const categorySubtreeIds = (db: Kysely<Database>, ids: string[]) =>
  withDescendants(ids, async (parents) => (await db.selectFrom('sysCategory').select('id').where('pid', 'in', parents).execute()).map((r) => r.id));

/** `has_child` follows the rows: '1' exactly when some category points at it. */
export async function refreshHasChild(db: Kysely<Database>, id: string): Promise<void> {
  if (!id || id === ROOT_PID) return;
  const child = await db.selectFrom('sysCategory').select('id').where('pid', '=', id).executeTakeFirst();
  await db.updateTable('sysCategory').set({ hasChild: child ? '1' : '0' }).where('id', '=', id).execute();
}
