import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { Selectable } from 'kysely';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { SysDictItemTable } from '../../db/tables.js';
import { bizError, notFound } from '../../http/errors.js';
import { BATCH_IDS_QUERY, batchIds } from '../../lib/id-list.js';
import { listPage } from '../../lib/list-page.js';
import type { FieldMap } from '../../lib/list-query.js';
import { trackedWrite } from '../history/system-change.js';

const ITEM_FIELDS: FieldMap = {
  dictId: { type: 'string' },
  itemText: { type: 'string' },
  itemValue: { type: 'string' },
  description: { type: 'string' },
  sortOrder: { type: 'number' },
  status: { type: 'number' },
  createTime: { type: 'datetime' },
};

/** Values are joined with commas in multi-select fields, so a value must not hold one. */
const ItemBody = Type.Object({
  dictId: Type.String({ minLength: 1, maxLength: 64 }),
  itemText: Type.String({ minLength: 1, maxLength: 100 }),
  itemValue: Type.String({ minLength: 1, maxLength: 100, pattern: '^[^,]+$' }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  sortOrder: Type.Optional(Type.Union([Type.Integer({ minimum: -100000, maximum: 100000 }), Type.Null()])),
  status: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Null()])),
});
const ItemEditBody = Type.Composite([Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }), Type.Partial(ItemBody)]);

/** Items of a dictionary (protocol §5): ordered by sortOrder, value unique within its dictionary. */
export async function dictItemRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;

  const valueTaken = async (dictId: string, value: string, exceptId?: string) => {
    let q = db.selectFrom('sysDictItem').select('id').where('dictId', '=', dictId).where('itemValue', '=', value);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  };

  app.get('/sys/dictItem/list', { config: { access: 'login' } }, async (request) =>
    ok(
      await listPage<Selectable<SysDictItemTable>>(
        app.ctx.db,
        db.selectFrom('sysDictItem'),
        ITEM_FIELDS,
        request.query as Record<string, unknown>,
        ['sortOrder', 'asc'],
      ),
    ),
  );

  app.post('/sys/dictItem/add', { config: { access: 'dict:add' }, schema: { body: ItemBody } }, async (request) => {
    const b = request.body;
    const dict = await db.selectFrom('sysDict').select('id').where('id', '=', b.dictId).where('delFlag', '=', 0).executeTakeFirst();
    if (!dict) throw notFound('字典不存在');
    if (await valueTaken(b.dictId, b.itemValue)) throw bizError('该值不可用，系统中已存在！');
    const id = newId();
    await trackedWrite(db, request, 'sys_dict_item', [id], 'add', (trx) =>
      trx
      .insertInto('sysDictItem')
      .values({
        id,
        dictId: b.dictId,
        itemText: b.itemText,
        itemValue: b.itemValue,
        description: b.description ?? null,
        sortOrder: b.sortOrder ?? 1,
        status: b.status ?? 1,
        createBy: request.user().username,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      })
      .execute());
    request.log.info({ dictItemId: id, dictId: b.dictId }, 'dictionary item added');
    return okMessage('添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/dictItem/edit',
    config: { access: 'dict:edit' },
    schema: { body: ItemEditBody },
    handler: async (request) => {
      const b = request.body as Static<typeof ItemEditBody>;
      const row = await db.selectFrom('sysDictItem').selectAll().where('id', '=', b.id).executeTakeFirst();
      if (!row) throw notFound('未找到对应实体');
      if (b.itemValue !== undefined && (await valueTaken(row.dictId, b.itemValue, row.id))) throw bizError('该值不可用，系统中已存在！');
      // The item stays in its dictionary; only its own fields change.
      await trackedWrite(db, request, 'sys_dict_item', [row.id], 'edit', (trx) =>
        trx
        .updateTable('sysDictItem')
        .set({
          itemText: b.itemText ?? row.itemText,
          itemValue: b.itemValue ?? row.itemValue,
          description: b.description === undefined ? row.description : b.description,
          sortOrder: b.sortOrder ?? row.sortOrder,
          status: b.status ?? row.status,
          updateBy: request.user().username,
          updateTime: formatDateTime(),
        })
        .where('id', '=', row.id)
        .execute());
      request.log.info({ dictItemId: row.id }, 'dictionary item edited');
      return okMessage('编辑成功!');
    },
  });

  app.delete(
    '/sys/dictItem/delete',
    { config: { access: 'dict:delete' }, schema: { querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }) } },
    async (request) => {
      const res = await trackedWrite(db, request, 'sys_dict_item', [request.query.id], 'delete', (trx) =>
        trx.deleteFrom('sysDictItem').where('id', '=', request.query.id).executeTakeFirst(),
      );
      if (Number(res.numDeletedRows) === 0) throw notFound('未找到对应实体');
      request.log.info({ dictItemId: request.query.id }, 'dictionary item deleted');
      return okMessage('删除成功!');
    },
  );

  app.delete(
    '/sys/dictItem/deleteBatch',
    { config: { access: 'dict:delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      const ids = batchIds(request);
      await trackedWrite(db, request, 'sys_dict_item', ids, 'delete', (trx) => trx.deleteFrom('sysDictItem').where('id', 'in', ids).execute());
      request.log.info({ dictItemIds: ids }, 'dictionary items deleted');
      return okMessage('批量删除成功!');
    },
  );

  app.get(
    '/sys/dictItem/dictItemCheck',
    {
      config: { access: 'login' },
      schema: {
        querystring: Type.Object({
          dictId: Type.String({ minLength: 1, maxLength: 64 }),
          itemValue: Type.String({ maxLength: 100 }),
          id: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      },
    },
    async (request) => {
      const { dictId, itemValue, id } = request.query;
      if (await valueTaken(dictId, itemValue, id || undefined)) throw bizError('该值不可用，系统中已存在！');
      return okMessage('该值可用！');
    },
  );
}
