import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import type { Kysely, Selectable } from 'kysely';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { Database, SysDictTable } from '../../db/tables.js';
import { bizError, notFound } from '../../http/errors.js';
import { BATCH_IDS_QUERY, batchIds } from '../../lib/id-list.js';
import { listPage } from '../../lib/list-page.js';
import { contains } from '../../lib/like.js';
import type { FieldMap } from '../../lib/list-query.js';
import { trackedWrite } from '../history/system-change.js';

export const DICT_FIELDS: FieldMap = {
  dictName: { type: 'string' },
  dictCode: { type: 'string' },
  description: { type: 'string' },
  type: { type: 'number' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
  updateTime: { type: 'datetime' },
};

/** The dictionaries the list shows (and exports): those not in the recycle bin. */
export const dictListBase = (db: Kysely<Database>) => db.selectFrom('sysDict').where('delFlag', '=', 0);

/** A plain code never contains a comma: that would turn it into a table dictionary. */
const DictBody = Type.Object({
  dictName: Type.String({ minLength: 1, maxLength: 100 }),
  dictCode: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.-]+$' }),
  description: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
  type: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Null()])),
});
const DictEditBody = Type.Composite([Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }), DictBody]);
type DictInput = Static<typeof DictBody>;

/** Dictionary administration (protocol §5/§10). Labels are plain text, stored and returned as typed. */
export async function dictAdminRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;

  const codeTaken = async (code: string, exceptId?: string) => {
    let q = db.selectFrom('sysDict').select('id').where('dictCode', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  };
  const values = (b: DictInput) => ({
    dictName: b.dictName,
    dictCode: b.dictCode,
    description: b.description ?? null,
    type: b.type ?? 0,
  });

  app.get('/sys/dict/list', { config: { access: 'login' } }, async (request) =>
    ok(
      await listPage<Selectable<SysDictTable>>(
        app.ctx.db,
        dictListBase(db),
        DICT_FIELDS,
        request.query as Record<string, unknown>,
        ['createTime', 'desc'],
      ),
    ),
  );

  app.get(
    '/sys/dict/treeList',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ dictName: Type.Optional(Type.String({ maxLength: 100 })) }) } },
    async (request) => {
      let q = db.selectFrom('sysDict').selectAll().where('delFlag', '=', 0);
      const name = request.query.dictName;
      if (name) q = q.where((eb) => contains(eb.ref('dictName'), name));
      const rows = await q.orderBy('dictCode').execute();
      return ok(rows.map((d) => ({ ...d, key: d.id, title: d.dictName })));
    },
  );

  app.post('/sys/dict/add', { config: { access: 'dict:add' }, schema: { body: DictBody } }, async (request) => {
    const b = request.body;
    if (await codeTaken(b.dictCode)) throw bizError(`字典编码 ${b.dictCode} 已存在`);
    const id = newId();
    await trackedWrite(db, request, 'sys_dict', [id], 'add', (trx) =>
      trx
      .insertInto('sysDict')
      .values({ id, ...values(b), delFlag: 0, createBy: request.user().username, createTime: formatDateTime(), updateBy: null, updateTime: null })
      .execute());
    request.log.info({ dictId: id, dictCode: b.dictCode }, 'dictionary added');
    return okMessage('添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/dict/edit',
    config: { access: 'dict:edit' },
    schema: { body: DictEditBody },
    handler: async (request) => {
      const b = request.body as Static<typeof DictEditBody>;
      const found = await db.selectFrom('sysDict').select('id').where('id', '=', b.id).where('delFlag', '=', 0).executeTakeFirst();
      if (!found) throw notFound('未找到对应实体');
      if (await codeTaken(b.dictCode, b.id)) throw bizError(`字典编码 ${b.dictCode} 已存在`);
      await trackedWrite(db, request, 'sys_dict', [b.id], 'edit', (trx) =>
        trx
        .updateTable('sysDict')
        .set({ ...values(b), updateBy: request.user().username, updateTime: formatDateTime() })
        .where('id', '=', b.id)
        .execute());
      request.log.info({ dictId: b.id }, 'dictionary edited');
      return okMessage('编辑成功!');
    },
  });

  // Logical delete, as the original: the code stays reserved and schema sync does not bring it back.
  const remove = async (request: FastifyRequest, ids: string[], username: string) =>
    trackedWrite(db, request, 'sys_dict', ids, 'delete', (trx) =>
      trx
      .updateTable('sysDict')
      .set({ delFlag: 1, updateBy: username, updateTime: formatDateTime() })
      .where('id', 'in', ids)
      .where('delFlag', '=', 0)
      .executeTakeFirst());

  app.delete(
    '/sys/dict/delete',
    { config: { access: 'dict:delete' }, schema: { querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }) } },
    async (request) => {
      const res = await remove(request, [request.query.id], request.user().username);
      if (Number(res.numUpdatedRows) === 0) throw notFound('未找到对应实体');
      request.log.info({ dictId: request.query.id }, 'dictionary deleted');
      return okMessage('删除成功!');
    },
  );

  app.delete(
    '/sys/dict/deleteBatch',
    { config: { access: 'dict:delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      const ids = batchIds(request);
      await remove(request, ids, request.user().username);
      request.log.info({ dictIds: ids }, 'dictionaries deleted');
      return okMessage('批量删除成功!');
    },
  );
}
