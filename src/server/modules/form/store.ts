import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../../shared/schema-types.js';
import type { Database, SysFormTable } from '../../db/tables.js';
import { FORM_SCHEMA_REF } from '../../../shared/form-fields.js';

/**
 * The rows of stored forms (sys_form): one per version, at most one draft per code (its newest version).
 * Every read is bounded to one tenant.
 */
export type FormRow = SysFormTable;
type Db = Kysely<Database>;

/** The versions of a tenant's form, newest first. */
export const formVersions = (db: Db, tenantId: number, code: string): Promise<FormRow[]> =>
  db
    .selectFrom('sysForm')
    .selectAll()
    .where('tenantId', '=', tenantId)
    .where('code', '=', code)
    .orderBy('version', 'desc')
    .execute();

/** One version, the newest published one (no version), or the draft. */
export async function formRow(
  db: Db,
  tenantId: number,
  code: string,
  which: { version?: number; draft?: boolean } = {},
): Promise<FormRow | undefined> {
  let q = db.selectFrom('sysForm').selectAll().where('tenantId', '=', tenantId).where('code', '=', code);
  if (which.draft) q = q.where('status', '=', 'draft');
  else {
    q = q.where('status', '=', 'published');
    if (which.version !== undefined) q = q.where('version', '=', which.version);
  }
  return q.orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/**
 * The definition as stored: always the $schema of a form file, never a `version` (the row holds it).
 * What the designer and the import send is saved in this shape, and checked in it.
 */
export function storedShape(definition: Record<string, unknown>): Record<string, unknown> {
  const { $schema: _schema, version: _version, ...rest } = definition;
  return { $schema: FORM_SCHEMA_REF, ...rest };
}

/** A row's definition with its version: the shape of a form file (export, resolve, the designer). */
export const definitionOf = (row: Pick<FormRow, 'definition' | 'version'>): FormDefinition => ({
  ...(JSON.parse(row.definition) as FormDefinition),
  version: row.version,
});
