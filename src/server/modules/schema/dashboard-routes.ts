import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import type { DashboardCard, DashboardDefinition } from '../../../shared/schema-types.js';
import { notFound } from '../../http/errors.js';
import { compiledStats } from '../stats/compile.js';

/**
 * Dashboard definitions for the console (schemas/dashboards), read from ctx.defs like pages. A card
 * over a stat the caller may not read is left out, so a dashboard never shows an empty "no permission"
 * hole — the stat API refuses it anyway.
 */
export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  app.get(
    '/sys/schema/dashboard',
    {
      config: { access: 'login' },
      schema: {
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 64, pattern: '^[a-z][a-z0-9_]*$' })),
          /** The console's application code: picks the home dashboard when no code is given (a layout, not a right). */
          appCode: Type.Optional(Type.String({ maxLength: 42, pattern: '^[A-Za-z][A-Za-z0-9-]*$' })),
          _t: Type.Optional(Type.String({ maxLength: 20 })),
        }),
      },
    },
    async (request) => {
      const { code, appCode } = request.query;
      const dashboard = code
        ? ctx.defs.dashboards.find((d) => d.code === code)
        : homeDashboard(ctx.defs.dashboards, appCode ?? ctx.cfg.appCodes[0]);
      if (!dashboard) throw notFound(code ? `仪表盘定义不存在：${code}` : '尚未配置首页仪表盘');
      return ok(await forCaller(dashboard, request));
    },
  );
}

/** The home dashboard of an application code: the one naming it, else the one for every code ('*'). */
export function homeDashboard(
  dashboards: DashboardDefinition[],
  appCode: string,
): DashboardDefinition | undefined {
  return dashboards.find((d) => d.home?.includes(appCode)) ?? dashboards.find((d) => d.home?.includes('*'));
}

/**
 * A card as served: a stat card also says which of the dashboard's shared filters its stat takes, under
 * the stat's parameter name (the stat API refuses parameters a stat does not declare).
 */
export type ServedCard = DashboardCard & { accepts?: Partial<Record<SharedFilter, string>> };
type SharedFilter = NonNullable<DashboardDefinition['filters']>[number];

async function forCaller(dashboard: DashboardDefinition, request: FastifyRequest) {
  const stats = compiledStats(request.server.ctx.defs);
  const perms = await request.permissions();
  const cards: ServedCard[] = [];
  for (const card of dashboard.cards) {
    if (!('stat' in card)) {
      cards.push(card);
      continue;
    }
    const stat = stats.get(card.stat);
    // The same rule as GET /sys/stats/<code>: 'login' or the stat's permission.
    if (!stat || !(stat.access === 'login' || perms.has(stat.access))) continue;
    const accepts: Partial<Record<SharedFilter, string>> = {};
    for (const filter of dashboard.filters ?? []) {
      const param = stat.params.find((p) => p.type === filter);
      if (param) accepts[filter] = param.name;
    }
    cards.push({ ...card, accepts });
  }
  return { ...dashboard, cards };
}
