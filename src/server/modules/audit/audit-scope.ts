import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { dataScope } from '../../auth/scope.js';
import type { Session } from '../../auth/sessions.js';
import type { Definitions } from '../../definitions/load.js';
import type { Database } from '../../db/tables.js';
import { scopePredicate, type EntityEB, type ScopePredicate } from '../online/entity-scope.js';
import { dbOf } from '../online/entity-records.js';
import type { Application } from './applications.js';

/**
 * Who audits which applications: holders of `<code>:audit` whose data scope covers the application's
 * scope columns (the record's, or the applicant's for an add) — the same predicate as the entity's rows,
 * applied to sys_data_apply, whose scope columns carry the same names.
 */

export const auditCode = (e: EntityDefinition) => `${e.code}:audit`;
export const applyCode = (e: EntityDefinition) => `${e.code}:apply`;

export const auditedEntities = (defs: Definitions) => defs.entities.filter((e) => e.audit && !e.parent);

/** Applications the caller may audit: of entities whose audit code he holds, inside his data scope. */
export async function auditablePredicate(request: FastifyRequest): Promise<ScopePredicate> {
  const perms = await request.permissions();
  const session = request.user();
  const scope = await request.scope();
  const { entities } = request.server.ctx.defs;
  const mine = auditedEntities(request.server.ctx.defs).filter((e) => perms.has(auditCode(e)));
  // An entity scoped through another (scope.via) has no scope columns of its own to copy onto the
  // application: its edits and deletes are audited by whoever sees the record, through the target.
  const inScope = (e: EntityDefinition) => (eb: EntityEB) =>
    e.scope?.via && scope.kind !== 'all'
      ? eb(eb.ref('recordId'), 'in', eb.selectFrom(e.code).select(sql.ref('id').as('id')).where(scopePredicate(e, session, scope, entities)))
      : scopePredicate(e, session, scope)(eb);
  // The application's own tenant always counts (scopePredicate names it only for tenant entities).
  return (eb: EntityEB) =>
    mine.length
      ? eb.or(
          mine.map((e) =>
            eb.and([eb(eb.ref('entityCode'), '=', e.code), eb(eb.ref('tenantId'), '=', session.tenantId), inScope(e)(eb)]),
          ),
        )
      : (sql<SqlBool>`1 = 0` as Expression<SqlBool>);
}

/** Whether the caller may audit this application (permission and scope). */
export async function mayAudit(request: FastifyRequest, app: Application): Promise<boolean> {
  const where = await auditablePredicate(request);
  const row = await dbOf(request.server.ctx)
    .selectFrom('sysDataApply')
    .select('id')
    .where('id', '=', app.id)
    .where(where)
    .executeTakeFirst();
  return !!row;
}

/** Enabled users holding `code` through their roles or department roles. */
async function holders(db: Kysely<Database>, code: string) {
  const perm = (q: Kysely<Database>) =>
    q
      .selectFrom('sysPermission')
      .select(['id', 'perms'])
      .where('menuType', '=', 2)
      .where('status', '=', '1')
      .where('delFlag', '=', 0)
      .where('perms', 'like', `%${code}%`);
  // `perms` may be a comma list: the code must be one of its items.
  const perms = (await perm(db).execute())
    .filter((p) => (p.perms ?? '').split(',').some((c) => c.trim() === code))
    .map((p) => p.id);
  if (!perms.length) return [];
  const viaRoles = db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .select('ur.userId')
    .where('rp.permissionId', 'in', perms);
  const viaDepart = db
    .selectFrom('sysDepartRoleUser as du')
    .innerJoin('sysDepartRolePermission as dp', 'dp.roleId', 'du.droleId')
    .select('du.userId')
    .where('dp.permissionId', 'in', perms);
  const ids = (await viaRoles.union(viaDepart).execute()).map((r) => r.userId);
  if (!ids.length) return [];
  return db
    .selectFrom('sysUser')
    .select(['id', 'username', 'realname', 'orgCode', 'relTenantIds'])
    .where('id', 'in', ids)
    .where('status', '=', 1)
    .execute();
}

/** The users who may audit an application just submitted (its applicant left out). */
export async function auditorsOf(request: FastifyRequest, entity: EntityDefinition, app: Application): Promise<string[]> {
  const db = request.server.ctx.db.kysely;
  const caller = request.user();
  const out: string[] = [];
  for (const u of await holders(db, auditCode(entity))) {
    if (u.id === app.applicantId) continue;
    const tenants = (u.relTenantIds ?? '').split(',').filter(Boolean).map(Number);
    if (entity.scope?.tenant && !tenants.includes(app.tenantId)) continue;
    const session: Session = {
      ...caller,
      id: `audit-${u.id}`,
      userId: u.id,
      username: u.username,
      realname: u.realname,
      orgCode: u.orgCode,
      tenantId: app.tenantId,
      relTenantIds: tenants,
    };
    const covers = scopePredicate(entity, session, await dataScope(db, session));
    const row = await dbOf(request.server.ctx)
      .selectFrom('sysDataApply')
      .select('id')
      .where('id', '=', app.id)
      .where(covers)
      .executeTakeFirst();
    if (row) out.push(u.id);
  }
  return out;
}
