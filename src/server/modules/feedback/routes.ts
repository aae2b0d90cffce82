import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Updateable } from 'kysely';
import type { Database } from '../../db/tables.js';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { CLASSIFY } from '../../../shared/notices.js';
import { badRequest, bizError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { listPage } from '../../lib/list-page.js';
import type { FieldMap } from '../../lib/list-query.js';
import { ListQuery } from '../../lib/paged-query.js';
import { sendMessage } from '../message/send.js';
import { trackSystemWrite } from '../history/system-change.js';

const LIST = 'feedback:list';
const HANDLE = 'feedback:handle';

/** Statuses (dict feedback_status): 0 pending, 2 in progress, 1 done, 3 closed, 4 withdrawn. */
export const FEEDBACK_STATUS = {
  pending: '0',
  done: '1',
  inProgress: '2',
  closed: '3',
  withdrawn: '4',
} as const;
/** Only pending and in-progress feedback can still be handled (the deal button hides for 1, 3, 4). */
const HANDLEABLE: string[] = [FEEDBACK_STATUS.pending, FEEDBACK_STATUS.inProgress];

const FIELDS: FieldMap = {
  fbType: { type: 'string', dict: 'feedback_type' },
  status: { type: 'string', dict: 'feedback_status' },
  content: { type: 'string' },
  contact: { type: 'string' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
  handleBy: { type: 'string' },
  handleTime: { type: 'datetime' },
};

/** Stored upload paths (comma-joined), never URLs with a scheme or parent segments. */
const IMAGE_PATHS = '^$|^[A-Za-z0-9_\\-/.]+(,[A-Za-z0-9_\\-/.]+)*$';

const AddBody = Type.Object({
  fbType: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]),
  content: Type.String({ minLength: 1, maxLength: 2000 }),
  contact: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  images: Type.Optional(Type.Union([Type.String({ maxLength: 2000, pattern: IMAGE_PATHS }), Type.Null()])),
});
const HandleBody = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64 }),
  status: Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')]),
  reply: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
});
const IdBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * Feedback (意见反馈): every user submits and follows their own; administrators of the tenant list
 * and handle it, and the submitter gets a message when it is answered.
 */
