import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { AttemptCounters } from '../../auth/throttle.js';
import { bizError } from '../../http/errors.js';
import { startsWith } from '../../lib/like.js';
import { waitText } from './attempt.js';
import { captchaDataUrl, randomCaptchaCode } from './captcha-image.js';

/**
 * The image captcha of the JeecgBoot password sign-in (protocol §2.1): `GET /sys/randomImage/{key}`
 * draws four characters for the client's random key, `POST /sys/login` with that `checkKey` checks
 * them. Codes live where the SMS codes live (`sys_sms_code`, under `captcha:<key>`), stored hashed, so
 * every server instance behind a load balancer sees the same ones. A code lasts 60 seconds, ignores
 * case and is gone after one sign-in attempt, right or wrong (CRED-03). Images are limited per address,
 * expired codes are swept as new ones are issued, and there are never more than MAX_LIVE at once.
 */

/** The client's key: `Date.now()` in the Vue 2 client, a short random text in later ones. */
export const CHECK_KEY_PATTERN = '^[A-Za-z0-9_-]{1,40}$';
const CHECK_KEY = new RegExp(CHECK_KEY_PATTERN);
export const CAPTCHA_LIFE_MS = 60_000;
/** Images one address may ask for per minute (a person refreshes a few times). */
export const CAPTCHA_PER_IP_PER_MINUTE = 30;
/** Live codes at most (about 1.5 MB of rows); past this new images wait until codes expire. */
export const MAX_LIVE = 10_000;
/** Right answers `/sys/checkCaptcha` gives for one code before it is burned (a wrong one burns it at once). */
const MAX_CHECKS = 3;
const PREFIX = 'captcha:';
const MINUTE = 60_000;

/** Refusals are code 412: the Vue 2 client then draws a new image (protocol §1, code table). */
const CAPTCHA_REFUSED = 412;
export const CAPTCHA_WRONG = '验证码错误';
export const CAPTCHA_EXPIRED = '验证码已失效，请点击图片刷新后重新输入';
export const CAPTCHA_MISSING = '请输入验证码';

export type CaptchaVerdict = 'ok' | 'wrong' | 'expired';

/** The client's key as text (`checkKey` is a number in the Vue 2 client); null when it is not one. */
export function checkKeyText(raw: string | number): string | null {
  const text = typeof raw === 'number' ? (Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : '') : raw;
  return CHECK_KEY.test(text) ? text : null;
}

/** Issues a code for the key (replacing an earlier one) and answers its image as a data URL. */
export async function issueCaptcha(ctx: AppContext, request: FastifyRequest, key: string): Promise<string> {
  const counted = await new AttemptCounters(ctx.db.kysely).reserve([
    { key: `captcha-ip:${request.ip}`, max: CAPTCHA_PER_IP_PER_MINUTE, windowMs: MINUTE },
  ]);
  if (!counted.ok) {
    request.log.warn({ limit: 'captcha-ip' }, 'captcha image refused (rate limit)');
    throw bizError(`获取验证码过于频繁，请 ${waitText(counted.waitMs)}后再试`);
  }
  await makeRoom(ctx, request);
  const code = randomCaptchaCode();
  await storeCaptcha(ctx, key, code);
  return captchaDataUrl(code);
}

/** Stores a code for a key: hashed, lower-cased, for CAPTCHA_LIFE_MS. */
export async function storeCaptcha(ctx: AppContext, key: string, code: string): Promise<void> {
  const row = {
    codeHash: codeHash(ctx, key, code),
    expiresAt: Date.now() + CAPTCHA_LIFE_MS,
    tries: 0,
    used: 0,
  };
  await ctx.db.kysely
    .insertInto('sysSmsCode')
    .values({ mobile: PREFIX + key, ...row })
    .onConflict((oc) => oc.column('mobile').doUpdateSet(row))
    .execute();
}

/**
 * Sign-in: takes the key's code away (one atomic delete, so two attempts cannot share it) and compares.
 * Right, wrong or expired, the code is used up.
 */
