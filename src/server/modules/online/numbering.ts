import { sql, type Kysely } from 'kysely';
import type { EntityDefinition, EntityField } from '../../../shared/schema-types.js';
import type { CleanRecord } from '../../../shared/entity-record.js';
import {
  formatNumber,
  numberingPerTenant,
  numberingPeriod,
  parseNumberingPattern,
  type NumberingPart,
} from '../../../shared/numbering.js';
import type { Database } from '../../db/tables.js';

type NumberedField = EntityField & { numbering: NonNullable<EntityField['numbering']> };

export const numberedFields = (entity: EntityDefinition): NumberedField[] =>
  entity.fields.filter((f): f is NumberedField => f.numbering !== undefined);

/** The key of a field's sequence in sys_sequence. */
export const sequenceKey = (entity: EntityDefinition, field: EntityField) => `${entity.code}.${field.name}`;

/**
 * Takes the next number of a sequence: one upsert-returning statement (SQLite ≥ 3.35 and PostgreSQL), so
 * two transactions can never read the same value. Call it inside the transaction that stores the number:
 * a rolled-back insert gives its number back.
 */
export async function nextSequence(
  db: Kysely<Database>,
  ruleKey: string,
  period: string,
  tenantId: number,
): Promise<number> {
  const row = await db
    .insertInto('sysSequence')
    .values({ ruleKey, period, tenantId, value: 1 })
    .onConflict((oc) =>
      oc
        .columns(['ruleKey', 'period', 'tenantId'])
        .doUpdateSet({ value: sql<number>`sys_sequence.value + 1` }),
    )
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

const patterns = new WeakMap<NumberedField, NumberingPart[]>();

function partsOf(field: NumberedField): NumberingPart[] {
  let parts = patterns.get(field);
  if (!parts) {
    const parsed = parseNumberingPattern(field.numbering.pattern);
    // The definition check refuses bad patterns, so this only guards definitions loaded unchecked.
    if ('error' in parsed) throw new Error(parsed.error);
    parts = parsed.parts;
    patterns.set(field, parts);
  }
  return parts;
}

/**
 * The values a client may not set: a numbered field is the server's unless it says `editable`, and even
 * then an empty value leaves the number alone (generated on add, kept on edit).
 */
export function dropClientNumbers(entity: EntityDefinition, record: CleanRecord): void {
  for (const f of numberedFields(entity))
    if (!f.numbering.editable || record[f.name] === null || record[f.name] === '') delete record[f.name];
}

/**
 * Fills the numbered fields of records about to be inserted, in order, with numbers taken at `now` (ms).
 * `db` must be the insert's transaction.
 */
export async function assignNumbers(
  db: Kysely<Database>,
  entity: EntityDefinition,
  tenantId: number,
  records: CleanRecord[],
  now: number = Date.now(),
): Promise<void> {
  for (const f of numberedFields(entity)) {
    const parts = partsOf(f);
    const period = numberingPeriod(f.numbering.reset, now);
    const tenant = numberingPerTenant(entity, f.numbering) ? tenantId : 0;
    for (const r of records) {
      if (f.numbering.editable && r[f.name] !== null && r[f.name] !== undefined && r[f.name] !== '') continue;
      r[f.name] = formatNumber(parts, await nextSequence(db, sequenceKey(entity, f), period, tenant), now);
    }
  }
}
