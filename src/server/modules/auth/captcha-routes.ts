import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { bizError } from '../../http/errors.js';
import {
  CAPTCHA_EXPIRED,
  CAPTCHA_MISSING,
  CAPTCHA_WRONG,
  CHECK_KEY_PATTERN,
  checkCaptcha,
  checkKeyText,
  issueCaptcha,
} from './captcha.js';

/** `checkKey` as the clients send it: the Vue 2 client's `Date.now()` number, or a short text. */
export const CheckKey = Type.Union([
  Type.String({ pattern: CHECK_KEY_PATTERN }),
  Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }),
]);

/** The image captcha of the password sign-in (protocol §2.1); the check itself is in `/sys/login`. */
export async function captchaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  app.get(
    '/sys/randomImage/:key',
    {
      config: { access: 'public' },
      schema: { params: Type.Object({ key: Type.String({ pattern: CHECK_KEY_PATTERN }) }) },
    },
    async (request) => ok(await issueCaptcha(ctx, request, request.params.key)),
  );

  // The original answers without using the code up; here a right answer keeps it for the sign-in and a
  // wrong one burns it. With LOGIN_CAPTCHA=off nothing is checked, so nothing is refused here either.
  app.post(
    '/sys/checkCaptcha',
    {
      config: { access: 'public' },
      schema: {
        body: Type.Object({ captcha: Type.Optional(Type.String({ maxLength: 16 })), checkKey: CheckKey }),
      },
    },
    async (request) => {
      if (!ctx.cfg.loginCaptcha) return ok(null);
      const typed = (request.body.captcha ?? '').trim();
      if (!typed) throw bizError(CAPTCHA_MISSING);
      const key = checkKeyText(request.body.checkKey);
      const verdict = key === null ? 'expired' : await checkCaptcha(ctx, key, typed);
      if (verdict === 'ok') return ok(null);
      throw bizError(verdict === 'expired' ? CAPTCHA_EXPIRED : CAPTCHA_WRONG);
    },
  );
}
