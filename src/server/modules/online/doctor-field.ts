import type { FastifyRequest } from 'fastify';
import type { CleanRecord } from '../../../shared/entity-record.js';
import { roleInfo } from '../../auth/permissions.js';
import { badRequest } from '../../http/errors.js';
import { userInScope } from '../../lib/org-scope.js';
import type { EntityModel } from './entity-model.js';

export const DOCTOR_OUT_OF_SCOPE = '责任医生不在您的数据范围内';

const blank = (v: unknown) => v === null || v === undefined || String(v).trim() === '';

/**
 * scope.doctorField (the responsible doctor, 责任医生) on add and edit: the field decides who sees the
 * row, so a caller may only name someone he could see himself. A doctor-scoped caller names himself
 * (an empty field is filled with him, as it is on a doctor's add in any application: he is the obvious
 * responsible doctor); anyone else an active user inside his own data scope. Only a
 * value the write changes is checked (`stored`), so an edit keeps a doctor someone wider assigned.
 */
export async function settleDoctorField(
  request: FastifyRequest,
  model: EntityModel,
  record: CleanRecord,
  stored?: Record<string, unknown>,
): Promise<void> {
  const field = model.entity.scope?.doctor ? model.entity.scope.doctorField : undefined;
  if (!field || (stored && !(field in record))) return;
  const session = request.user();
  const scope = await request.scope();
  if (
    blank(record[field]) &&
    (scope.kind === 'doctor' ||
      (!stored && (await roleInfo(request.server.ctx.db.kysely, session.userId)).workClass === '4'))
  )
    record[field] = session.username;
  const value = record[field];
  if (blank(value) || (stored && String(stored[field] ?? '') === String(value))) return;
  if (scope.kind === 'doctor') {
    if (value !== session.username) throw badRequest(DOCTOR_OUT_OF_SCOPE);
    return;
  }
  const found = await request.server.ctx.db.kysely
    .selectFrom('sysUser')
    .select('sysUser.id')
    .where('sysUser.username', '=', String(value))
    .where('sysUser.status', '=', 1)
    .where('sysUser.delFlag', '=', 0)
    .where((eb) => userInScope(eb, session, scope))
    .executeTakeFirst();
  if (!found) throw badRequest(DOCTOR_OUT_OF_SCOPE);
}
