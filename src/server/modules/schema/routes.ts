import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import type { PageDefinition } from '../../../shared/schema-types.js';
import { badRequest, notFound } from '../../http/errors.js';
import { normaliseComponent, ONLINE_LIST_COMPONENTS, servesComponent } from '../../definitions/cross-refs.js';

/**
 * Page definitions for the console's renderer (DESIGN §2). They are read from ctx.defs on every
 * request, so in development an edited page shows on the next page open (definitions/watch.ts).
 */
export async function schemaRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  app.get(
    '/sys/schema/page',
    {
      config: { access: 'login' },
      schema: {
        querystring: Type.Object({
          component: Type.String({ minLength: 1, maxLength: 200, pattern: '^/?[A-Za-z][A-Za-z0-9/_.-]*$' }),
          code: Type.Optional(Type.String({ maxLength: 64, pattern: '^[a-z][a-z0-9_-]*$' })),
          _t: Type.Optional(Type.String({ maxLength: 20 })),
        }),
      },
    },
    async (request) => {
      const component = normaliseComponent(request.query.component);
      const { code } = request.query;
      if (ONLINE_LIST_COMPONENTS.includes(component) && !code) throw badRequest('缺少参数 code（实体编码）');
      const page = findPage(ctx.defs.pages, component, code);
      if (!page) throw notFound(`页面定义不存在：${component}${code ? `（${code}）` : ''}`);
      return ok(page);
    },
  );

  app.get(
    '/sys/schema/page/:code',
    {
      config: { access: 'login' },
      schema: { params: Type.Object({ code: Type.String({ maxLength: 64, pattern: '^[a-z][a-z0-9-]*$' }) }) },
    },
    async (request) => {
      const page = ctx.defs.pages.find((p) => p.code === request.params.code);
      if (!page) throw notFound(`页面定义不存在：${request.params.code}`);
      return ok(page);
    },
  );
}

/** The page serving a menu component: for a code, the page of that entity (or with that page code). */
export function findPage(
  pages: PageDefinition[],
  component: string,
  code?: string,
): PageDefinition | undefined {
  const serving = pages.filter((p) => servesComponent(p, component));
  if (!code) return serving.find((p) => !p.entity) ?? serving[0];
  return serving.find((p) => p.entity === code) ?? serving.find((p) => p.code === code);
}
