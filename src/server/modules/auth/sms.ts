import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { bizError } from '../../http/errors.js';

const CODE_LIFE_MS = 10 * 60_000;
const RESEND_AFTER_MS = 60_000;
const MAX_TRIES = 5;

/** Mainland mobile numbers: 11 digits, 1 then 3-9. */
export const MOBILE_PATTERN = '^1[3-9]\\d{9}$';

/**
 * SMS codes: six digits, stored hashed, single use, ten minutes, five tries. There is no SMS gateway
 * here, so the code is written to the server log (the deployment's gateway would send it instead).
 */
/** What a code is for: sign-in and password reset go to registered numbers, registration to new ones. */
export type SmsPurpose = 'login' | 'register' | 'reset';
export const SMS_MODES: Record<string, SmsPurpose> = { '0': 'login', '1': 'register', '2': 'reset' };

export async function sendSmsCode(
  ctx: AppContext,
  request: FastifyRequest,
  mobile: string,
  purpose: SmsPurpose = 'login',
): Promise<void> {
  const db = ctx.db.kysely;
  const key = `${purpose}:${mobile}`;
  const existing = await db.selectFrom('sysSmsCode').selectAll().where('mobile', '=', key).executeTakeFirst();
  if (existing && !existing.used && existing.expiresAt - CODE_LIFE_MS + RESEND_AFTER_MS > Date.now())
    throw bizError('验证码已发送，请 1 分钟后再试');
  const user = await db.selectFrom('sysUser').select('id').where('phone', '=', mobile).where('delFlag', '=', 0).executeTakeFirst();
  if (!user !== (purpose === 'register')) {
    // Same answer either way: the reply must not tell which numbers have accounts.
    request.log.info({ mobile: mask(mobile), purpose }, 'sms code not sent (account state does not fit the purpose)');
    return;
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await storeSecret(ctx, key, code, CODE_LIFE_MS);
  request.log.info({ mobile: mask(mobile), purpose, smsCode: code }, '短信验证码（无短信网关，写入日志）');
}

/** Stores a one-time secret (an SMS code or a reset token) under a key, replacing an older one. */
export async function storeSecret(ctx: AppContext, key: string, secret: string, lifeMs: number): Promise<void> {
  const db = ctx.db.kysely;
  const row = { codeHash: hash(ctx, key, secret), expiresAt: Date.now() + lifeMs, tries: 0, used: 0 };
  const existing = await db.selectFrom('sysSmsCode').select('mobile').where('mobile', '=', key).executeTakeFirst();
  if (existing) await db.updateTable('sysSmsCode').set(row).where('mobile', '=', key).execute();
  else await db.insertInto('sysSmsCode').values({ mobile: key, ...row }).execute();
}

/** Consumes an SMS code: true once for the right code within its life; burned after five wrong tries. */
export function consumeSmsCode(ctx: AppContext, mobile: string, code: string, purpose: SmsPurpose = 'login') {
  return consumeSecret(ctx, `${purpose}:${mobile}`, code);
}

export async function consumeSecret(ctx: AppContext, mobile: string, code: string): Promise<boolean> {
  const db = ctx.db.kysely;
  const row = await db.selectFrom('sysSmsCode').selectAll().where('mobile', '=', mobile).executeTakeFirst();
  if (!row || row.used || row.expiresAt < Date.now() || row.tries >= MAX_TRIES) return false;
  const expected = Buffer.from(row.codeHash);
  const given = Buffer.from(hash(ctx, mobile, code));
  if (expected.length === given.length && crypto.timingSafeEqual(expected, given)) {
    const res = await db
      .updateTable('sysSmsCode')
      .set({ used: 1 })
      .where('mobile', '=', mobile)
      .where('used', '=', 0)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
  await db.updateTable('sysSmsCode').set({ tries: row.tries + 1 }).where('mobile', '=', mobile).execute();
  return false;
}

function hash(ctx: AppContext, mobile: string, code: string) {
  return crypto.createHmac('sha256', ctx.cfg.sessionSecret).update(`${mobile}:${code}`).digest('hex');
}

const mask = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;
