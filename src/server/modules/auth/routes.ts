import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { bizError, unauthorized } from '../../http/errors.js';
import { LOGIN_FAILED, openSession, passwordSignIn, phoneSignIn, userByPhone } from './sign-in.js';
import { MOBILE_PATTERN, sendSmsCode, SMS_MODES } from './sms.js';
import { logoutRoutes } from './logout.js';
import { sessionRoutes } from './session-routes.js';
import { changeOwnPassword } from './own-password.js';
import { casUser, feishuMobile } from './identity-providers.js';
import { userDeparts, userInfo } from './login-result.js';
import { requireCaptcha } from './captcha.js';
import { captchaRoutes, CheckKey } from './captcha-routes.js';
import { vue3SessionRoutes } from './vue3-routes.js';
import { vue3LoginResult } from './vue3-login.js';

const Str = (max = 100) => Type.String({ maxLength: max });

/**
 * Sign-in, sign-out, departments of the session, own password (spec §4, protocol §2). Resetting
 * another user's password and forcing them offline are user administration (modules/user/account-routes.ts).
 */
export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const LoginBody = Type.Object({
    username: Str(64),
    password: Str(128),
    captcha: Type.Optional(Str()),
    checkKey: Type.Optional(CheckKey),
    remember_me: Type.Optional(Type.Boolean()),
  });
  // The Vue 3 client's sign-in (encrypted password), getUserInfo and tenant switching differ.
  const vue3 = ctx.cfg.clientProfile === 'jeecg-vue3';
  if (vue3) await app.register(vue3SessionRoutes);

  // A JeecgBoot client names the image captcha it shows by `checkKey`; that code is checked (and used
  // up) before the password. Our console signs in without one (its slider is on the page).
  if (!vue3)
    app.post('/sys/login', { config: { access: 'public' }, schema: { body: LoginBody } }, async (request) => {
      const { checkKey, captcha } = request.body;
      if (checkKey !== undefined && ctx.cfg.loginCaptcha) await requireCaptcha(ctx, request, checkKey, captcha);
      return ok(await passwordSignIn(ctx, request, request.body.username, request.body.password), '登录成功');
    });
  await app.register(captchaRoutes);

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
          loginOrgCode: Type.Optional(Type.Union([Str(64), Type.Null()])),
        }),
      },
    },
    async (request) => {
      const result = await phoneSignIn(ctx, request, request.body.mobile, request.body.captcha);
      return ok(vue3 ? await vue3LoginResult(ctx, result, request.body.loginOrgCode ?? null) : result, '登录成功');
    },
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
        return ok(await phoneSignIn(ctx, request, mobile, b.code ?? b.captcha ?? ''), '登录成功');
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
      const user = await userByPhone(ctx, mobile);
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

  // Which third-party apps user and department sync may use (the Vue 2 user and department lists ask):
  // neither WeCom nor DingTalk is connected to this server.
  app.get('/sys/thirdApp/getEnabledType', { config: { access: 'login' } }, async () => ok({ wechatEnterprise: false, dingtalk: false }));

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

  await app.register(logoutRoutes);
  await app.register(sessionRoutes);

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
  if (!vue3) {
    app.put('/sys/selectDepart', { config: { access: 'login' }, schema: { body: SelectDepartBody } }, selectDepart);
    app.post('/sys/selectDepart', { config: { access: 'login' }, schema: { body: SelectDepartBody } }, selectDepart);
  }

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
      return changeOwnPassword(ctx, request, request.body.oldpassword, request.body.password);
    },
  );
  app.post(
    '/api/sys/staff/user/reset_password',
    { config: { access: 'login' }, schema: { body: Type.Object({ oldPassword: Str(128), newPassword: Str(128) }) } },
    async (request) => changeOwnPassword(ctx, request, request.body.oldPassword, request.body.newPassword),
  );
}