export async function feedbackRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const withText = (records: Record<string, unknown>[]) => attachDictText(db, ctx.defs, records, FIELDS);
  const inTenant = (request: FastifyRequest) =>
    db.selectFrom('sysFeedback').where('tenantId', '=', request.user().tenantId);
  /** Changes one feedback row, recorded in its history in the same transaction. */
  const update = (request: FastifyRequest, id: string, values: Updateable<Database['sysFeedback']>) =>
    db.transaction().execute((trx) =>
      trackSystemWrite(trx, request, 'sys_feedback', [id], 'edit', () =>
        trx.updateTable('sysFeedback').set(values).where('id', '=', id).execute(),
      ),
    );

  app.post(
    '/api/sys/feedback/add',
    { config: { access: 'login' }, schema: { body: AddBody } },
    async (request) => {
      const user = request.user();
      const { fbType, content, contact, images } = request.body;
      if (images && images.split(',').some((p) => p.split('/').includes('..') || p.startsWith('/')))
        throw badRequest('参数 images 格式不正确');
      const id = newId();
      await db.transaction().execute((trx) =>
        trackSystemWrite(trx, request, 'sys_feedback', [id], 'add', () =>
          trx
            .insertInto('sysFeedback')
            .values({
              id,
              tenantId: user.tenantId,
              userId: user.userId,
              fbType,
              content: content.trim(),
              contact: contact?.trim() || null,
              images: images || null,
              status: FEEDBACK_STATUS.pending,
              reply: null,
              handleBy: null,
              handleTime: null,
              createBy: user.username,
              createTime: formatDateTime(),
              updateBy: null,
              updateTime: null,
            })
            .execute(),
        ),
      );
      return ok({ id }, '提交成功，感谢您的反馈！');
    },
  );

  app.get(
    '/api/sys/feedback/myList',
    { config: { access: 'login' }, schema: { querystring: ListQuery } },
    async (request) => {
      const base = inTenant(request).where('userId', '=', request.user().userId);
      const result = await listPage<Record<string, unknown>>(ctx.db, base, FIELDS, request.query, [
        'createTime',
        'desc',
      ]);
      return ok({ ...result, records: await withText(result.records) });
    },
  );

  app.get(
    '/api/sys/feedback/list',
    { config: { access: LIST }, schema: { querystring: ListQuery } },
    async (request) => {
      const result = await listPage<Record<string, unknown>>(
        ctx.db,
        inTenant(request),
        FIELDS,
        request.query,
        ['createTime', 'desc'],
      );
      return ok({ ...result, records: await withText(result.records) });
    },
  );

  /** How much of the tenant's feedback still waits to be handled: the 意见反馈管理 menu badge (cornerMark). */
  app.get('/api/sys/feedback/pendingCount', { config: { access: LIST } }, async (request) => {
    const row = await inTenant(request)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', HANDLEABLE)
      .executeTakeFirst();
    return ok(Number(row?.n ?? 0));
  });

  /** Own feedback, or any of the tenant for those who may list it. */
  app.get(
    '/api/sys/feedback/queryById',
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) }) },
    },
    async (request) => {
      let q = inTenant(request).selectAll().where('id', '=', request.query.id);
      if (!(await request.permissions()).has(LIST)) q = q.where('userId', '=', request.user().userId);
      const row = await q.executeTakeFirst();
      if (!row) throw bizError('未找到对应数据');
      return ok((await withText([row]))[0]);
    },
  );

  app.post(
    '/api/sys/feedback/handle',
    { config: { access: HANDLE }, schema: { body: HandleBody } },
    async (request) => {
      const { id, status } = request.body;
      const reply = request.body.reply?.trim() || null;
      const row = await inTenant(request).selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw bizError('未找到对应数据');
      if (!HANDLEABLE.includes(row.status)) throw bizError('该反馈已处理完毕，不能再次处理');
      if (status !== FEEDBACK_STATUS.inProgress && !reply) throw bizError('请填写处理意见');
      const user = request.user();
      const now = formatDateTime();
      await update(request, row.id, {
        status,
        reply,
        handleBy: user.username,
        handleTime: now,
        updateBy: user.username,
        updateTime: now,
      });
      request.log.info({ feedbackId: row.id, status, by: user.userId }, 'feedback handled');
      const statusText =
        status === FEEDBACK_STATUS.done ? '已处理' : status === FEEDBACK_STATUS.closed ? '已关闭' : '处理中';
      await sendMessage(ctx, {
        userIds: [row.userId],
        title: `您的意见反馈${statusText}`,
        content: reply ?? row.content.slice(0, 100),
        classify: CLASSIFY.feedback,
        classifyName: '意见反馈',
        msgColor: status === FEEDBACK_STATUS.closed ? 'gray' : 'green',
        redirect: { type: 'web', webUrl: '/system/feedback/my/List' },
        tenantId: row.tenantId,
        createBy: user.username,
      });
      return okMessage('处理成功！');
    },
  );

  app.post(
    '/api/sys/feedback/withdraw',
    { config: { access: 'login' }, schema: { body: IdBody } },
    async (request) => {
      const user = request.user();
      const row = await inTenant(request)
        .select(['id', 'status'])
        .where('id', '=', request.body.id)
        .where('userId', '=', user.userId)
        .executeTakeFirst();
      if (!row) throw bizError('未找到对应数据');
      if (row.status !== FEEDBACK_STATUS.pending) throw bizError('只有待处理的反馈可以撤回');
      await update(request, row.id, {
        status: FEEDBACK_STATUS.withdrawn,
        updateBy: user.username,
        updateTime: formatDateTime(),
      });
      return okMessage('撤回成功！');
    },
  );
}
