import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { bizError } from '../../http/errors.js';
import { departInScope } from '../../lib/org-scope.js';
import { DEPART_SENSITIVE, protectRows } from '../../lib/sensitive.js';

/** Live departments of the session's tenant within the caller's data scope. */
export async function visibleDeparts(request: FastifyRequest) {
  const session = request.user();
  const scope = await request.scope();
  return (eb: ExpressionBuilder<Database, 'sysDepart'>) => eb.and([eb('sysDepart.delFlag', '=', '0'), departInScope(eb, session, scope)]);
}

/** Every visible department, contact numbers masked unless the caller may see them (issue 11 §6). */
export async function visibleDepartRows(db: Kysely<Database>, request: FastifyRequest) {
  const where = await visibleDeparts(request);
  return protectRows(request, 'sys_depart', DEPART_SENSITIVE, await db.selectFrom('sysDepart').selectAll().where(where).execute());
}

/** One visible department, or "not found" (AC-04). */
export async function loadDepart(db: Kysely<Database>, request: FastifyRequest, id: string) {
  const where = await visibleDeparts(request);
  const row = await db.selectFrom('sysDepart').selectAll().where('sysDepart.id', '=', id).where(where).executeTakeFirst();
  if (!row) throw bizError('未找到对应部门');
  return row;
}

/** One visible department named by its org code, or "not found". */
export async function loadDepartByOrgCode(db: Kysely<Database>, request: FastifyRequest, orgCode: string) {
  const where = await visibleDeparts(request);
  const row = await db.selectFrom('sysDepart').selectAll().where('sysDepart.orgCode', '=', orgCode).where(where).executeTakeFirst();
  if (!row) throw bizError('未找到对应部门');
  return row;
}

/** A department role whose department is visible. */
export async function loadDepartRole(db: Kysely<Database>, request: FastifyRequest, roleId: string) {
  const role = await db.selectFrom('sysDepartRole').selectAll().where('id', '=', roleId).executeTakeFirst();
  if (!role) throw bizError('未找到对应部门角色');
  await loadDepart(db, request, role.departId);
  return role;
}
