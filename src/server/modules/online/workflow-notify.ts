import type { FastifyRequest } from 'fastify';
import type { EntityDefinition, EntityTransition } from '../../../shared/schema-types.js';
import type { AppContext } from '../../context.js';
import { sendMessage } from '../message/send.js';
import type { EntityModel } from './entity-model.js';
import type { EntityRow } from './entity-records.js';
import { stateText } from './workflow.js';

/** Where a notice about a record leads: a tracked entity's tracking screen (its whole story), else its list. */
export const recordLink = (entity: EntityDefinition, id: string) =>
  entity.track ? `/online/track/${entity.code}/${id}` : `/online/cgformList/${entity.code}?id=${id}`;

/** Sends the transition's message to its declared recipients, with a link that opens the record. */
export async function notifyTransition(
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  t: EntityTransition,
  row: EntityRow,
  comment: string | null,
) {
  const n = t.notify;
  if (!n) return;
  const db = ctx.db.kysely;
  const session = request.user();
  const tenantId = typeof row.tenantId === 'number' ? row.tenantId : session.tenantId;
  const names = [n.creator ? row.createBy : null, n.userField ? row[n.userField] : null].filter(
    (v): v is string => typeof v === 'string' && v !== '',
  );
  const ids = new Set<string>();
  if (names.length)
    for (const u of await db
      .selectFrom('sysUser')
      .select('id')
      .where('username', 'in', names)
      .where('status', '=', 1)
      .execute())
      ids.add(u.id);
  if (n.roles?.length) {
    const members = await db
      .selectFrom('sysUser')
      .innerJoin('sysUserRole', 'sysUserRole.userId', 'sysUser.id')
      .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
      .select(['sysUser.id', 'sysUser.relTenantIds'])
      .where('sysRole.roleCode', 'in', n.roles)
      .where('sysRole.tenantId', 'in', [0, tenantId])
      .where('sysUser.status', '=', 1)
      .execute();
    // A tenant's record is news only to that tenant's members.
    for (const m of members)
      if (!model.entity.scope?.tenant || (m.relTenantIds ?? '').split(',').includes(String(tenantId)))
        ids.add(m.id);
  }
  ids.delete(session.userId);
  const label = String(row[model.entity.fields[0]?.name ?? 'id'] ?? row.id);
  const state = stateText(ctx.defs, model.entity, t.to);
  await sendMessage(ctx, {
    userIds: [...ids],
    title: `${model.entity.name}“${label}”已${t.name}，当前状态：${state}`,
    content: comment ? `${session.username}：${comment}` : `处理人：${session.username}`,
    classify: 'workflow',
    classifyName: '流程通知',
    redirect: { type: 'web', webUrl: recordLink(model.entity, String(row.id)) },
    tenantId,
    createBy: session.username,
  });
}
