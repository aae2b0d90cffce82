import type { Kysely } from 'kysely';
import { untilWritten } from '../db/remembered.js';
import type { Database } from '../db/tables.js';
import type { Definitions } from '../definitions/load.js';
import type { FieldMap } from './list-query.js';
import { resolveTableDict, tableDictItems } from './table-dict.js';

/**
 * Adds `<field>_dictText` to every record for fields with a dictionary (protocol §8): comma lists are
 * translated item by item and re-joined; unknown values stay as they are.
 */
export async function attachDictText<T extends Record<string, unknown>>(
  db: Kysely<Database>,
  defs: Definitions,
  records: T[],
  fields: FieldMap,
  tenantId?: number,
): Promise<Array<T & Record<string, unknown>>> {
  const dictFields = Object.entries(fields).filter(([, f]) => f.dict);
  if (dictFields.length === 0 || records.length === 0) return records;
  const maps = new Map<string, ReadonlyMap<string, string>>();
  for (const [field, spec] of dictFields) {
    const code = spec.dict as string;
    if (maps.has(code)) continue;
    const values = new Set<string>();
    for (const r of records) for (const v of String(r[field] ?? '').split(',')) if (v) values.add(v);
    maps.set(code, await dictMap(db, defs, code, [...values], tenantId));
  }
  return records.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const [field, spec] of dictFields) {
      const map = maps.get(spec.dict as string) as ReadonlyMap<string, string>;
      const raw = r[field];
      out[`${field}_dictText`] =
        raw === null || raw === undefined || raw === ''
          ? raw ?? null
          : String(raw)
              .split(',')
              .map((v) => map.get(v) ?? v)
              .join(',');
    }
    return out as T & Record<string, unknown>;
  });
}

/** A dictionary's texts by value, remembered until its tables are written (every list page asks). */
function dictMap(
  db: Kysely<Database>,
  defs: Definitions,
  code: string,
  values: string[],
  tenantId?: number,
): Promise<ReadonlyMap<string, string>> {
  if (code.includes(',')) {
    const key = `dict-text|${code}|${tenantId ?? ''}|${values.sort().join(',')}`;
    return untilWritten(
      db,
      key,
      async () => {
        const items = await tableDictItems(db, resolveTableDict(defs, code), { codes: values, tenantId });
        return new Map(items.map((i) => [i.value, i.text]));
      },
      { lagTolerated: true },
    );
  }
  return untilWritten(
    db,
    `dict-text|${code}`,
    async () => {
      const rows = await db
        .selectFrom('sysDictItem as i')
        .innerJoin('sysDict as d', 'd.id', 'i.dictId')
        .select(['i.itemValue', 'i.itemText'])
        .where('d.dictCode', '=', code)
        .execute();
      return new Map(rows.map((r) => [r.itemValue, r.itemText]));
    },
    // Display texts: another instance's edit may show about 100 ms late (db/remembered.ts).
    { lagTolerated: true },
  );
}
