import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { trackSystemWrite } from '../history/system-change.js';
import { ok } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import { badRequest, bizError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { listFilters, paging, sortKeys, type FieldMap } from '../../lib/list-query.js';
import { fetchPage, ListQuery } from '../../lib/paged-query.js';
import { hashApiKey, managedOrganisations, newApiKey, SHOWN_PREFIX } from './keys.js';

const KEY_FIELDS: FieldMap = {
  name: { type: 'string' },
  keyPrefix: { type: 'string' },
  status: { type: 'number' },
  lastUsedTime: { type: 'datetime' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
};

const AddBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 50 }),
    orgId: Type.String({ minLength: 1, maxLength: 64 }),
    /** Entity codes, as a list or comma-joined (a multi-select sends either). */
    entities: Type.Union([
      Type.Array(Type.String({ maxLength: 64 }), { minItems: 1, maxItems: 50 }),
      Type.String({ minLength: 1, maxLength: 2000 }),
    ]),
  },
  { additionalProperties: false },
);
const IdBody = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const API_KEY_NOT_FOUND = '未找到对应数据';

/**
 * Device API keys (设备密钥, entity `device`) under 系统管理: list, issue (the key is answered once and
 * only its hash kept) and revoke. A caller manages the keys of the organisations api-key/keys.ts gives
 * him — every one for a caller who sees everything, else his own organisation's — and issues none for
 * another. Posts with a key: device-routes.ts.
 */
export async function apiKeyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const organisations = async (request: FastifyRequest) =>
    managedOrganisations(db, request.user(), await request.scope());
  const deviceEntities = () => ctx.defs.entities.filter((e) => e.device);

  app.get(
    '/sys/apiKey/list',
    { config: { access: 'apiKey:list' }, schema: { querystring: ListQuery } },
    async (request) => {
      const query = request.query as Record<string, unknown>;
      const orgs = await organisations(request);
      const session = request.user();
      const q = db
        .selectFrom('sysApiKey')
        .select([
          'id',
          'name',
          'keyPrefix',
          'orgId',
          'entities',
          'status',
          'lastUsedTime',
          'createBy',
          'createTime',
        ])
        .where('tenantId', '=', session.tenantId)
        .where('delFlag', '=', 0)
        .where('orgId', 'in', orgs.length ? orgs.map((o) => o.id) : [''])
        .where((eb) => listFilters(eb, KEY_FIELDS, query));
      const result = await fetchPage(
        ctx.db,
        q,
        sortKeys(KEY_FIELDS, query, ['createTime', 'desc']),
        paging(query),
      );
      const orgName = new Map(orgs.map((o) => [o.id, o.departName]));
      const entityName = new Map(deviceEntities().map((e) => [e.code, e.name]));
      const rows = result.records.map((r) => ({
        ...r,
        status: String(r.status),
        orgId_dictText: orgName.get(r.orgId) ?? null,
        entities_dictText: r.entities
          .split(',')
          .map((c) => entityName.get(c) ?? c)
          .join('、'),
      }));
      const records = await attachDictText(db, ctx.defs, rows, {
        status: { type: 'string', dict: 'api_key_status' },
      });
      return ok({ ...result, records });
    },
  );

  // The form's choices: the organisations the caller may issue keys for, the entities devices post to.
  app.get('/sys/apiKey/options', { config: { access: 'apiKey:add' } }, async (request) =>
    ok({
      organisations: (await organisations(request)).map((o) => ({ value: o.id, text: o.departName })),
      entities: deviceEntities().map((e) => ({ value: e.code, text: e.name })),
    }),
  );

  app.post(
    '/sys/apiKey/add',
    { config: { access: 'apiKey:add' }, schema: { body: AddBody } },
    async (request) => {
      const session = request.user();
      const { name, orgId } = request.body;
      if (!(await organisations(request)).some((o) => o.id === orgId))
        throw badRequest('所属机构不在您的数据范围内');
      const raw = request.body.entities;
      const codes = [
        ...new Set((Array.isArray(raw) ? raw : raw.split(',')).map((c) => c.trim()).filter(Boolean)),
      ];
      const known = new Set(deviceEntities().map((e) => e.code));
      const unknown = codes.filter((c) => !known.has(c));
      if (!codes.length || unknown.length)
        throw badRequest(`可上传的数据：“${unknown.join('、')}”不接受设备上传`);
      const key = newApiKey();
      const id = newId();
      await db.transaction().execute((trx) =>
        trackSystemWrite(trx, request, 'sys_api_key', [id], 'add', () =>
          trx
            .insertInto('sysApiKey')
            .values({
              id,
              tenantId: session.tenantId,
              orgId,
              name: name.trim(),
              keyHash: hashApiKey(key),
              keyPrefix: key.slice(0, SHOWN_PREFIX),
              entities: codes.join(','),
              status: 1,
              lastUsedTime: null,
              createBy: session.username,
              createTime: formatDateTime(),
              delFlag: 0,
            })
            .execute(),
        ),
      );
      request.log.info({ apiKey: id, orgId, by: session.userId }, 'api key issued');
      // The only time the key is told: it is not stored.
      return ok({ id, key }, '密钥已生成，请立即复制保存，关闭后将无法再次查看');
    },
  );

  app.put(
    '/sys/apiKey/revoke',
    { config: { access: 'apiKey:delete' }, schema: { body: IdBody } },
    async (request) => {
      const orgs = await organisations(request);
      const res = await db.transaction().execute((trx) =>
        trackSystemWrite(trx, request, 'sys_api_key', [request.body.id], 'edit', () =>
          trx
            .updateTable('sysApiKey')
            .set({ status: 0 })
            .where('id', '=', request.body.id)
            .where('tenantId', '=', request.user().tenantId)
            .where('delFlag', '=', 0)
            .where('orgId', 'in', orgs.length ? orgs.map((o) => o.id) : [''])
            .executeTakeFirst(),
        ),
      );
      if (Number(res.numUpdatedRows) === 0) throw bizError(API_KEY_NOT_FOUND);
      request.log.info({ apiKey: request.body.id, by: request.user().userId }, 'api key revoked');
      return ok(null, '已停用');
    },
  );
}
