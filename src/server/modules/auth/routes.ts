import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { bizError, unauthorized } from '../../http/errors.js';
import { passwordProblem } from '../../auth/password.js';
import { LOGIN_FAILED, openSession, passwordSignIn, refuseIfLocked, throttleOf } from './sign-in.js';
import { consumeSmsCode, MOBILE_PATTERN, sendSmsCode, SMS_MODES } from './sms.js';
import { casUser, feishuMobile } from './identity-providers.js';
import { userDeparts, userInfo } from './login-result.js';

const Str = (max = 100) => Type.String({ maxLength: max });

/** Sign-in, sign-out, departments of the session, own password, forced logout (spec §4, protocol §2). */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const findByPhone = (mobile: string) =>
    db.selectFrom('sysUser').selectAll().where('phone', '=', mobile).where('delFlag', '=', 0).executeTakeFirst();

  const phoneSignIn = async (request: FastifyRequest, mobile: string, code: string) => {
    await refuseIfLocked(ctx, `phone:${mobile}`, request.ip);
    const okCode = await consumeSmsCode(ctx, mobile, code);
    const user = okCode ? await findByPhone(mobile) : undefined;
    if (!user) {
      await throttleOf(ctx).fail(`phone:${mobile}`, request.ip);
      throw bizError('手机验证码错误');
    }
    return openSession(ctx, request, user);
  };

  const LoginBody = Type.Object({
    username: Str(64),
    password: Str(128),
    captcha: Type.Optional(Str()),
    checkKey: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Number()])),
    remember_me: Type.Optional(Type.Boolean()),
  });
  app.post('/sys/login', { config: { access: 'public' }, schema: { body: LoginBody } }, async (request) =>
    ok(await passwordSignIn(ctx, request, request.body.username, request.body.password), '登录成功'),
  );

  app.post(
    '/sys/sms',
    {
      config: { access: 'public' },
      schema: { body: Type.Object({ mobile: Type.String({ pattern: MOBILE_PATTERN }), smsmode: Type.Optional(Str(2)) }) },
    },
    async (request) => {
      const purpose = SMS_MODES[request.body.smsmode ?? '0'];
      if (!purpose) throw bizError('smsmode 只能是 0（登录）、1（注册）或 2（找回密码）');
      await sendSmsCode(ctx, request, request.body.mobile, purpose);
      return okMessage('验证码已发送，10 分钟内有效');
    },
  );

  app.post(
    '/sys/phoneLogin',
    {
      config: { access: 'public' },
      schema: {
        body: Type.Object({
          mobile: Type.String({ pattern: MOBILE_PATTERN }),
          captcha: Type.String({ pattern: '^\\d{6}$' }),
          remember_me: Type.Optional(Type.Boolean()),
        }),
      },
    },
    async (request) => ok(await phoneSignIn(request, request.body.mobile, request.body.captcha), '登录成功'),
  );

  app.post(
    '/api/sys/staff/user/login',
    {
      config: { access: 'public' },
      schema: {
        body: Type.Object({
          type: Type.Optional(Str(16)),
          username: Type.Optional(Str(64)),
          password: Type.Optional(Str(128)),
          phone: Type.Optional(Str(20)),
          mobile: Type.Optional(Str(20)),
          code: Type.Optional(Str(10)),
          captcha: Type.Optional(Str(10)),
        }),
      },
    },
    async (request) => {
      const b = request.body;
      if (b.type === 'phone') {
        const mobile = b.mobile ?? b.phone ?? '';
        if (!new RegExp(MOBILE_PATTERN).test(mobile)) throw bizError('请输入正确手机号');
        return ok(await phoneSignIn(request, mobile, b.code ?? b.captcha ?? ''), '登录成功');
      }
      if (!b.username || !b.password) throw bizError(LOGIN_FAILED);
      return ok(await passwordSignIn(ctx, request, b.username, b.password), '登录成功');
    },
  );

  app.post(
    '/api/sys/staff/user/feishuLogin',
    { config: { access: 'public' }, schema: { body: Type.Object({ code: Str(512) }) } },
    async (request) => {
      const mobile = await feishuMobile(ctx.cfg, request.body.code);
      const user = await findByPhone(mobile);
      if (!user) throw bizError('该飞书账号未绑定系统用户');
      return ok(await openSession(ctx, request, user), '登录成功');
    },
  );

  // Accepts only a live session token this server issued; never decodes an unverified token (AUTH-05).
  app.get(
    '/sys/thirdLogin/getLoginUser/:token/:thirdType',
    {
      config: { access: 'public' },
      schema: { params: Type.Object({ token: Str(200), thirdType: Type.String({ pattern: '^[a-z_]{1,32}$' }) }) },
    },
    async (request) => {
      const session = await ctx.sessions.resolve(request.params.token);
      if (!session) throw unauthorized('Token失效，请重新登录!');
      const user = await db.selectFrom('sysUser').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
      return ok({ userInfo: await userInfo(db, user, session.orgCode), token: request.params.token }, '登录成功');
    },
  );

  app.get(
    '/sys/cas/client/validateLogin',
    { config: { access: 'public' }, schema: { querystring: Type.Object({ ticket: Str(512), service: Str(1024) }) } },
    async (request) => {
      const username = await casUser(ctx.cfg, request.query.ticket, request.query.service);
      const user = await db.selectFrom('sysUser').selectAll().where('username', '=', username).executeTakeFirst();
      if (!user) throw bizError('单点登录用户在本系统中不存在');
      return ok(await openSession(ctx, request, user), '登录成功');
    },
  );

  // Logout revokes only the caller's own verified session (AUTH-05).
  const logout = async (request: FastifyRequest) => {
    const session = request.session;
    if (!session) throw bizError('退出登录失败！');
    await ctx.sessions.revoke(session.id);
    return okMessage('退出登录成功！');
  };
  app.post('/sys/logout', { config: { access: 'public' } }, logout);
  app.post('/api/sys/staff/user/logout', { config: { access: 'public' } }, logout);

  app.get('/sys/user/getCurrentUserDeparts', { config: { access: 'login' } }, async (request) => {
    const session = request.user();
    const departs = await userDeparts(db, session.userId);
    return ok({ list: departs.map((d) => ({ ...d, deptCode: d.orgCode })), orgCode: session.orgCode });
  });

  const selectDepart = async (request: FastifyRequest<{ Body: { orgCode?: string; deptCode?: string } }>) => {
    const session = request.user();
    const wanted = request.body.orgCode ?? request.body.deptCode ?? '';
    const departs = await userDeparts(db, session.userId);
    if (!departs.some((d) => d.orgCode === wanted)) throw bizError('您不属于该部门');
    await ctx.sessions.setOrgCode(session.id, wanted);
    await db.updateTable('sysUser').set({ orgCode: wanted }).where('id', '=', session.userId).execute();
    const user = await db.selectFrom('sysUser').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
    return ok({ userInfo: await userInfo(db, user, wanted) });
  };
  const SelectDepartBody = Type.Object({
    orgCode: Type.Optional(Str(64)),
    deptCode: Type.Optional(Str(64)),
    username: Type.Optional(Str(64)),
  });
  app.put('/sys/selectDepart', { config: { access: 'login' }, schema: { body: SelectDepartBody } }, selectDepart);
  app.post('/sys/selectDepart', { config: { access: 'login' }, schema: { body: SelectDepartBody } }, selectDepart);

  const changeOwnPassword = async (request: FastifyRequest, oldPassword: string, newPassword: string) => {
    const session = request.user();
    const user = await db.selectFrom('sysUser').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
    if (!(await ctx.hasher.verify(user.passwordHash, oldPassword))) throw bizError('旧密码输入错误');
    const problem = passwordProblem(newPassword);
    if (problem) throw bizError(problem);
    await db
      .updateTable('sysUser')
      .set({ passwordHash: await ctx.hasher.hash(newPassword) })
      .where('id', '=', user.id)
      .execute();
    await ctx.sessions.revokeUser(user.id, session.id);
    request.log.info({ userId: user.id }, 'password changed');
    return okMessage('密码修改成功！');
  };
  app.put(
    '/sys/user/updatePassword',
    {
      config: { access: 'login' },
      schema: {
        body: Type.Object({
          username: Type.Optional(Str(64)),
          oldpassword: Str(128),
          password: Str(128),
          confirmpassword: Str(128),
        }),
      },
    },
    async (request) => {
      if (request.body.password !== request.body.confirmpassword) throw bizError('两次输入的密码不一样！');
      return changeOwnPassword(request, request.body.oldpassword, request.body.password);
    },
  );
  app.post(
    '/api/sys/staff/user/reset_password',
    { config: { access: 'login' }, schema: { body: Type.Object({ oldPassword: Str(128), newPassword: Str(128) }) } },
    async (request) => changeOwnPassword(request, request.body.oldPassword, request.body.newPassword),
  );

  app.put(
    '/sys/user/changePassword',
    {
      config: { access: 'user:resetPassword' },
      schema: { body: Type.Object({ username: Str(64), password: Str(128), confirmpassword: Str(128) }) },
    },
    async (request) => {
      const { username, password, confirmpassword } = request.body;
      if (password !== confirmpassword) throw bizError('两次输入的密码不一样！');
      const problem = passwordProblem(password);
      if (problem) throw bizError(problem);
      const user = await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirst();
      if (!user) throw bizError('用户不存在');
      await db.updateTable('sysUser').set({ passwordHash: await ctx.hasher.hash(password) }).where('id', '=', user.id).execute();
      await ctx.sessions.revokeUser(user.id);
      request.log.info({ by: request.user().userId, target: user.id }, 'password reset by administrator');
      return okMessage('密码重置成功！');
    },
  );

  app.post(
    '/sys/online/forceLogout',
    {
      config: { access: 'user:forceLogout' },
      schema: { body: Type.Object({ userId: Type.Optional(Str(64)), username: Type.Optional(Str(64)) }) },
    },
    async (request) => {
      const { userId, username } = request.body;
      const user = await db
        .selectFrom('sysUser')
        .select('id')
        .$if(!!userId, (q) => q.where('id', '=', userId as string))
        .$if(!userId, (q) => q.where('username', '=', username ?? ''))
        .executeTakeFirst();
      if (!user) throw bizError('用户不存在');
      await ctx.sessions.revokeUser(user.id);
      request.log.info({ by: request.user().userId, target: user.id }, 'forced logout');
      return okMessage('强制退出成功！');
    },
  );
}