export async function consumeCaptcha(ctx: AppContext, key: string, code: string): Promise<CaptchaVerdict> {
  const row = await ctx.db.kysely
    .deleteFrom('sysSmsCode')
    .where('mobile', '=', PREFIX + key)
    .returning(['codeHash', 'expiresAt', 'used'])
    .executeTakeFirst();
  if (!row || row.used !== 0 || Number(row.expiresAt) < Date.now()) return 'expired';
  return sameHash(row.codeHash, codeHash(ctx, key, code)) ? 'ok' : 'wrong';
}

/**
 * `/sys/checkCaptcha`: the sign-in form may check a code before it signs in, so a right answer keeps
 * the code for the sign-in (up to MAX_CHECKS times); a wrong one burns it, so the check is no oracle
 * for guessing. Each check is counted before the comparison, in one conditional update.
 */
export async function checkCaptcha(ctx: AppContext, key: string, code: string): Promise<CaptchaVerdict> {
  const db = ctx.db.kysely;
  const row = await db
    .updateTable('sysSmsCode')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('mobile', '=', PREFIX + key)
    .where('used', '=', 0)
    .where('tries', '<', MAX_CHECKS)
    .where('expiresAt', '>=', Date.now())
    .returning('codeHash')
    .executeTakeFirst();
  if (!row) {
    await db
      .deleteFrom('sysSmsCode')
      .where('mobile', '=', PREFIX + key)
      .execute();
    return 'expired';
  }
  if (sameHash(row.codeHash, codeHash(ctx, key, code))) return 'ok';
  await db
    .deleteFrom('sysSmsCode')
    .where('mobile', '=', PREFIX + key)
    .execute();
  return 'wrong';
}

/** The check of a sign-in that names a `checkKey`: throws the refusal (code 412) unless the code is right. */
export async function requireCaptcha(
  ctx: AppContext,
  request: FastifyRequest,
  rawKey: string | number,
  captcha: string | undefined,
) {
  const key = checkKeyText(rawKey);
  if (key === null) throw bizError(CAPTCHA_EXPIRED, CAPTCHA_REFUSED);
  const typed = (captcha ?? '').trim();
  const verdict = await consumeCaptcha(ctx, key, typed);
  if (verdict === 'ok') return;
  request.log.info({ verdict: typed ? verdict : 'missing' }, 'sign-in refused (captcha)');
  if (!typed) throw bizError(CAPTCHA_MISSING, CAPTCHA_REFUSED);
  throw bizError(verdict === 'expired' ? CAPTCHA_EXPIRED : CAPTCHA_WRONG, CAPTCHA_REFUSED);
}

/**
 * Keeps the table small: codes never typed are swept once expired (so it holds about a minute of
 * images), and past MAX_LIVE live codes new images wait.
 */
async function makeRoom(ctx: AppContext, request: FastifyRequest) {
  const db = ctx.db.kysely;
  await db
    .deleteFrom('sysSmsCode')
    .where((eb) => startsWith(eb.ref('mobile'), PREFIX))
    .where('expiresAt', '<', Date.now())
    .execute();
  const live = await db
    .selectFrom(
      db
        .selectFrom('sysSmsCode')
        .select('mobile')
        .where((eb) => startsWith(eb.ref('mobile'), PREFIX))
        .limit(MAX_LIVE)
        .as('live'),
    )
    .select(sql<number | string>`count(*)`.as('n'))
    .executeTakeFirst();
  if (Number(live?.n ?? 0) < MAX_LIVE) return;
  request.log.warn({ max: MAX_LIVE }, 'captcha image refused (too many live codes)');
  throw bizError('验证码请求过多，请稍后再试');
}

function codeHash(ctx: AppContext, key: string, code: string) {
  return crypto
    .createHmac('sha256', ctx.cfg.sessionSecret)
    .update(`${PREFIX}${key}:${code.trim().toLowerCase()}`)
    .digest('hex');
}

function sameHash(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}
