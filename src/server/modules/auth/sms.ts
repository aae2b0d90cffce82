import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AttemptCounters } from '../../auth/throttle.js';
import { bizError } from '../../http/errors.js';
import { waitText } from './attempt.js';

const CODE_LIFE_MS = 10 * 60_000;
const MAX_TRIES = 5;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Mainland mobile numbers: 11 digits, 1 then 3-9. */
export const MOBILE_PATTERN = '^1[3-9]\\d{9}$';

/** What a code is for: sign-in and password reset go to registered numbers, registration to new ones. */
export type SmsPurpose = 'login' | 'register' | 'reset';
export const SMS_MODES: Record<string, SmsPurpose> = { '0': 'login', '1': 'register', '2': 'reset' };

/**
 * SMS codes: six digits, stored hashed, single use, ten minutes, five tries. There is no SMS gateway
 * here, so the code is written to the server log (the deployment's gateway would send it instead).
 * Sending costs money and reaches a person's phone, so it is limited per number (per minute, per day)
 * and per address (per hour), counted in the database before anything is sent; registration codes
 * go out only while self-registration is open.
 */
export async function sendSmsCode(
  ctx: AppContext,
  request: FastifyRequest,
  mobile: string,
  purpose: SmsPurpose = 'login',
): Promise<void> {
  const { cfg } = ctx;
  if (purpose === 'register' && !cfg.registerEnabled) throw bizError('系统未开放自助注册，无法发送注册验证码');
  const db = ctx.db.kysely;
  const counted = await new AttemptCounters(db).reserve([
    { key: `sms-ip:${request.ip}`, max: cfg.smsPerIpPerHour, windowMs: HOUR },
    { key: `sms-minute:${mobile}`, max: cfg.smsPerNumberPerMinute, windowMs: MINUTE },
    { key: `sms-day:${mobile}`, max: cfg.smsPerNumberPerDay, windowMs: DAY },
  ]);
  if (!counted.ok) {
    request.log.warn({ mobile: maskMobile(mobile), limit: counted.rule.key.split(':')[0] }, 'sms code refused (rate limit)');
    throw bizError(`验证码发送过于频繁，请 ${waitText(counted.waitMs)}后再试`);
  }
  const key = `${purpose}:${mobile}`;
  const user = await db.selectFrom('sysUser').select('id').where('phone', '=', mobile).where('delFlag', '=', 0).executeTakeFirst();
  if (!user !== (purpose === 'register')) {
    // Same answer either way: the reply must not tell which numbers have accounts.
    request.log.info({ mobile: maskMobile(mobile), purpose }, 'sms code not sent (account state does not fit the purpose)');
    return;
  }
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
  await storeSecret(ctx, key, code, CODE_LIFE_MS);
  request.log.info({ mobile: maskMobile(mobile), purpose, smsCode: code }, '短信验证码（无短信网关，写入日志）');
}

/** Stores a one-time secret (an SMS code or a reset token) under a key, replacing an older one. */
export async function storeSecret(ctx: AppContext, key: string, secret: string, lifeMs: number): Promise<void> {
  const row = { codeHash: hash(ctx, key, secret), expiresAt: Date.now() + lifeMs, tries: 0, used: 0 };
  // One upsert: two concurrent sends must not both insert (a duplicate key is a 5xx).
  await ctx.db.kysely
    .insertInto('sysSmsCode')
    .values({ mobile: key, ...row })
    .onConflict((oc) => oc.column('mobile').doUpdateSet(row))
    .execute();
}

/** Consumes an SMS code: true once for the right code within its life; burned after five wrong tries. */
export function consumeSmsCode(ctx: AppContext, mobile: string, code: string, purpose: SmsPurpose = 'login') {
  return consumeSecret(ctx, `${purpose}:${mobile}`, code);
}

export async function consumeSecret(ctx: AppContext, mobile: string, code: string): Promise<boolean> {
  const db = ctx.db.kysely;
  // The try is counted before the comparison, in one conditional update, so concurrent guesses cannot
  // get past MAX_TRIES.
  const row = await db
    .updateTable('sysSmsCode')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('mobile', '=', mobile)
    .where('used', '=', 0)
    .where('tries', '<', MAX_TRIES)
    .where('expiresAt', '>=', Date.now())
    .returning('codeHash')
    .executeTakeFirst();
  if (!row) return false;
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
  return false;
}

function hash(ctx: AppContext, mobile: string, code: string) {
  return crypto.createHmac('sha256', ctx.cfg.sessionSecret).update(`${mobile}:${code}`).digest('hex');
}

/** A number as logs show it: 138****0000. */
export const maskMobile = (m: string) => `${m.slice(0, 3)}****${m.slice(-4)}`;
