import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { trackedWrite } from '../history/system-change.js';
import { badRequest, bizError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { BATCH_IDS_QUERY, IdParam, batchIds } from '../../lib/id-list.js';
import { listFilters, paging, sortKeys, type FieldMap } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { assertPlainText } from './plain-text.js';

/** More templates than this do not fit a select; the template page lists them all. */
const MAX_OPTIONS = 500;

export const TEMPLATE_FIELDS: FieldMap = {
  id: { type: 'string' },
  code: { type: 'string' },
  name: { type: 'string' },
  tplType: { type: 'string', dict: 'msg_tpl_type' },
  title: { type: 'string' },
  status: { type: 'string', dict: 'msg_tpl_status' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
  updateTime: { type: 'datetime' },
};

const TemplateBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,50}$' }),
    name: Type.String({ minLength: 1, maxLength: 50 }),
    tplType: Type.Union([Type.Literal('system'), Type.Literal('sms'), Type.Literal('email')]),
    title: Type.String({ minLength: 1, maxLength: 100 }),
    content: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()])),
    status: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
  },
  { additionalProperties: false },
);
type TemplateBodyT = typeof TemplateBody.static;

/**
 * Message templates (`/sys/message/sysMessageTemplate/*`) of the session's tenant: a code, a type
 * (in-app, SMS, e-mail), a title and a plain-text content with `${name}` placeholders.
 */
export async function messageTemplateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;
  const BASE = '/sys/message/sysMessageTemplate';

  const load = async (request: FastifyRequest, id: string) => {
    const row = await db.selectFrom('sysMessageTemplate').selectAll().where('id', '=', id).where('tenantId', '=', request.user().tenantId).executeTakeFirst();
    if (!row) throw bizError('未找到对应数据');
    return row;
  };
  const codeTaken = async (tenantId: number, code: string, exceptId?: string) => {
    let q = db.selectFrom('sysMessageTemplate').select('id').where('tenantId', '=', tenantId).where('code', '=', code);
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };
  const clean = (body: TemplateBodyT) => {
    const name = body.name.trim();
    const title = body.title.trim();
    if (!name) throw badRequest('模板名称不能为空');
    if (!title) throw badRequest('模板标题不能为空');
    const content = body.content?.trim() || null;
    assertPlainText('模板标题', title);
    assertPlainText('模板内容', content);
    return { code: body.code, name, tplType: body.tplType, title, content, status: body.status ?? '1' };
  };

  app.get(`${BASE}/list`, { config: { access: 'msgTemplate:list' }, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const tenantId = request.user().tenantId;
    const q = db
      .selectFrom('sysMessageTemplate')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where((eb) => listFilters(eb, TEMPLATE_FIELDS, query));
    const result = await fetchPage(ctx.db, q, sortKeys(TEMPLATE_FIELDS, query, ['createTime', 'desc']), paging(query));
    return ok({ ...result, records: await attachDictText(db, ctx.defs, result.records, TEMPLATE_FIELDS, tenantId) });
  });

  /** The templates a sender may pick in the send form: enabled in-app ones of his tenant, by name. */
  app.get(`${BASE}/options`, { config: { access: 'message:send' } }, async (request) =>
    ok(
      await db
        .selectFrom('sysMessageTemplate')
        .select(['id', 'code', 'name', 'title', 'content'])
        .where('tenantId', '=', request.user().tenantId)
        .where('status', '=', '1')
        .where('tplType', '=', 'system')
        .orderBy('name')
        .limit(MAX_OPTIONS)
        .execute(),
    ),
  );

  app.get(`${BASE}/queryById`, { config: { access: 'msgTemplate:list' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) =>
    ok(await load(request, request.query.id)),
  );

  app.post(`${BASE}/add`, { config: { access: 'msgTemplate:add' }, schema: { body: TemplateBody } }, async (request) => {
    const session = request.user();
    const v = clean(request.body);
    if (await codeTaken(session.tenantId, v.code)) throw bizError('模板编码已存在');
    const id = newId();
    await trackedWrite(db, request, 'sys_message_template', [id], 'add', (trx) =>
      trx
        .insertInto('sysMessageTemplate')
        .values({ id, tenantId: session.tenantId, ...v, createBy: session.username, createTime: formatDateTime(), updateBy: null, updateTime: null })
        .execute(),
    );
    return okMessage('添加成功！');
  });

  const EditBody = Type.Composite([TemplateBody, Type.Object({ id: IdParam() })], { additionalProperties: false });
  const edit = async (request: FastifyRequest<{ Body: typeof EditBody.static }>) => {
    const row = await load(request, request.body.id);
    const v = clean(request.body);
    if (await codeTaken(row.tenantId, v.code, row.id)) throw bizError('模板编码已存在');
    const session = request.user();
    await trackedWrite(db, request, 'sys_message_template', [row.id], 'edit', (trx) =>
      trx.updateTable('sysMessageTemplate').set({ ...v, updateBy: session.username, updateTime: formatDateTime() }).where('id', '=', row.id).execute(),
    );
    return okMessage('编辑成功!');
  };
  app.put(`${BASE}/edit`, { config: { access: 'msgTemplate:edit' }, schema: { body: EditBody } }, edit);
  app.post(`${BASE}/edit`, { config: { access: 'msgTemplate:edit' }, schema: { body: EditBody } }, edit);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const tenantId = request.user().tenantId;
    const rows = await db.selectFrom('sysMessageTemplate').select('id').where('id', 'in', ids).where('tenantId', '=', tenantId).execute();
    if (rows.length !== new Set(ids).size) throw bizError('未找到对应数据');
    // The send log keeps the template's name, so past sends stay readable.
    await trackedWrite(db, request, 'sys_message_template', ids, 'delete', (trx) =>
      trx.deleteFrom('sysMessageTemplate').where('id', 'in', ids).where('tenantId', '=', tenantId).execute(),
    );
    request.log.info({ by: request.user().userId, templateIds: ids }, 'message templates deleted');
  };
  app.delete(`${BASE}/delete`, { config: { access: 'msgTemplate:delete' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) => {
    await remove(request, [request.query.id]);
    return okMessage('删除成功!');
  });
  app.delete(`${BASE}/deleteBatch`, { config: { access: 'msgTemplate:delete' }, schema: { querystring: BATCH_IDS_QUERY } }, async (request) => {
    await remove(request, batchIds(request));
    return okMessage('批量删除成功!');
  });
}
