import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok, okMessage, fail } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { bizError } from '../../http/errors.js';
import { passwordProblem } from '../../auth/password.js';
import { consumeSecret, consumeSmsCode, MOBILE_PATTERN, storeSecret } from './sms.js';
import { trackedWrite } from '../history/system-change.js';

const RESET_TOKEN_LIFE_MS = 10 * 60_000;
const Str = (max = 100) => Type.String({ maxLength: max });
const USERNAME = '^[A-Za-z0-9_]{4,18}$';

/**
 * Self-service registration (only when REGISTER_ENABLED) and password recovery by SMS (CRED-01):
 * the code proves the phone, and is exchanged for a single-use reset token bound to that user; the
 * new password then ends every session of the user. Recovery is POST only.
 */
export async function recoveryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  app.post(
    '/sys/user/register',
    {
      config: { access: 'public' },
      schema: {
        body: Type.Object({
          username: Type.String({ pattern: USERNAME }),
          password: Str(128),
          phone: Type.String({ pattern: MOBILE_PATTERN }),
          smscode: Type.String({ pattern: '^\\d{6}$' }),
          email: Type.Optional(Type.String({ maxLength: 100, format: 'email' })),
        }),
      },
    },
    async (request) => {
      if (!ctx.cfg.registerEnabled) throw bizError('系统未开放自助注册，请联系管理员开通账号');
      const { username, password, phone, smscode, email } = request.body;
      const problem = passwordProblem(password);
      if (problem) throw bizError(problem);
      if (!(await consumeSmsCode(ctx, phone, smscode, 'register'))) throw bizError('手机验证码错误');
      const taken = await db
        .selectFrom('sysUser')
        .select('id')
        .where((eb) => eb.or([eb('username', '=', username), eb('phone', '=', phone)]))
        .executeTakeFirst();
      if (taken) throw bizError('用户名或手机号已被使用');
      const id = newId();
      const passwordHash = await ctx.hasher.hash(password);
      await trackedWrite(db, request, 'sys_user', [id], 'add', (trx) => trx
        .insertInto('sysUser')
        .values({
          id,
          username,
          realname: username,
          passwordHash,
          avatar: null,
          birthday: null,
          sex: null,
          email: email ?? null,
          phone,
          orgCode: null,
          status: 1,
          delFlag: 0,
          workNo: null,
          post: null,
          telephone: null,
          userIdentity: 1,
          departIds: null,
          relTenantIds: null,
          userType: null,
          staffId: null,
          createBy: 'register',
          createTime: formatDateTime(),
          updateBy: null,
          updateTime: null,
        })
        .execute());
      request.log.info({ username }, 'self registration');
      return okMessage('注册成功');
    },
  );

  app.post(
    '/sys/user/phoneVerification',
    {
      config: { access: 'public' },
      schema: { body: Type.Object({ phone: Type.String({ pattern: MOBILE_PATTERN }), smscode: Type.String({ pattern: '^\\d{6}$' }) }) },
    },
    async (request) => {
      const { phone, smscode } = request.body;
      const user = await db.selectFrom('sysUser').select(['id', 'username']).where('phone', '=', phone).where('delFlag', '=', 0).executeTakeFirst();
      if (!(await consumeSmsCode(ctx, phone, smscode, 'reset')) || !user) throw bizError('手机验证码错误');
      const token = crypto.randomBytes(24).toString('base64url');
      await storeSecret(ctx, `reset-token:${user.id}`, token, RESET_TOKEN_LIFE_MS);
      // The console sends the token back as `smscode` with the new password.
      return ok({ username: user.username, smscode: token });
    },
  );

  app.post(
    '/sys/user/passwordChange',
    {
      config: { access: 'public' },
      schema: {
        body: Type.Object({
          username: Str(64),
          password: Str(128),
          smscode: Str(64),
          phone: Type.Optional(Str(20)),
        }),
      },
    },
    async (request) => {
      const { username, password, smscode } = request.body;
      const user = await db.selectFrom('sysUser').select('id').where('username', '=', username).where('delFlag', '=', 0).executeTakeFirst();
      if (!user || !(await consumeSecret(ctx, `reset-token:${user.id}`, smscode))) throw bizError('验证已失效，请重新获取短信验证码');
      const problem = passwordProblem(password);
      if (problem) throw bizError(problem);
      await db.updateTable('sysUser').set({ passwordHash: await ctx.hasher.hash(password) }).where('id', '=', user.id).execute();
      await ctx.sessions.revokeUser(user.id);
      request.log.info({ userId: user.id }, 'password reset by sms');
      return okMessage('密码重置成功，请重新登录');
    },
  );
  // Passwords never travel in a URL (CRED-01).
  app.get('/sys/user/passwordChange', { config: { access: 'public' } }, async (_request, reply) =>
    reply.status(405).send(fail('请使用 POST 提交', 405)),
  );
}
