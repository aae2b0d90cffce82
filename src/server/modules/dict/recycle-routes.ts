import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import { trackedWrite } from '../history/system-change.js';
import { bizError } from '../../http/errors.js';
import { IdListParam, idList } from '../../lib/id-list.js';
import { clearTableDictCache } from '../../lib/table-dict.js';

/** The most deleted dictionaries the bin lists (the original answers the whole list, unpaged). */
const BIN_LIMIT = 1000;
const IdsParams = Type.Object({ id: IdListParam() });

/**
 * The dictionary recycle bin, with the original's paths (`deleteList`, `back/{id}`, `deletePhysic/{id}`):
 * dictionaries are deleted logically (admin-routes), listed here, restored, or deleted for good with
 * their items. `{id}` may also be a comma list, so the console restores or purges a selection at once.
 */
export async function dictRecycleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  app.get('/sys/dict/deleteList', { config: { access: 'dict:recycle' } }, async () =>
    ok(
      await db
        .selectFrom('sysDict')
        .selectAll()
        .where('delFlag', '=', 1)
        .orderBy('updateTime', 'desc')
        .orderBy('id')
        .limit(BIN_LIMIT)
        .execute(),
    ),
  );

  /** The binned dictionaries named by the path: all of them, or a refusal (no partial batches). */
  const binned = async (list: string) => {
    const ids = idList(list, 'id');
    const rows = await db
      .selectFrom('sysDict')
      .select(['id', 'dictCode'])
      .where('id', 'in', ids)
      .where('delFlag', '=', 1)
      .execute();
    if (rows.length !== ids.length) throw bizError('字典不存在或不在回收站中');
    return rows;
  };

  app.put(
    '/sys/dict/back/:id',
    { config: { access: 'dict:recycle' }, schema: { params: IdsParams } },
    async (request) => {
      const rows = await binned(request.params.id);
      // Codes stay reserved while deleted (unique column), so a restore never clashes.
      const ids = rows.map((r) => r.id);
      await trackedWrite(db, request, 'sys_dict', ids, 'restore', (trx) =>
        trx.updateTable('sysDict').set({ delFlag: 0, updateBy: request.user().username, updateTime: formatDateTime() }).where('id', 'in', ids).execute(),
      );
      clearTableDictCache();
      request.log.info({ dictCodes: rows.map((r) => r.dictCode) }, 'dictionaries restored');
      return okMessage('还原成功');
    },
  );

  app.delete(
    '/sys/dict/deletePhysic/:id',
    { config: { access: 'dict:purge' }, schema: { params: IdsParams } },
    async (request) => {
      const rows = await binned(request.params.id);
      // Dictionaries from schemas/dicts would be seeded again at the next start: they stay in the bin.
      const defined = new Set(ctx.defs.dicts.map((d) => d.code));
      const fixed = rows.filter((r) => defined.has(r.dictCode)).map((r) => r.dictCode);
      if (fixed.length)
        throw bizError(`字典 ${fixed.join('、')} 由系统定义，不能彻底删除，可以还原或留在回收站`);
      const ids = rows.map((r) => r.id);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sysDictItem').where('dictId', 'in', ids).execute();
        await trx.deleteFrom('sysDict').where('id', 'in', ids).where('delFlag', '=', 1).execute();
      });
      clearTableDictCache();
      request.log.info({ dictCodes: rows.map((r) => r.dictCode) }, 'dictionaries deleted for good');
      return okMessage('彻底删除成功');
    },
  );
}
