import fs from 'node:fs';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { ApiError, notFound } from '../../http/errors.js';
import { AttemptCounters } from '../../auth/throttle.js';
import { FileStore } from '../upload/storage.js';
import { cardDoctorId } from './token.js';
import { loadCard, type DoctorCard } from './card.js';

export const CARD_NOT_FOUND = '名片不存在或已失效';
/** Card views per address and window: plenty for people scanning codes, little for walking tokens. */
export const CARD_VIEWS_PER_ADDRESS = 120;
const WINDOW_MS = 10 * 60_000;

const CardQuery = Type.Object({ c: Type.String({ minLength: 1, maxLength: 200 }) });

/**
 * The doctor's public card (the QR code's target, issue 19 §6): `GET /sys/doctorCard?c=<token>` answers
 * the name, department, position and the address of `GET /sys/doctorCard/avatar?c=<token>`, which streams
 * the avatar image. Both are public, counted per address like the other public endpoints, and a bad or
 * forged token is a 404 that says nothing about why.
 */
export async function doctorCardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;
  const counters = new AttemptCounters(db);

  async function cardOf(request: FastifyRequest, token: string) {
    const counted = await counters.reserve([
      { key: `doctor-card-ip:${request.ip}`, max: CARD_VIEWS_PER_ADDRESS, windowMs: WINDOW_MS },
    ]);
    if (!counted.ok) throw new ApiError('请求过于频繁，请稍后再试', 429, 429);
    const id = cardDoctorId(ctx.cfg.sessionSecret, token);
    const card = id ? await loadCard(db, id) : null;
    if (!card) throw notFound(CARD_NOT_FOUND);
    return card;
  }

  app.get(
    '/sys/doctorCard',
    { config: { access: 'public' }, schema: { querystring: CardQuery } },
    async (request) => {
      const { c } = request.query;
      const card = await cardOf(request, c);
      const answer: DoctorCard = {
        realname: card.realname,
        avatar: card.avatarPath
          ? `${ctx.cfg.apiBase}/sys/doctorCard/avatar?c=${encodeURIComponent(c)}`
          : null,
        departName: card.departName,
        postName: card.postName,
      };
      return ok(answer);
    },
  );

  app.get(
    '/sys/doctorCard/avatar',
    { config: { access: 'public' }, schema: { querystring: CardQuery } },
    async (request, reply) => {
      const card = await cardOf(request, request.query.c);
      // Only the stored upload the doctor's record names, and only an image.
      const file = card.avatarPath
        ? await db.selectFrom('sysFile').selectAll().where('path', '=', card.avatarPath).executeTakeFirst()
        : undefined;
      if (!file || !file.mime.startsWith('image/')) throw notFound(CARD_NOT_FOUND);
      const { file: full, size } = await new FileStore(db, ctx.cfg.uploadDir).open(file);
      reply
        .header('Content-Type', file.mime)
        .header('Content-Length', String(size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', 'sandbox')
        .header('Cache-Control', 'private, max-age=3600');
      return reply.send(fs.createReadStream(full));
    },
  );
}
