import type { FastifyRequest } from 'fastify';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { sendMessage } from '../message/send.js';
import { KIND_TEXT, STATUS_TEXT, type Application } from './applications.js';
import { auditorsOf } from './audit-scope.js';

const CLASSIFY = { classify: 'dataApply', classifyName: '数据审核' } as const;

/** Tells the auditors who may audit it that an application waits (a link to the audit screen). */
export async function notifyAuditors(request: FastifyRequest, entity: EntityDefinition, app: Application, title: string) {
  const userIds = await auditorsOf(request, entity, app);
  if (!userIds.length) return;
  const session = request.user();
  await sendMessage(request.server.ctx, {
    userIds,
    title: `${session.realname || session.username}提交了${entity.name}“${title}”的${KIND_TEXT[app.kind]}，请审核`,
    content: app.reason ? `申请原因：${app.reason}` : null,
    ...CLASSIFY,
    redirect: { type: 'web', webUrl: `/dynamicForm/applyAudit?id=${app.id}` },
    tenantId: app.tenantId,
    createBy: session.username,
  });
}

/** Tells the applicant how his application ended (approved, rejected or stale). */
export async function notifyApplicant(
  request: FastifyRequest,
  entity: EntityDefinition,
  app: Application,
  status: 'approved' | 'rejected' | 'stale',
  title: string,
  comment: string | null,
) {
  const session = request.user();
  await sendMessage(request.server.ctx, {
    userIds: [app.applicantId],
    title: `您对${entity.name}“${title}”的${KIND_TEXT[app.kind]}${STATUS_TEXT[status]}`,
    content:
      status === 'stale'
        ? '申请提交后数据已被修改，请重新提交'
        : comment
          ? `${session.realname || session.username}：${comment}`
          : `审核人：${session.realname || session.username}`,
    ...CLASSIFY,
    redirect: { type: 'web', webUrl: `/dynamicForm/applyDetails?id=${app.id}` },
    tenantId: app.tenantId,
    createBy: session.username,
  });
}
