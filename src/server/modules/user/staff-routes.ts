import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { bizError, noPermission } from '../../http/errors.js';
import { IdParam, ID_PATTERN } from '../../lib/id-list.js';
import { findManagedUser, findUser, loadUser } from './user-access.js';
import { resetPassword, setAccountStatus } from './account-actions.js';
import { UserBody } from './user-input.js';
import { createUser, updateUser } from './user-write.js';
import { doctorCardQr, isDoctor } from './doctor-qr.js';
import type { ProbeLimit } from './probe-limit.js';

/**
 * Staff accounts (/api/sys/staff/user/*, spec §7). A staff account is a sys_user row with
 * `userType 'staff'` and the HR system's `staffId` (one active account per staffId). Shapes:
 * - add / addOutside: the /sys/user/add form plus `staffId` (required); `password` is optional — without
 *   one the account signs in by SMS until an administrator sets a password. addOutside is for people
 *   outside the organisation (no departments) and is reserved to unrestricted administrators, since
 *   a department-scoped administrator could not see such an account afterwards.
 * - update: the /sys/user/edit form, the target named by `id` or `staffId`.
 * - resetPasswordByAdmin: `{ id | staffId | username, password, confirmPassword? }`.
 * - changeStatus: `{ id | staffId, status: 1 normal | 2 frozen }`.
 * - usernameRepeatCheck?username[&id]: result `true` when the name is taken.
 * - getStaffUsernameByStaffId?staffId: result the username.
 * - wxmpQrCode?id: result a PNG data URL of the doctor's card QR code.
 */
const StaffId = Type.String({ pattern: ID_PATTERN, maxLength: 64 });
const Target = { id: Type.Optional(IdParam()), staffId: Type.Optional(StaffId), username: Type.Optional(Type.String({ maxLength: 64 })) };

export async function staffRoutes(app: FastifyInstance, probes: ProbeLimit) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const staffIdFree = async (staffId: string) => {
    const taken = await db.selectFrom('sysUser').select('id').where('staffId', '=', staffId).where('delFlag', '=', 0).executeTakeFirst();
    if (taken) throw bizError('该员工已开通账号');
  };

  const AddBody = Type.Composite([UserBody, Type.Object({ staffId: StaffId })], { additionalProperties: false });
  api.post('/api/sys/staff/user/add', { config: { access: 'user:add' }, schema: { body: AddBody } }, async (request) => {
    await staffIdFree(request.body.staffId);
    const created = await createUser(ctx, request, request.body, { userType: 'staff', staffId: request.body.staffId, passwordOptional: true });
    return ok(created, '添加成功！');
  });
  api.post('/api/sys/staff/user/addOutside', { config: { access: 'user:add' }, schema: { body: AddBody } }, async (request) => {
    if ((await request.scope()).kind !== 'all') throw bizError('只有不受机构范围限制的管理员可以添加外部人员');
    if (request.body.selecteddeparts?.trim()) throw bizError('外部人员不能设置所属部门');
    await staffIdFree(request.body.staffId);
    const created = await createUser(
      ctx,
      request,
      { ...request.body, selecteddeparts: undefined, departIds: undefined },
      { userType: 'staff', staffId: request.body.staffId, passwordOptional: true },
    );
    return ok(created, '添加成功！');
  });

  const UpdateBody = Type.Composite([UserBody, Type.Object({ staffId: Type.Optional(StaffId) })], { additionalProperties: false });
  api.post('/api/sys/staff/user/update', { config: { access: 'user:edit' }, schema: { body: UpdateBody } }, async (request) => {
    // updateUser checks the target may be managed (scope, administrators) and logs link changes.
    const target = request.body.id ? { id: request.body.id } : await findUser(db, request, { staffId: request.body.staffId });
    await updateUser(ctx, request, target.id, request.body);
    return okMessage('修改成功!');
  });

  api.post(
    '/api/sys/staff/user/resetPasswordByAdmin',
    {
      config: { access: 'user:resetPassword' },
      schema: {
        body: Type.Object({ ...Target, password: Type.String({ maxLength: 128 }), confirmPassword: Type.Optional(Type.String({ maxLength: 128 })) }),
      },
    },
    async (request) => {
      const { password, confirmPassword } = request.body;
      await resetPassword(ctx, request, await findManagedUser(db, request, request.body, 'password.reset'), password, confirmPassword);
      return okMessage('密码重置成功！');
    },
  );

  api.post(
    '/api/sys/staff/user/changeStatus',
    {
      config: { access: 'user:frozen' },
      schema: { body: Type.Object({ ...Target, status: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal('1'), Type.Literal('2')]) }) },
    },
    async (request) => {
      const target = await findManagedUser(db, request, request.body, 'user.frozen');
      await setAccountStatus(ctx, request, [target], Number(request.body.status) === 2 ? 2 : 1);
      return okMessage('操作成功!');
    },
  );

  api.get(
    '/api/sys/staff/user/usernameRepeatCheck',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ username: Type.String({ minLength: 1, maxLength: 64 }), id: Type.Optional(IdParam()) }) } },
    async (request) => {
      probes.take(request.user().id);
      const { username, id } = request.query;
      let q = db.selectFrom('sysUser').select('id').where('username', '=', username.trim());
      if (id) q = q.where('id', '!=', id);
      const taken = !!(await q.executeTakeFirst());
      return ok(taken, taken ? '用户名已存在' : '该用户名可用');
    },
  );

  api.get(
    '/api/sys/staff/user/getStaffUsernameByStaffId',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ staffId: StaffId }) } },
    async (request) => {
      const user = await findUser(db, request, { staffId: request.query.staffId });
      return ok(user.username);
    },
  );

  // A doctor fetches their own card; looking at someone else's needs user:list and the data scope.
  api.get('/api/sys/staff/user/wxmpQrCode', { config: { access: 'login' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) => {
    const session = request.user();
    const { id } = request.query;
    if (id !== session.userId && !(await request.permissions()).has('user:list')) throw noPermission();
    const user = await loadUser(db, request, id);
    if (!(await isDoctor(db, user.id))) throw bizError('该用户不是医生，没有医生二维码');
    return ok(await doctorCardQr(request, user.id));
  });
}
