import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { CLASSIFY } from '../../../shared/notices.js';
import { badRequest, bizError } from '../../http/errors.js';
import { ID_PATTERN } from '../../lib/id-list.js';
import { listFilters, paging, sortKeys, type FieldMap } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { assertPlainText } from './plain-text.js';
import { resolveRecipients } from './recipients.js';
import { sendMessage } from './send.js';
import { MAX_VALUE_CHARS, MissingValuesError, parseValueLines, renderTemplate } from './template-text.js';

const SEND_FIELDS: FieldMap = {
  id: { type: 'string' },
  title: { type: 'string' },
  templateName: { type: 'string' },
  sender: { type: 'string' },
  recipientCount: { type: 'number' },
  createTime: { type: 'datetime' },
};

const SEND_ID = new RegExp(ID_PATTERN);
const IdsText = Type.Optional(Type.Union([Type.String({ maxLength: 70_000 }), Type.Null()]));
const SendBody = Type.Object(
  {
    templateId: Type.Optional(Type.Union([Type.String({ pattern: '^$|^[A-Za-z0-9_-]{1,64}$' }), Type.Null()])),
    title: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
    content: Type.Optional(Type.Union([Type.String({ maxLength: 5000 }), Type.Null()])),
    /** `name=value` lines, or an object of names to texts. */
    values: Type.Optional(
      Type.Union([
        Type.String({ maxLength: 20_000 }),
        Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_.]{0,63}$' }), Type.String({ maxLength: MAX_VALUE_CHARS }), { maxProperties: 100 }),
        Type.Null(),
      ]),
    ),
    userIds: IdsText,
    roleIds: IdsText,
    departIds: IdsText,
  },
  // The console's send form also carries the template row's own fields; they are ignored.
  { additionalProperties: true },
);

/**
 * Sending messages from the console (`/sys/message/send/*`): typed text or a template with values, to
 * chosen users, roles or departments within the sender's scope, through the bell and the WebSocket push.
 * Every send is logged with its recipients, whose read state is that of their message.
 */
export async function messageSendRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  app.post('/sys/message/send/sendMsg', { config: { access: 'message:send' }, schema: { body: SendBody } }, async (request) => {
    const body = request.body;
    const session = request.user();
    let template: { id: string; name: string; title: string; content: string | null } | null = null;
    let title: string;
    let content: string | null;
    if (body.templateId) {
      const row = await db
        .selectFrom('sysMessageTemplate')
        .select(['id', 'name', 'title', 'content', 'tplType', 'status'])
        .where('id', '=', body.templateId)
        .where('tenantId', '=', session.tenantId)
        .executeTakeFirst();
      if (!row) throw bizError('消息模板不存在');
      if (row.status !== '1') throw bizError('该消息模板已停用');
      if (row.tplType !== 'system') throw bizError('短信和邮件通道尚未接入，只能发送站内消息模板');
      template = row;
      const values = typeof body.values === 'string' ? parseValueLines(body.values) : (body.values ?? {});
      if (typeof values === 'string') throw badRequest(values);
      try {
        title = renderTemplate(row.title, values);
        content = row.content ? renderTemplate(row.content, values) : null;
      } catch (e) {
        if (e instanceof MissingValuesError) throw badRequest(e.message);
        throw e;
      }
    } else {
      title = body.title?.trim() ?? '';
      content = body.content?.trim() || null;
      if (!title) throw badRequest('请填写消息标题或选择消息模板');
    }
    assertPlainText('消息标题', title);
    assertPlainText('消息内容', content);
    if (title.length > 200) throw badRequest('消息标题不能超过 200 个字符');

    const userIds = await resolveRecipients(db, request, body);
    const messageIds = await sendMessage(ctx, {
      userIds,
      title,
      content,
      classify: CLASSIFY.system,
      classifyName: '系统消息',
      tenantId: session.tenantId,
      createBy: session.username,
    });
    const sendId = newId();
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sysMessageSend')
        .values({
          id: sendId,
          tenantId: session.tenantId,
          templateId: template?.id ?? null,
          templateName: template?.name ?? null,
          title,
          content,
          senderId: session.userId,
          sender: session.username,
          recipientCount: userIds.length,
          createTime: formatDateTime(),
        })
        .execute();
      // sendMessage answers the message ids in the order of the (already unique) user ids.
      const rows = userIds.map((userId, i) => ({ id: newId(), sendId, userId, messageId: messageIds[i] }));
      for (let i = 0; i < rows.length; i += 200) await trx.insertInto('sysMessageSendUser').values(rows.slice(i, i + 200)).execute();
    });
    request.log.info({ sendId, recipients: userIds.length, by: session.userId }, 'message sent');
    return ok({ id: sendId, recipientCount: userIds.length }, `已发送给 ${userIds.length} 人`);
  });

  app.get('/sys/message/send/list', { config: { access: 'message:sendLog' }, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const q = db
      .selectFrom('sysMessageSend')
      .select(['id', 'title', 'content', 'templateName', 'sender', 'recipientCount', 'createTime'])
      .select((eb) =>
        eb
          .selectFrom('sysMessageSendUser as su')
          .innerJoin('sysMessage as m', 'm.id', 'su.messageId')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .whereRef('su.sendId', '=', 'sysMessageSend.id')
          .where('m.readFlag', '=', 1)
          .as('readCount'),
      )
      .where('tenantId', '=', request.user().tenantId)
      .where((eb) => listFilters(eb, SEND_FIELDS, query));
    const result = await fetchPage(ctx.db, q, sortKeys(SEND_FIELDS, query, ['createTime', 'desc']), paging(query));
    return ok({ ...result, records: result.records.map((r) => ({ ...r, readCount: Number(r.readCount ?? 0) })) });
  });

  /** Who a send reached and whether each has read it (a deleted message counts as unread). */
  app.get(
    '/sys/message/send/recipients',
    { config: { access: 'message:sendLog' }, schema: { querystring: ListQuery } },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const sendId = query.sendId;
      if (typeof sendId !== 'string' || !SEND_ID.test(sendId)) throw badRequest('缺少必填参数：sendId');
      const send = await db
        .selectFrom('sysMessageSend')
        .select('id')
        .where('id', '=', sendId)
        .where('tenantId', '=', request.user().tenantId)
        .executeTakeFirst();
      if (!send) throw bizError('未找到对应数据');
      const q = db
        .selectFrom('sysMessageSendUser as su')
        .leftJoin('sysUser as u', 'u.id', 'su.userId')
        .leftJoin('sysMessage as m', 'm.id', 'su.messageId')
        .select(['su.id as id', 'u.username as username', 'u.realname as realname', 'm.readFlag as readFlag', 'm.readTime as readTime'])
        .where('su.sendId', '=', send.id);
      const result = await fetchPage(ctx.db, q, [['u.username', 'asc']], paging(query), 'su.id');
      return ok({
        ...result,
        records: result.records.map((r) => ({ ...r, readFlag: String(r.readFlag ?? 0), readFlag_dictText: r.readFlag === 1 ? '已读' : '未读' })),
      });
    },
  );
}
