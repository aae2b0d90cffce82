import crypto from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { maskValue } from '../../../shared/mask.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/tables.js';
import { bizError } from '../../http/errors.js';
import { DEPART_SENSITIVE, USER_SENSITIVE, type SensitiveField } from '../../lib/sensitive.js';
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_MISSING,
  CAPTCHA_WRONG,
  checkCaptcha,
  checkKeyText,
  requireCaptcha,
} from './captcha.js';
import { CheckKey } from './captcha-routes.js';
import { userDeparts, userInfo, type UserRow } from './login-result.js';
import { openSession, provePassword } from './sign-in.js';

/**
 * The JeecgBoot Vue 3 sign-in (CLIENT_PROFILE=jeecg-vue3): the client AES-encrypts the password with
 * a key and IV it was built with (CRED-06: obfuscation, not security; TLS protects the password), and
 * reads `userInfo.loginTenantId` from the answer. Registered instead of the plain `/sys/login`.
 */

/** Base64 as CryptoJS writes it (standard alphabet, padded). */
const BASE64 =
  /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$|^[A-Za-z0-9+/]{2}==$|^[A-Za-z0-9+/]{3}=$/;
/** A 128-character password in UTF-8 (at most 512 bytes) encrypted and in base64. */
const CIPHER_TEXT_MAX = 704;
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The password the Vue 3 client sent: base64 of AES-CBC/PKCS#7 with the configured key and IV (both
 * taken as UTF-8 text, as the client's `enc.Utf8.parse` does). Null when it does not decrypt to text;
 * the sign-in then treats it as a wrong password.
 */
export function decryptLoginPassword(
  cfg: Pick<Config, 'loginAesKey' | 'loginAesIv'>,
  cipherText: string,
): string | null {
  if (!BASE64.test(cipherText)) return null;
  const data = Buffer.from(cipherText, 'base64');
  if (data.length === 0 || data.length % 16 !== 0) return null;
  const key = Buffer.from(cfg.loginAesKey, 'utf8');
  try {
    const decipher = crypto.createDecipheriv(
      `aes-${key.length * 8}-cbc`,
      key,
      Buffer.from(cfg.loginAesIv, 'utf8'),
    );
    return utf8.decode(Buffer.concat([decipher.update(data), decipher.final()]));
  } catch {
    return null;
  }
}

/** Personal fields masked: the client keeps user info and departments in local storage. */
export function masked<T extends Record<string, unknown>>(row: T, fields: SensitiveField[]): T {
  const out: Record<string, unknown> = { ...row };
  for (const f of fields) if (f.field in out) out[f.field] = maskValue(f.kind, out[f.field]);
  return out as T;
}

/**
 * userInfo as the Vue 3 client reads it: ours plus `loginTenantId` (the tenant the session works in;
 * 0 without one) and `homePath` (null: the client's default home page), personal fields masked.
 */
export async function vue3UserInfo(
  db: Kysely<Database>,
  row: UserRow,
  orgCode: string | null,
  tenantId: number,
) {
  return {
    ...masked(await userInfo(db, row, orgCode), USER_SENSITIVE),
    loginTenantId: tenantId,
    homePath: null,
  };
}

const Str = (max: number) => Type.String({ maxLength: max });
const OptionalText = (max: number) => Type.Optional(Type.Union([Str(max), Type.Null()]));

