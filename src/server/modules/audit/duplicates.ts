import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { page } from '../../../shared/envelope.js';
import { attachDictText } from '../../lib/dict-text.js';
import type { EntityModel } from '../online/entity-model.js';
import { dbOf, protectRecords, type EntityRow } from '../online/entity-records.js';
import { requestScope } from '../online/entity-scope.js';
import { attachRefText } from '../online/ref-text.js';

/** How many ids of one group are listed (a merge takes at most 10 records). */
const GROUP_IDS = 50;

/**
 * Groups of records in the caller's scope whose `audit.merge.match` fields are all equal and filled,
 * largest first (the 重复数据 page). `keyText` shows the values as the list would (dictionary and ref
 * texts, personal fields masked).
 */
export async function duplicateGroups(request: FastifyRequest, model: EntityModel, pageNo: number, pageSize: number) {
  const { ctx } = request.server;
  const match = model.entity.audit?.merge?.match ?? [];
  const where = await requestScope(request, model.entity);
  const filled = dbOf(ctx)
    .selectFrom(model.table)
    .where(where)
    .where((eb) =>
      eb.and(
        match.flatMap((f) =>
          model.byName.get(f)?.type === 'string'
            ? [eb(sql.ref(f), 'is not', null), eb(sql.ref(f), '!=', '')]
            : [eb(sql.ref(f), 'is not', null)],
        ),
      ),
    );
  const groups = filled
    .select([...match.map((f) => sql.ref(f).as(f)), sql<number>`count(*)`.as('count')])
    .groupBy(match.map((f) => sql.ref(f)))
    .having(sql`count(*)`, '>', 1);
  const totalRow = (await dbOf(ctx)
    .selectFrom(groups.as('g'))
    .select(sql<number>`count(*)`.as('n'))
    .executeTakeFirst()) as { n: number | string } | undefined;
  const total = Number(totalRow?.n ?? 0);
  let ordered = groups.orderBy(sql`count(*)`, 'desc');
  for (const f of match) ordered = ordered.orderBy(sql.ref(f));
  const rows = (await ordered.limit(pageSize).offset((pageNo - 1) * pageSize).execute()) as EntityRow[];
  const keys = rows.map((r) => Object.fromEntries(match.map((f) => [f, r[f]])));
  const texts = await protectRecords(
    ctx,
    request,
    model,
    await attachRefText(request, model.entity, await attachDictText(ctx.db.kysely, ctx.defs, keys.map((k) => ({ ...k })), model.fields, request.user().tenantId)),
  );
  const records = [];
  for (const [i, key] of keys.entries()) {
    const ids = (await filled
      .select(sql.ref('id').as('id'))
      .where((eb) => eb.and(match.map((f) => eb(sql.ref(f), '=', key[f]))))
      .orderBy(sql.ref('createTime'))
      .orderBy(sql.ref('id'))
      .limit(GROUP_IDS)
      .execute()) as Array<{ id: string }>;
    const text = texts[i];
    records.push({
      // Personal values leave masked, as in the list (the ids are what a merge needs).
      key: Object.fromEntries(match.map((f) => [f, text[f] ?? null])),
      keyText: match.map((f) => String(text[`${f}_dictText`] ?? text[f] ?? '')).join(' / '),
      count: Number(rows[i].count),
      ids: ids.map((r) => String(r.id)),
    });
  }
  return page(records, total, pageNo, pageSize);
}
