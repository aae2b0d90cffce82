import type { Kysely } from 'kysely';
import type { Database } from './tables.js';
import type { DictDef } from '../definitions/load.js';
import { stableId } from './menu-sync.js';
import { formatDateTime } from '../../shared/time.js';

/** Inserts dictionaries and items from `schemas/dicts` that are missing; administrators' edits stay. */
export async function syncDicts(db: Kysely<Database>, dicts: DictDef[]): Promise<void> {
  const now = formatDateTime();
  const known = new Map(
    (await db.selectFrom('sysDict').select(['id', 'dictCode']).execute()).map((d) => [d.dictCode, d.id]),
  );
  const items = new Set(
    (await db.selectFrom('sysDictItem').select(['dictId', 'itemValue']).execute()).map((i) => `${i.dictId}|${i.itemValue}`),
  );
  for (const d of dicts) {
    let dictId = known.get(d.code);
    if (!dictId) {
      dictId = stableId('dict', d.code);
      await db
        .insertInto('sysDict')
        .values({
          id: dictId,
          dictName: d.name,
          dictCode: d.code,
          description: d.description ?? null,
          type: d.type ?? 0,
          delFlag: 0,
          createBy: 'system',
          createTime: now,
          updateBy: null,
          updateTime: null,
        })
        .execute();
      known.set(d.code, dictId);
    }
    const rows = d.items
      .map((item, i) => ({ item, i }))
      .filter(({ item }) => !items.has(`${dictId}|${item.value}`))
      .map(({ item, i }) => ({
        id: stableId('dictItem', `${d.code}|${item.value}`),
        dictId: dictId as string,
        itemText: item.text,
        itemValue: item.value,
        description: item.description ?? null,
        sortOrder: i + 1,
        status: item.status ?? 1,
        createBy: 'system',
        createTime: now,
        updateBy: null,
        updateTime: null,
      }));
    if (rows.length) await db.insertInto('sysDictItem').values(rows).execute();
  }
}