export async function vue3LoginRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const LoginBody = Type.Object({
    username: Str(64),
    password: Str(CIPHER_TEXT_MAX),
    captcha: Type.Optional(Str(100)),
    checkKey: Type.Optional(CheckKey),
    // The department chosen on the sign-in page (offered by /sys/loginGetUserDeparts).
    loginOrgCode: OptionalText(64),
    remember_me: Type.Optional(Type.Boolean()),
  });
  app.post('/sys/login', { config: { access: 'public' }, schema: { body: LoginBody } }, async (request) => {
    const { checkKey, captcha, username, password, loginOrgCode } = request.body;
    if (checkKey !== undefined && ctx.cfg.loginCaptcha) await requireCaptcha(ctx, request, checkKey, captcha);
    const user = await provePassword(ctx, request, username, decryptLoginPassword(ctx.cfg, password));
    return ok(
      await vue3LoginResult(ctx, await openSession(ctx, request, user), loginOrgCode ?? null),
      '登录成功',
    );
  });

  // The sign-in page asks, once the captcha is typed, which departments it may offer. It proves the
  // password as the sign-in does (counted under the same lock; a right one clears the failures) and
  // checks the captcha without using it up. The SMS form is offered none: its code is checked once, at
  // sign-in.
  const DepartsBody = Type.Object({
    loginType: Type.Optional(Str(16)),
    username: OptionalText(64),
    password: OptionalText(CIPHER_TEXT_MAX),
    inputCode: OptionalText(100),
    checkKey: Type.Optional(Type.Union([CheckKey, Type.Null()])),
    mobile: OptionalText(20),
    smscode: OptionalText(10),
  });
  app.post(
    '/sys/loginGetUserDeparts',
    { config: { access: 'public' }, schema: { body: DepartsBody } },
    async (request) => {
      const b = request.body;
      if (b.loginType === 'phone') return ok({ departs: [], currentOrgCode: null });
      if (b.checkKey !== undefined && b.checkKey !== null && ctx.cfg.loginCaptcha)
        await peekCaptcha(ctx, b.checkKey, b.inputCode ?? '');
      const user = await provePassword(
        ctx,
        request,
        b.username ?? '',
        b.password ? decryptLoginPassword(ctx.cfg, b.password) : null,
      );
      if (user.status !== 1) throw bizError('该用户已冻结');
      const departs = (await userDeparts(db, user.id)).filter((d) => d.orgCategory === '2');
      return ok({
        departs: departs.map((d) => ({ orgCode: d.orgCode, departName: d.departNameAbbr || d.departName })),
        currentOrgCode: departs.some((d) => d.orgCode === user.orgCode) ? user.orgCode : null,
      });
    },
  );
}

/** Checks the sign-in captcha and keeps it for the sign-in; a wrong one is burned (captcha.ts). */
async function peekCaptcha(ctx: AppContext, rawKey: string | number, typed: string) {
  const code = typed.trim();
  if (!code) throw bizError(CAPTCHA_MISSING, 412);
  const key = checkKeyText(rawKey);
  const verdict = key === null ? 'expired' : await checkCaptcha(ctx, key, code);
  if (verdict !== 'ok') throw bizError(verdict === 'expired' ? CAPTCHA_EXPIRED : CAPTCHA_WRONG, 412);
}

type LoginResult = Awaited<ReturnType<typeof openSession>>;

/**
 * The login answer for the Vue 3 client (protocol §2.2 as later versions send it to `X-Version: v3`):
 * no dictionaries (the client loads them with getUserInfo), `tenantList` always, `loginTenantId` in
 * userInfo, and the department chosen on the sign-in page made current when the user belongs to it.
 * The password and the SMS sign-in answer with it.
 */
export async function vue3LoginResult(ctx: AppContext, result: LoginResult, loginOrgCode: string | null) {
  const db = ctx.db.kysely;
  const session = await ctx.sessions.resolve(result.token);
  if (!session) throw bizError('登录失败，请重试');
  let orgCode = session.orgCode;
  if (loginOrgCode && loginOrgCode !== orgCode && result.departs.some((d) => d.orgCode === loginOrgCode)) {
    orgCode = loginOrgCode;
    await ctx.sessions.setOrgCode(session.id, orgCode);
    await db.updateTable('sysUser').set({ orgCode }).where('id', '=', session.userId).execute();
  }
  const user = await db
    .selectFrom('sysUser')
    .selectAll()
    .where('id', '=', session.userId)
    .executeTakeFirstOrThrow();
  const { sysAllDictItems: _loadedLater, ...rest } = result;
  return {
    ...rest,
    userInfo: await vue3UserInfo(db, user, orgCode, session.tenantId),
    departs: result.departs.map((d) => masked(d, DEPART_SENSITIVE)),
    tenantList: result.tenantList ?? [],
  };
}

/** The session's tenant switched by `loginTenantId` (the Vue 3 tenant picker), when the user may work in it. */
export async function switchTenant(
  ctx: AppContext,
  request: FastifyRequest,
  tenantId: number,
): Promise<void> {
  const session = request.user();
  const active = session.relTenantIds.includes(tenantId)
    ? await ctx.db.kysely
        .selectFrom('sysTenant')
        .select('id')
        .where('id', '=', tenantId)
        .where('status', '=', 1)
        .executeTakeFirst()
    : undefined;
  if (!active) throw bizError('您不属于该租户或该租户已冻结，无法切换');
  await ctx.sessions.setTenant(session.id, tenantId);
  session.tenantId = tenantId;
}
