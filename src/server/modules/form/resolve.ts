import type { Kysely } from 'kysely';
import type { FormDefinition } from '../../../shared/schema-types.js';
import type { Database } from '../../db/tables.js';
import type { Definitions } from '../../definitions/load.js';
import { definitionOf, formRow } from './store.js';

export interface ResolvedForm {
  definition: FormDefinition;
  version: number;
  source: 'file' | 'db';
}

/**
 * The form a record is entered with: a file form (version = its `version`, default 1; files are shared by
 * every tenant; a file has only its current version, whatever version is asked) or the tenant's published stored form — the given version, else the newest. Drafts are never
 * resolved here; without a tenant only file forms are. Null when there is no such form.
 */
export async function resolveForm(
  db: Kysely<Database>,
  defs: Definitions,
  tenantId: number | string | null,
  code: string,
  version?: number,
): Promise<ResolvedForm | null> {
  const file = defs.forms.find((f) => f.code === code);
  if (file) {
    // A file holds only its current version: a record entered with an older one is shown with it.
    const fileVersion = file.version ?? 1;
    return { definition: { ...file, version: fileVersion }, version: fileVersion, source: 'file' };
  }
  if (tenantId === null || tenantId === '' || !Number.isInteger(Number(tenantId))) return null;
  const row = await formRow(db, Number(tenantId), code, { version });
  return row ? { definition: definitionOf(row), version: row.version, source: 'db' } : null;
}
