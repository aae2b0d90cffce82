import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type, type Static } from '@sinclair/typebox';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { retryOnUniqueViolation } from '../../http/db-errors.js';
import { bizError, notFound } from '../../http/errors.js';
import { BATCH_IDS_QUERY, batchIds } from '../../lib/id-list.js';
import { listPage } from '../../lib/list-page.js';
import type { FieldMap } from '../../lib/list-query.js';
import { parseTreeCondition } from '../../lib/tree-dict.js';
import { trackedWrite, trackSystemWrite } from '../history/system-change.js';
import { nextCategoryCode } from './codes.js';
import {
  categoryChildren,
  categoryIdByCode,
  categoryNode,
  categorySubtree,
  categorySubtreeIds,
  refreshHasChild,
  ROOT_PID,
  type CategoryRow,
} from './tree.js';

export const CATEGORY_FIELDS: FieldMap = {
  pid: { type: 'string' },
  name: { type: 'string' },
  code: { type: 'string' },
  hasChild: { type: 'string' },
  createTime: { type: 'datetime' },
};
/** Columns a tree-select condition may name. */
const CONDITION_COLUMNS = ['name', 'code', 'has_child'];

const Id = Type.String({ minLength: 1, maxLength: 64 });
const CODE_PATTERN = '^[A-Za-z0-9_-]+$';
const CategoryBody = Type.Object({
  pid: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  code: Type.Optional(Type.Union([Type.String({ maxLength: 64, pattern: `(${CODE_PATTERN})|^$` }), Type.Null()])),
});
const CategoryEditBody = Type.Composite([Type.Object({ id: Id }), CategoryBody]);

