import type { Migration } from 'kysely';
import * as m0001 from './0001-system.js';

/**
 * Ordered migrations. Add a new file `NNNN-name.ts` and one line here; never edit a migration that has
 * shipped. Entity tables from `schemas/entities` are synchronised separately (db/entity-sync.ts).
 */
export const migrations: Record<string, Migration> = {
  '0001-system': m0001,
};
