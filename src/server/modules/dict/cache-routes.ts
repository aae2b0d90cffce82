import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { clearTableDictCache } from '../../lib/table-dict.js';

/**
 * Cache resets the console calls after editing dictionaries. Dictionary items are read from the
 * database on every request (several server instances may run, so a local copy could go stale); the
 * only server-side cache is the introspected column list of allow-listed tables.
 */
export async function cacheRoutes(app: FastifyInstance) {
  // The original answers an empty Result with code 0 (protocol §5). The JeecgBoot Vue 3 header's
  // 刷新缓存 also resets its drag-designer pages' cache; this server has no such pages, so the same.
  for (const url of ['/sys/dict/refleshCache', '/drag/page/refreshCache'])
    app.route({
      method: ['GET', 'POST'],
      url,
      config: { access: 'login' },
      handler: async (request) => {
        clearTableDictCache();
        request.log.info({ userId: request.user().userId }, 'dictionary caches cleared');
        return { ...ok(null), code: 0 };
      },
    });

  app.get('/api/yjy/common/clearCache', { config: { access: 'login' } }, async (request) => {
    clearTableDictCache();
    request.log.info({ userId: request.user().userId }, 'server caches cleared');
    return ok(null, '缓存已清除');
  });
}
