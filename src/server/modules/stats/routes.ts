import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import type { Definitions } from '../../definitions/load.js';
import { noPermission, notFound } from '../../http/errors.js';
import { statAnswer, type StatAnswer } from './answer.js';
import { AnswerCache } from './cache.js';
import { compiledStats, type CompiledStat } from './compile.js';
import { bindParams } from './params.js';
import { visibleRows } from './sources.js';

export const STATS_API = '/sys/stats';

const StatCode = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z][a-z0-9_]*$' }),
});
/** Parameter names and values only; which names a statistic takes is checked against its definition. */
const StatQuery = Type.Record(
  Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,63}$' }),
  Type.String({ maxLength: 2000 }),
  { maxProperties: 30 },
);

/**
 * Statistics (issue 17): the aggregate queries of schemas/stats, each read with its permission, inside
 * the caller's tenant, data scope and data rules, answers cached per caller scope and parameters.
 */
export async function statRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.ctx;
  const cache = new AnswerCache<StatAnswer>(500);
  let cachedFor: Definitions | null = null;

  const mayRead = async (request: FastifyRequest, stat: CompiledStat) =>
    stat.access === 'login' || (await request.permissions()).has(stat.access);

  app.get(STATS_API, { config: { access: 'login' } }, async (request) => {
    const out: Array<{ code: string; title: string }> = [];
    for (const stat of compiledStats(ctx.defs).values())
      if (await mayRead(request, stat)) out.push({ code: stat.def.code, title: stat.def.title });
    return ok(out);
  });

  app.get(
    `${STATS_API}/:code`,
    { config: { access: 'login' }, schema: { params: StatCode, querystring: StatQuery } },
    async (request) => {
      const stat = compiledStats(ctx.defs).get(request.params.code);
      if (!stat) throw notFound(`统计不存在：${request.params.code}`);
      if (!(await mayRead(request, stat))) throw noPermission();
      const bound = bindParams(stat, request.query);
      const visible = await visibleRows(request, stat.source);
      // A reload of the definitions may change any statistic: answers from before are dropped.
      if (cachedFor !== ctx.defs) {
        cache.clear();
        cachedFor = ctx.defs;
      }
      // A reference's display text is masked per caller's permissions: such answers are the caller's own.
      const own = stat.dimensions.some((d) => d.ref) ? request.user().userId : '';
      const key = JSON.stringify([stat.def.code, visible.scopeKey, bound.key, own]);
      let answer = cache.get(key);
      if (!answer) {
        answer = await statAnswer(request, stat, visible.where, bound);
        cache.set(key, answer, stat.cacheSeconds);
      }
      return ok(answer);
    },
  );
}
