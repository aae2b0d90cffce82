import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { bizError } from '../../http/errors.js';
import { allDictItems, userDeparts } from './login-result.js';
import { switchTenant, vue3LoginRoutes, vue3UserInfo } from './vue3-login.js';

const Str = (max: number) => Type.String({ maxLength: max });
/** A tenant id as the pickers send it: a number, its text, or empty (none chosen). */
const TenantId = Type.Union([
  Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
  Type.String({ pattern: '^\\d{0,10}$' }),
  Type.Null(),
]);

/**
 * The session endpoints of the JeecgBoot Vue 3 client (CLIENT_PROFILE=jeecg-vue3), where its shapes
 * differ from the Vue 2 family's: the encrypted sign-in, `getUserInfo` after it, tenant switching
 * through `selectDepart`, and the default-password check of the header.
 */
export async function vue3SessionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  await app.register(vue3LoginRoutes);

  const currentUser = (request: FastifyRequest) =>
    db.selectFrom('sysUser').selectAll().where('id', '=', request.user().userId).executeTakeFirstOrThrow();

  // What the client keeps after sign-in and on every reload: the user and every dictionary. The tenant
  // is the one this request works in (the X-Tenant-Id header narrowed to the session's tenants).
  app.get('/sys/user/getUserInfo', { config: { access: 'login' } }, async (request) => {
    const session = request.user();
    return ok({
      userInfo: await vue3UserInfo(db, await currentUser(request), session.orgCode, session.tenantId),
      sysAllDictItems: await allDictItems(db),
    });
  });

  // The sign-in picker and the header's 切换租户/部门 send a department, a tenant or both.
  const SelectBody = Type.Object({
    orgCode: Type.Optional(Type.Union([Str(64), Type.Null()])),
    deptCode: Type.Optional(Type.Union([Str(64), Type.Null()])),
    loginTenantId: Type.Optional(TenantId),
    username: Type.Optional(Type.Union([Str(64), Type.Null()])),
  });
  const selectDepart = async (request: FastifyRequest<{ Body: typeof SelectBody.static }>) => {
    const session = request.user();
    const orgCode = request.body.orgCode || request.body.deptCode || '';
    const tenantId = Number(request.body.loginTenantId ?? 0);
    if (!orgCode && !tenantId) throw bizError('请选择部门或租户');
    // Both are checked before either changes.
    if (orgCode && !(await userDeparts(db, session.userId)).some((d) => d.orgCode === orgCode))
      throw bizError('您不属于该部门');
    if (tenantId) await switchTenant(ctx, request, tenantId);
    if (orgCode) {
      await ctx.sessions.setOrgCode(session.id, orgCode);
      await db.updateTable('sysUser').set({ orgCode }).where('id', '=', session.userId).execute();
    }
    request.log.info(
      { userId: session.userId, orgCode: orgCode || undefined, tenantId: tenantId || undefined },
      'session department/tenant selected',
    );
    const current = orgCode || session.orgCode;
    return ok({ userInfo: await vue3UserInfo(db, await currentUser(request), current, session.tenantId) });
  };
  app.put('/sys/selectDepart', { config: { access: 'login' }, schema: { body: SelectBody } }, selectDepart);
  app.post('/sys/selectDepart', { config: { access: 'login' }, schema: { body: SelectBody } }, selectDepart);

  // The header asks whether the password is still the system's initial one (`yes_<password>` opens a
  // change-password dialog). This server has no initial password to compare with, and would never send
  // a password back, so the answer is always no.
  app.get('/sys/user/verifyIzDefaultPwd', { config: { access: 'login' } }, async () => ({
    ...ok('no', 'no'),
  }));
}
