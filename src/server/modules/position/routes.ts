import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { bizError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { IdParam, BATCH_IDS_QUERY, batchIds } from '../../lib/id-list.js';
import { listFilters, paging, sortKeys, type FieldMap } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { trackedWrite } from '../history/system-change.js';

export const POSITION_FIELDS: FieldMap = {
  id: { type: 'string' },
  code: { type: 'string' },
  name: { type: 'string' },
  postRank: { type: 'string', dict: 'position_rank' },
  companyId: { type: 'string' },
  sysOrgCode: { type: 'string' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
  updateTime: { type: 'datetime' },
};

/** The positions a caller's list shows (and exports): the session tenant's. */
export const positionListBase = (db: Kysely<Database>, request: FastifyRequest) =>
  db.selectFrom('sysPosition').where('tenantId', '=', request.user().tenantId);

const Rank = Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3'), Type.Literal('4'), Type.Literal('5'), Type.Literal(''), Type.Null()]));
/** A position form; `rank` is the picker's name for `postRank`. The owning organisation is the creator's. */
const PositionBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,50}$' }),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    postRank: Rank,
    rank: Rank,
    companyId: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  },
  { additionalProperties: false },
);
type PositionBodyT = Static<typeof PositionBody>;

/**
 * Positions (protocol §10 SysPosition) of the session's tenant. Users refer to a position by its code
 * (`sys_user.post`), so a code in use can be neither changed nor deleted.
 */
export async function positionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  /** Records with `postRank_dictText` plus the picker's `rank` / `rank_dictText`. */
  const decorate = async <T extends { postRank: string | null }>(rows: T[], tenantId: number) =>
    (await attachDictText(db, ctx.defs, rows, POSITION_FIELDS, tenantId)).map((r) => ({
      ...r,
      rank: r.postRank,
      rank_dictText: (r as Record<string, unknown>).postRank_dictText ?? null,
    }));

  const load = async (request: FastifyRequest, id: string) => {
    const row = await db.selectFrom('sysPosition').selectAll().where('id', '=', id).where('tenantId', '=', request.user().tenantId).executeTakeFirst();
    if (!row) throw bizError('未找到对应数据');
    return row;
  };
  const inUse = async (code: string) =>
    !!(await db.selectFrom('sysUser').select('id').where('post', '=', code).where('delFlag', '=', 0).executeTakeFirst());
  const codeTaken = async (code: string, exceptId?: string) => {
    let q = db.selectFrom('sysPosition').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };
  const rankOf = (body: PositionBodyT) => {
    const r = body.postRank !== undefined ? body.postRank : body.rank;
    return r === undefined ? undefined : r || null;
  };

  app.get('/sys/position/list', { config: { access: 'login' }, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const tenantId = request.user().tenantId;
    const q = positionListBase(db, request)
      .selectAll()
      .where((eb) => listFilters(eb, POSITION_FIELDS, query));
    const result = await fetchPage(ctx.db, q, sortKeys(POSITION_FIELDS, query, ['createTime', 'desc']), paging(query));
    return ok({ ...result, records: await decorate(result.records, tenantId) });
  });

  app.get(
    '/sys/position/queryByCode',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ code: Type.String({ maxLength: 50 }) }) } },
    async (request) => {
      const tenantId = request.user().tenantId;
      const row = await db.selectFrom('sysPosition').selectAll().where('code', '=', request.query.code).where('tenantId', '=', tenantId).executeTakeFirst();
      if (!row) throw bizError('未找到对应数据');
      return ok((await decorate([row], tenantId))[0]);
    },
  );

  app.post('/sys/position/add', { config: { access: 'position:add' }, schema: { body: PositionBody } }, async (request) => {
    const session = request.user();
    const body = request.body;
    if (await codeTaken(body.code)) throw bizError('职务编码已存在');
    const id = newId();
    await trackedWrite(db, request, 'sys_position', [id], 'add', (trx) =>
      trx
      .insertInto('sysPosition')
      .values({
        id,
        code: body.code,
        name: body.name.trim(),
        postRank: rankOf(body) ?? null,
        companyId: body.companyId || null,
        sysOrgCode: session.orgCode,
        tenantId: session.tenantId,
        createBy: session.username,
        createTime: formatDateTime(),
        updateBy: null,
        updateTime: null,
      })
      .execute());
    return okMessage('添加成功！');
  });

  const EditBody = Type.Composite([PositionBody, Type.Object({ id: IdParam() })], { additionalProperties: false });
  const edit = async (request: FastifyRequest<{ Body: typeof EditBody.static }>) => {
    const row = await load(request, request.body.id);
    const body = request.body;
    if (body.code !== row.code) {
      if (await inUse(row.code)) throw bizError('该职务已被用户使用，编码不能修改');
      if (await codeTaken(body.code, row.id)) throw bizError('职务编码已存在');
    }
    const session = request.user();
    const rank = rankOf(body);
    await trackedWrite(db, request, 'sys_position', [row.id], 'edit', (trx) =>
      trx
      .updateTable('sysPosition')
      .set({
        code: body.code,
        name: body.name.trim(),
        ...(rank !== undefined ? { postRank: rank } : {}),
        ...(body.companyId !== undefined ? { companyId: body.companyId || null } : {}),
        updateBy: session.username,
        updateTime: formatDateTime(),
      })
      .where('id', '=', row.id)
      .execute());
    return okMessage('编辑成功!');
  };
  app.put('/sys/position/edit', { config: { access: 'position:edit' }, schema: { body: EditBody } }, edit);
  app.post('/sys/position/edit', { config: { access: 'position:edit' }, schema: { body: EditBody } }, edit);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    for (const id of ids) {
      const row = await load(request, id);
      if (await inUse(row.code)) throw bizError(`职务「${row.name}」已被用户使用，无法删除`);
    }
    await trackedWrite(db, request, 'sys_position', ids, 'delete', (trx) => trx.deleteFrom('sysPosition').where('id', 'in', ids).execute());
    request.log.info({ by: request.user().userId, positionIds: ids }, 'positions deleted');
  };
  app.delete('/sys/position/delete', { config: { access: 'position:delete' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) => {
    await remove(request, [request.query.id]);
    return okMessage('删除成功!');
  });
  app.delete(
    '/sys/position/deleteBatch',
    { config: { access: 'position:delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      await remove(request, batchIds(request));
      return okMessage('批量删除成功!');
    },
  );
}
