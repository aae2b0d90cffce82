import type { FastifyInstance } from 'fastify';
import { ok } from '../../../shared/envelope.js';
import { entityModel } from './entity-model.js';
import { listRecords } from './entity-records.js';
import { readAccess } from './routes.js';
import { actionableFilter } from './workflow.js';

const ACTIONABLE = { pageNo: '1', pageSize: '1', _actionable: '1' };

/**
 * The caller's workflow to-dos (the dashboards' 待办 card): per entity with a workflow, how many rows in
 * his scope wait in a state a transition he holds leaves — the list's 待我处理 count. Entities he cannot
 * read or move are left out, and so are those with nothing waiting.
 */
export async function todoRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/sys/todo/transitions', { config: { access: 'login' } }, async (request) => {
    const perms = await request.permissions();
    const out: Array<{ entity: string; title: string; count: number; path: string }> = [];
    for (const entity of ctx.defs.entities) {
      const wf = entity.workflow;
      if (!wf || entity.parent) continue;
      const read = readAccess(entity);
      if (read !== 'login' && !perms.has(read)) continue;
      if (!wf.transitions.some((t) => t.permission && perms.has(t.permission))) continue;
      const page = await listRecords(ctx, request, entityModel(entity), ACTIONABLE, await actionableFilter(request, entity, ACTIONABLE));
      if (page.total > 0)
        out.push({ entity: entity.code, title: entity.name, count: page.total, path: `/online/cgformList/${entity.code}?_actionable=1` });
    }
    return ok(out);
  });
}
