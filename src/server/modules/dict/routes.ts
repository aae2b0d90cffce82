import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ok, page } from '../../../shared/envelope.js';
import { badRequest } from '../../http/errors.js';
import { paging } from '../../lib/list-query.js';
import { resolveTreeDict, treeDictItems } from '../../lib/tree-dict.js';
import { allDictItems } from '../auth/login-result.js';
import { dictAdminRoutes } from './admin-routes.js';
import { cacheRoutes } from './cache-routes.js';
import { callerDictItems, countPlainDictItems, isTableDict, plainDictItems, sortItems, splitOrderAnnotation } from './dict-items.js';
import { dictItemRoutes } from './item-routes.js';
import { dictRecycleRoutes } from './recycle-routes.js';

const CodeParams = Type.Object({ dictCode: Type.String({ minLength: 1, maxLength: 400 }) });
const PageSize = Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 }));
const Keyword = Type.Optional(Type.String({ maxLength: 200 }));

/** Signed like the original (protocol §4.3); the session and the allow-lists are the real control. */
const signedRead = { access: 'login', signed: true } as const;

/**
 * Dictionary reads of protocol §5 for the console's selects and translations. Plain codes read
 * sys_dict_item; `table,text,code[,filter]` codes only pass through the table-dictionary allow-list.
 */
export async function dictRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { defs } = app.ctx;
  const db = app.ctx.db.kysely;

  app.get(
    '/sys/dict/getDictItems/:dictCode',
    { config: signedRead, schema: { params: CodeParams } },
    async (request) => ok(await callerDictItems(request, request.params.dictCode)),
  );

  app.get(
    '/sys/dict/loadDict/:dictCode',
    { config: signedRead, schema: { params: CodeParams, querystring: Type.Object({ keyword: Keyword, pageSize: PageSize }) } },
    async (request) => {
      const { keyword, order } = splitOrderAnnotation(request.query.keyword);
      const items = await callerDictItems(request, request.params.dictCode, { keyword, limit: request.query.pageSize ?? 500 });
      return ok(sortItems(items, order));
    },
  );

  // The current value(s) first, then the first page, so a select can show its selection.
  app.get(
    '/sys/dict/loadDictOrderByValue/:dictCode',
    { config: signedRead, schema: { params: CodeParams, querystring: Type.Object({ keyword: Keyword, pageSize: PageSize }) } },
    async (request) => {
      const code = request.params.dictCode;
      const selected = (request.query.keyword ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      const chosen = selected.length ? await callerDictItems(request, code, { values: selected }) : [];
      const first = await callerDictItems(request, code, { limit: request.query.pageSize ?? 10 });
      const seen = new Set(chosen.map((i) => i.value));
      return ok([...chosen, ...first.filter((i) => !seen.has(i.value))]);
    },
  );

  app.get(
    '/sys/dict/loadDictItem/:dictCode',
    {
      config: signedRead,
      schema: {
        params: CodeParams,
        querystring: Type.Object({ key: Type.String({ maxLength: 10000 }), delNotExist: Type.Optional(Type.Boolean()) }),
      },
    },
    async (request) => {
      const code = request.params.dictCode;
      if (!isTableDict(code)) throw badRequest('字典Code格式不正确！');
      const keys = request.query.key.split(',').map((s) => s.trim()).filter(Boolean).slice(0, 500);
      const items = await callerDictItems(request, code, { values: keys });
      const texts = new Map(items.map((i) => [i.value, i.text]));
      const keepUnknown = request.query.delNotExist === false;
      return ok(keys.flatMap((k) => (texts.has(k) ? [texts.get(k) as string] : keepUnknown ? [k] : [])));
    },
  );

  const Name = Type.String({ minLength: 1, maxLength: 64 });
  app.get(
    '/sys/dict/loadTreeData',
    {
      config: signedRead,
      schema: {
        querystring: Type.Object({
          pid: Type.Optional(Type.String({ maxLength: 64 })),
          pidField: Name,
          tableName: Name,
          text: Name,
          code: Name,
          hasChildField: Type.Optional(Type.String({ maxLength: 64 })),
          condition: Type.Optional(Type.String({ maxLength: 2000 })),
        }),
      },
    },
    async (request) => {
      const ref = resolveTreeDict(defs, request.query);
      return ok(await treeDictItems(db, ref, { pid: request.query.pid, tenantId: request.user().tenantId }));
    },
  );

  // Signed like the other dictionary reads (issue 11 §5): it translates table dictionaries too.
  app.get(
    '/sys/dict/getDictText/:dictCode/:key',
    { config: signedRead, schema: { params: Type.Object({ dictCode: CodeParams.properties.dictCode, key: Type.String({ maxLength: 200 }) }) } },
    async (request) => {
      const [item] = await callerDictItems(request, request.params.dictCode, { values: [request.params.key] });
      return ok(item ? item.text : null);
    },
  );

  app.get('/sys/dict/queryAllDictItems', { config: { access: 'login' } }, async () => ok(await allDictItems(db)));

  // Not in the original backend, but the console's generic dictionary select pages through it.
  app.get(
    '/sys/dict/getDictItemsPageList',
    {
      config: { access: 'login' },
      schema: {
        querystring: Type.Object({
          dictCode: CodeParams.properties.dictCode,
          keyword: Keyword,
          pageNo: Type.Optional(Type.Integer({ minimum: 1 })),
          pageSize: PageSize,
        }),
      },
    },
    async (request) => {
      const { dictCode, keyword } = request.query;
      const { pageNo, pageSize } = paging(request.query);
      const text = (i: { value: string; text: string }) => ({ value: i.value, text: i.text });
      if (!isTableDict(dictCode)) {
        const total = await countPlainDictItems(db, dictCode, keyword);
        const items = await plainDictItems(db, dictCode, { keyword, limit: pageSize, offset: (pageNo - 1) * pageSize });
        return ok(page(items.map(text), total, pageNo, pageSize));
      }
      // Table dictionaries are read through the allow-listed reader, which returns at most 1000 rows.
      const all = await callerDictItems(request, dictCode, { keyword, limit: 1000 });
      const slice = all.slice((pageNo - 1) * pageSize, pageNo * pageSize);
      return ok(page(slice.map(text), all.length, pageNo, pageSize));
    },
  );

  await app.register(dictAdminRoutes);
  await app.register(dictItemRoutes);
  await app.register(cacheRoutes);
  await app.register(dictRecycleRoutes);
}
