import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { MessageRedirect } from '../../../shared/notices.js';
import type { EntityTrigger } from '../../../shared/schema-types.js';
import { dataScope } from '../../auth/scope.js';
import type { Session } from '../../auth/sessions.js';
import type { AppContext } from '../../context.js';
import { attachDictText } from '../../lib/dict-text.js';
import { sendMessage } from '../message/send.js';
import type { EntityModel } from './entity-model.js';
import { dbOf, protectRecords, type EntityRow } from './entity-records.js';
import { scopePredicate } from './entity-scope.js';
import { refTarget, isRef } from './ref-lookup.js';
import { attachRefText } from './ref-text.js';
import { recordLink } from './workflow-notify.js';

const CLASSIFY = { classify: 'trigger', classifyName: '规则提醒' } as const;

/** The usernames `userField` names: a sel_user field of the record, or `<ref>.<sel_user field of its row>`. */
async function namedUser(
  ctx: AppContext,
  model: EntityModel,
  row: EntityRow,
  userField: string,
): Promise<string | null> {
  const [first, second] = userField.split('.');
  if (!second) return typeof row[first] === 'string' ? (row[first] as string) : null;
  const ref = model.entity.fields.find((f) => f.name === first);
  const id = row[first];
  if (!ref || !isRef(ref) || id === null || id === undefined || id === '') return null;
  const target = (await dbOf(ctx)
    .selectFrom(refTarget(ctx.defs, ref).code)
    .select(sql.ref(second).as('name'))
    .where(sql.ref('id'), '=', String(id))
    .executeTakeFirst()) as { name?: unknown } | undefined;
  return typeof target?.name === 'string' ? target.name : null;
}

/** Enabled holders of the roles (of the record's tenant) whose data scope covers the created record. */
async function roleHolders(
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  row: EntityRow,
  roles: string[],
) {
  const db = ctx.db.kysely;
  const tenantId = typeof row.tenantId === 'number' ? row.tenantId : request.user().tenantId;
  const members = await db
    .selectFrom('sysUser')
    .innerJoin('sysUserRole', 'sysUserRole.userId', 'sysUser.id')
    .innerJoin('sysRole', 'sysRole.id', 'sysUserRole.roleId')
    .select(['sysUser.id', 'sysUser.username', 'sysUser.realname', 'sysUser.orgCode', 'sysUser.relTenantIds'])
    .where('sysRole.roleCode', 'in', roles)
    .where('sysRole.tenantId', 'in', [0, tenantId])
    .where('sysUser.status', '=', 1)
    .execute();
  const out: string[] = [];
  for (const m of new Map(members.map((x) => [x.id, x])).values()) {
    const tenants = (m.relTenantIds ?? '').split(',').filter(Boolean).map(Number);
    if (model.entity.scope?.tenant && !tenants.includes(tenantId)) continue;
    // The record must be one this holder would see in his list (spec §6: a doctor his own patients').
    const session: Session = {
      ...request.user(),
      id: `trigger-${m.id}`,
      userId: m.id,
      username: m.username,
      realname: m.realname,
      orgCode: m.orgCode,
      tenantId,
      relTenantIds: tenants,
    };
    const covers = scopePredicate(model.entity, session, await dataScope(db, session), ctx.defs.entities);
    const seen = await dbOf(ctx)
      .selectFrom(model.table)
      .select(sql.ref('id').as('id'))
      .where(sql.ref('id'), '=', String(row.id))
      .where(covers)
      .executeTakeFirst();
    if (seen) out.push(m.id);
  }
  return out;
}

/** `{field}` placeholders filled with the record's display values, as its list shows them (masked alike). */
async function titleOf(
  ctx: AppContext,
  request: FastifyRequest,
  model: EntityModel,
  row: EntityRow,
  title: string,
) {
  const withDicts = await attachDictText(
    ctx.db.kysely,
    ctx.defs,
    [row],
    model.fields,
    request.user().tenantId,
  );
  const [shown] = await protectRecords(
    ctx,
    request,
    model,
    await attachRefText(request, model.entity, withDicts),
  );
  return title.replace(/\{([A-Za-z][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    if (!model.byName.has(name)) return whole;
    const v = shown[`${name}_dictText`] ?? shown[name];
    return v === null || v === undefined ? '' : String(v);
  });
}

/**
 * Tells the people a trigger names that it added record `id` of `model` (after the commit): the user of
 * its userField and the holders of its roles who may see the record, the writer too (a doctor entering
 * an abnormal reading is the one to act on it).
 */
export async function notifyTrigger(
  ctx: AppContext,
  request: FastifyRequest,
  t: EntityTrigger,
  model: EntityModel,
  id: string,
): Promise<void> {
  const n = t.notify;
  if (!n) return;
  const row = (await dbOf(ctx)
    .selectFrom(model.table)
    .selectAll()
    .where(sql.ref('id'), '=', id)
    .executeTakeFirst()) as EntityRow | undefined;
  if (!row) return;
  const userIds = new Set<string>();
  const username = n.userField ? await namedUser(ctx, model, row, n.userField) : null;
  if (username) {
    const user = await ctx.db.kysely
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', username)
      .where('status', '=', 1)
      .executeTakeFirst();
    if (user) userIds.add(user.id);
  }
  if (n.roles?.length) for (const u of await roleHolders(ctx, request, model, row, n.roles)) userIds.add(u);
  if (userIds.size === 0) return;
  const redirect: MessageRedirect =
    n.redirect === 'patientAbnormal'
      ? { type: 'patientAbnormal', param: { detailId: id } }
      : { type: 'web', webUrl: recordLink(model.entity, id) };
  const session = request.user();
  await sendMessage(ctx, {
    userIds: [...userIds],
    title: n.title ? await titleOf(ctx, request, model, row, n.title) : `${model.entity.name}：${t.name}`,
    content: `触发规则：${t.name}`,
    ...CLASSIFY,
    redirect,
    tenantId: typeof row.tenantId === 'number' ? row.tenantId : session.tenantId,
    createBy: session.username,
  });
}