/** Category dictionaries (sys_category): a tree whose codes grow by one level (B01, B01A01, …). */
export async function categoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;
  const login = { access: 'login' } as const;

  app.get('/sys/category/rootList', { config: login }, async (request) => {
    const query = request.query as Record<string, unknown>;
    return ok(await listPage<CategoryRow>(app.ctx.db, db.selectFrom('sysCategory'), CATEGORY_FIELDS, { ...query, pid: query.pid || ROOT_PID }, ['createTime', 'desc']));
  });

  app.get('/sys/category/childList', { config: login, schema: { querystring: Type.Object({ pid: Id }) } }, async (request) =>
    ok(await categoryChildren(db, request.query.pid)),
  );

  app.get(
    '/sys/category/loadTreeRoot',
    {
      config: login,
      schema: { querystring: Type.Object({ pcode: Type.Optional(Type.String({ maxLength: 64 })), async: Type.Optional(Type.Boolean()) }) },
    },
    async (request) => {
      const { pcode } = request.query;
      let pid = ROOT_PID;
      if (pcode && pcode !== ROOT_PID) {
        const id = await categoryIdByCode(db, pcode);
        if (!id) throw bizError(`该编码【${pcode}】不存在，请核实!`);
        pid = id;
      }
      if (request.query.async === false) return ok(await categorySubtree(db, pid));
      return ok((await categoryChildren(db, pid)).map(categoryNode));
    },
  );

  app.get('/sys/category/loadTreeChildren', { config: login, schema: { querystring: Type.Object({ pid: Id }) } }, async (request) =>
    ok((await categoryChildren(db, request.query.pid)).map(categoryNode)),
  );

  app.get(
    '/sys/category/loadOne',
    {
      config: login,
      schema: { querystring: Type.Object({ field: Type.Union([Type.Literal('code'), Type.Literal('id')]), val: Type.String({ minLength: 1, maxLength: 64 }) }) },
    },
    async (request) => {
      const { field, val } = request.query;
      const rows = await db.selectFrom('sysCategory').selectAll().where(field, '=', val).limit(2).execute();
      if (rows.length === 0) throw bizError('查询无果');
      if (rows.length > 1) throw bizError(`查询数据异常,[${field}]存在多个值:${val}`);
      return ok(rows[0]);
    },
  );

  app.get(
    '/sys/category/loadTreeData',
    {
      config: login,
      schema: {
        querystring: Type.Object({
          pid: Type.Optional(Type.String({ maxLength: 64 })),
          pcode: Type.Optional(Type.String({ maxLength: 64 })),
          condition: Type.Optional(Type.String({ maxLength: 2000 })),
        }),
      },
    },
    async (request) => {
      const { pcode, condition } = request.query;
      let pid = request.query.pid;
      // A given pid wins over pcode, as in the original.
      if (!pid) {
        if (!pcode) throw bizError('加载分类字典树参数有误.[null]!');
        pid = pcode === ROOT_PID ? ROOT_PID : (await categoryIdByCode(db, pcode)) ?? undefined;
        if (!pid) throw bizError('加载分类字典树参数有误.[code]!');
      }
      const rows = await categoryChildren(db, pid, parseTreeCondition(condition, CONDITION_COLUMNS));
      return ok(rows.map(categoryNode));
    },
  );

  // The Vue2 client calls it with a trailing slash.
  for (const url of ['/sys/category/loadDictItem/', '/sys/category/loadDictItem'])
    app.get(url, { config: login, schema: { querystring: Type.Object({ ids: Type.String({ maxLength: 40000 }) }) } }, async (request) => {
      const ids = request.query.ids.split(',').map((s) => s.trim()).slice(0, 500);
      const wanted = ids.filter(Boolean);
      const rows = wanted.length ? await db.selectFrom('sysCategory').select(['id', 'name']).where('id', 'in', wanted).execute() : [];
      const names = new Map(rows.map((r) => [r.id, r.name]));
      return ok(ids.map((id) => names.get(id) ?? ''));
    });

  const codeTaken = async (code: string, exceptId?: string) => {
    let q = db.selectFrom('sysCategory').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    return !!(await q.executeTakeFirst());
  };

  /** The parent row ('0' for a root); a missing parent is refused. */
  const parentOf = async (pid: string | null | undefined) => {
    if (!pid || pid === ROOT_PID) return null;
    const parent = await db.selectFrom('sysCategory').selectAll().where('id', '=', pid).executeTakeFirst();
    if (!parent) throw bizError('上级分类不存在');
    return parent;
  };

  /** The generated code under the parent, skipping any code already used elsewhere in the tree. */
  const generateCode = async (parent: CategoryRow | null) => {
    const siblings = (await db.selectFrom('sysCategory').select('code').where('pid', '=', parent?.id ?? ROOT_PID).execute()).map((r) => r.code);
    const prefix = parent?.code ?? '';
    for (let i = 0; i < 100; i++) {
      const code = nextCategoryCode(prefix, siblings);
      if (!(await codeTaken(code))) return code;
      siblings.push(code);
    }
    throw bizError('无法生成分类编码，请手动填写');
  };

  app.post('/sys/category/add', { config: { access: 'category:add' }, schema: { body: CategoryBody } }, async (request) => {
    const b = request.body;
    const parent = await parentOf(b.pid);
    const chosen = b.code?.trim() || '';
    if (chosen && (await codeTaken(chosen))) throw bizError(`分类编码 ${chosen} 已存在`);
    const id = newId();
    // A generated code is the next free sibling code: a concurrent add may take it first, then the
    // code is generated again (the column is unique).
    const code = await retryOnUniqueViolation(async () => {
      const next = chosen || (await generateCode(parent));
      await trackedWrite(db, request, 'sys_category', [id], 'add', (trx) => trx
        .insertInto('sysCategory')
        .values({
          id,
          pid: parent?.id ?? ROOT_PID,
          name: b.name.trim(),
          code: next,
          hasChild: '0',
          createBy: request.user().username,
          createTime: formatDateTime(),
          updateBy: null,
          updateTime: null,
        })
        .execute());
      return next;
    }, chosen ? 1 : undefined);
    if (parent) await refreshHasChild(db, parent.id);
    request.log.info({ categoryId: id, code }, 'category added');
    return ok({ id, code }, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/category/edit',
    config: { access: 'category:edit' },
    schema: { body: CategoryEditBody },
    handler: async (request) => {
      const b = request.body as Static<typeof CategoryEditBody>;
      const row = await db.selectFrom('sysCategory').selectAll().where('id', '=', b.id).executeTakeFirst();
      if (!row) throw notFound('未找到对应实体');
      const parent = b.pid === undefined ? await parentOf(row.pid) : await parentOf(b.pid);
      const pid = parent?.id ?? ROOT_PID;
      if (pid !== row.pid && (await categorySubtreeIds(db, [row.id])).includes(pid)) throw bizError('上级分类不能是自己或自己的下级');
      const code = b.code?.trim() || row.code;
      if (code !== row.code && (await codeTaken(code, row.id))) throw bizError(`分类编码 ${code} 已存在`);
      await trackedWrite(db, request, 'sys_category', [row.id], 'edit', (trx) =>
        trx
          .updateTable('sysCategory')
          .set({ pid, name: b.name.trim(), code, updateBy: request.user().username, updateTime: formatDateTime() })
          .where('id', '=', row.id)
          .execute(),
      );
      if (pid !== row.pid) {
        await refreshHasChild(db, row.pid);
        await refreshHasChild(db, pid);
      }
      request.log.info({ categoryId: row.id }, 'category edited');
      return okMessage('编辑成功!');
    },
  });

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const rows = await db.selectFrom('sysCategory').select(['id', 'pid']).where('id', 'in', ids).execute();
    if (rows.length === 0) return [];
    const all = await categorySubtreeIds(db, rows.map((r) => r.id));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < all.length; i += 400) {
        const chunk = all.slice(i, i + 400);
        await trackSystemWrite(trx, request, 'sys_category', chunk, 'delete', () => trx.deleteFrom('sysCategory').where('id', 'in', chunk).execute());
      }
    });
    for (const pid of new Set(rows.map((r) => r.pid))) if (!all.includes(pid)) await refreshHasChild(db, pid);
    return all;
  };

  app.delete('/sys/category/delete', { config: { access: 'category:delete' }, schema: { querystring: Type.Object({ id: Id }) } }, async (request) => {
    const removed = await remove(request, [request.query.id]);
    if (removed.length === 0) throw notFound('未找到对应实体');
    request.log.info({ categoryIds: removed }, 'categories deleted');
    return okMessage('删除成功!');
  });

  app.delete(
    '/sys/category/deleteBatch',
    { config: { access: 'category:delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      const removed = await remove(request, batchIds(request));
      request.log.info({ categoryIds: removed }, 'categories deleted');
      return okMessage('批量删除成功!');
    },
  );
}
