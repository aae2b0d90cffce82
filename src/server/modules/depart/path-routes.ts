import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { ORG_CODE_STEP } from '../../auth/scope.js';
import { IdParam, MAX_ID_LIST_CHARS, optionalIdList } from '../../lib/id-list.js';
import { prefixRange } from '../../lib/like.js';
import { visibleDeparts } from './depart-access.js';

/** The org category of a post (岗位): a department row users hold as their position. */
const POST_CATEGORY = '3';

const OrgCode = Type.String({ pattern: '^[A-Za-z0-9]{0,64}$' });

/**
 * Department helpers of the JeecgBoot 3 (Vue 3) pages, within the caller's tenant and data scope like
 * every department read: a department is shown by its path of names, and the user form asks which
 * posts lie in the chosen departments.
 */
export async function departPathRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;

  /**
   * `getDepartPathNameByOrgCode?orgCode=&depId=`: the names from the top down to the department (by id,
   * else by org code), joined with `/`, abbreviations preferred. Only departments the caller may see are
   * named, so a path starts at the top of his scope; an unknown or invisible department gives "".
   */
  app.get(
    '/sys/sysDepart/getDepartPathNameByOrgCode',
    {
      config: { access: 'login' },
      schema: { querystring: Type.Object({ orgCode: Type.Optional(OrgCode), depId: Type.Optional(Type.Union([IdParam(), Type.Literal('')])) }) },
    },
    async (request) => {
      const { orgCode, depId } = request.query;
      if (!depId && !orgCode) return ok('');
      const visible = await visibleDeparts(request);
      const target = await db
        .selectFrom('sysDepart')
        .select('orgCode')
        .where(visible)
        .$if(!!depId, (q) => q.where('sysDepart.id', '=', depId as string))
        .$if(!depId, (q) => q.where('sysDepart.orgCode', '=', orgCode as string))
        .executeTakeFirst();
      if (!target) return ok('');
      const prefixes: string[] = [];
      for (let end = ORG_CODE_STEP; end < target.orgCode.length; end += ORG_CODE_STEP) prefixes.push(target.orgCode.slice(0, end));
      prefixes.push(target.orgCode);
      const chain = await db
        .selectFrom('sysDepart')
        .select(['orgCode', 'departName', 'departNameAbbr'])
        .where(visible)
        .where('sysDepart.orgCode', 'in', prefixes)
        .execute();
      chain.sort((a, b) => a.orgCode.length - b.orgCode.length);
      return ok(chain.map((d) => d.departNameAbbr?.trim() || d.departName).join('/'));
    },
  );

  /**
   * `getDepPostIdByDepId?depIds=`: the ids of the posts (org category 3) in the named departments and
   * below them, comma-joined ("" when none); the user form drops a chosen post that is not among them.
   */
  app.get(
    '/sys/sysDepart/getDepPostIdByDepId',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ depIds: Type.String({ maxLength: MAX_ID_LIST_CHARS }) }) } },
    async (request) => {
      const ids = optionalIdList(request.query.depIds, 'depIds');
      if (ids.length === 0) return ok('');
      const visible = await visibleDeparts(request);
      const roots = await db.selectFrom('sysDepart').select('orgCode').where(visible).where('sysDepart.id', 'in', ids).execute();
      if (roots.length === 0) return ok('');
      const posts = await db
        .selectFrom('sysDepart')
        .select('id')
        .where(visible)
        .where('sysDepart.orgCategory', '=', POST_CATEGORY)
        .where((eb) => eb.or(roots.map((r) => prefixRange(eb.ref('sysDepart.orgCode'), r.orgCode))))
        .orderBy('sysDepart.orgCode')
        .execute();
      return ok(posts.map((p) => p.id).join(','));
    },
  );
}
