import type { FastifyRequest } from 'fastify';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { bizError } from '../../http/errors.js';
import { departInScope } from '../../lib/org-scope.js';

/** Live departments of the session's tenant within the caller's data scope. */
export async function visibleDeparts(request: FastifyRequest) {
  const session = request.user();
  const scope = await request.scope();
  return (eb: ExpressionBuilder<Database, 'sysDepart'>) => eb.and([eb('sysDepart.delFlag', '=', '0'), departInScope(eb, session, scope)]);
}

/** One visible department, or "not found" (AC-04). */
export async function loadDepart(db: Kysely<Database>, request: FastifyRequest, id: string) {
  const where = await visibleDeparts(request);
  const row = await db.selectFrom('sysDepart').selectAll().where('sysDepart.id', '=', id).where(where).executeTakeFirst();
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
