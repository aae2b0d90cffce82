import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { isAdministrator } from '../../auth/administrator.js';
import { attachDictText } from '../../lib/dict-text.js';
import { listPage } from '../../lib/list-page.js';
import { contains } from '../../lib/like.js';
import type { FieldMap } from '../../lib/list-query.js';
import { ListQuery } from '../../lib/paged-query.js';
import { visitRoutes } from './visit-routes.js';

/** Reading the security log (menu 安全日志; granted to the administrator role by the menu definition). */
export const LOG_LIST = 'log:list';

/** What the log list filters and sorts on; the dictionaries name log type, event and result. */
const LOG_FIELDS: FieldMap = {
  logType: { type: 'number', dict: 'log_type' },
  event: { type: 'string', dict: 'security_event' },
  result: { type: 'number', dict: 'log_result' },
  username: { type: 'string' },
  userid: { type: 'string' },
  target: { type: 'string' },
  ip: { type: 'string' },
  requestId: { type: 'string' },
  logContent: { type: 'string', sortable: false },
  createTime: { type: 'datetime' },
};

/**
 * The security log (JeecgBoot's 日志管理, `GET /sys/log/list`): read-only. Rows are written only by
 * src/server/audit/security-log.ts; no route here or anywhere changes or deletes them. The
 * administrator sees every tenant's entries (and those without a tenant, such as failed sign-ins);
 * anyone else granted the list sees only the entries of the tenant they are working in.
 */
export async function logRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const visibleEntries = async (request: FastifyRequest) => {
    const session = request.user();
    const base = db.selectFrom('sysLog');
    return (await isAdministrator(db, session.userId)) ? base : base.where('tenantId', '=', session.tenantId);
  };

  app.get('/sys/log/list', { config: { access: LOG_LIST }, schema: { querystring: ListQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    let base = await visibleEntries(request);
    // keyWord: JeecgBoot's free-text search over the entry's content.
    const keyWord = typeof query.keyWord === 'string' ? query.keyWord.trim() : '';
    if (keyWord) base = base.where((eb) => contains(eb.ref('logContent'), keyWord));
    const result = await listPage<Record<string, unknown>>(ctx.db, base, LOG_FIELDS, query, ['createTime', 'desc']);
    return ok({ ...result, records: await attachDictText(db, ctx.defs, result.records, LOG_FIELDS) });
  });

  await app.register(visitRoutes);
}
