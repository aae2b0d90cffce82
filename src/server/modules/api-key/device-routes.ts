import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';
import { ok } from '../../../shared/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { AttemptCounters } from '../../auth/throttle.js';
import type { Session } from '../../auth/sessions.js';
import { ApiError, badRequest, forbidden, unauthorized } from '../../http/errors.js';
import { entityModel } from '../online/entity-model.js';
import { dbOf } from '../online/entity-records.js';
import { requestScope } from '../online/entity-scope.js';
import { addRecord } from '../online/entity-writes.js';
import { REF_UNKNOWN } from '../online/ref-check.js';
import { ONLINE_API } from '../online/routes.js';
import { hashApiKey } from './keys.js';

export const BAD_KEY = '密钥无效或已停用';
/** Posts per address and window: a meter sending every minute is far below it, key guessing is not. */
export const DEVICE_POSTS_PER_ADDRESS = 120;
const WINDOW_MS = 60_000;
export const MAX_DEVICE_RECORDS = 500;

// One record, or { records: [...] } (checked in the handler: a union of objects would accept either).
const DeviceBody = Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 200 });
const CodeParams = Type.Object({ code: Type.String({ pattern: '^[a-z][a-z0-9_]{0,63}$' }) });

/**
 * Device posts (设备上传, entity `device`): POST /online/cgform/api/device/<code> with X-Api-Key. The
 * route is public to the session layer and authenticated by the key; the request then acts as the key's
 * organisation — a session with that organisation's data scope, named `device:<key name>`, holding no
 * permission — so each row goes through the ordinary add path (checks, formulas, refs in scope, history,
 * triggers) exactly as a staff add would. Refs the entity's `device.refs` names are given by the target's
 * unique field and resolved inside the organisation. Answered per row like an import.
 */
export async function deviceRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;
  const counters = new AttemptCounters(db);

  /** The key's device session, or 401 (unknown or revoked key). */
  async function deviceSession(request: FastifyRequest): Promise<{ session: Session; keyId: string; entities: string[] }> {
    const header = request.headers['x-api-key'];
    const key = (Array.isArray(header) ? header[0] : header ?? '').trim();
    const row = key
      ? await db
          .selectFrom('sysApiKey as k')
          .innerJoin('sysDepart as d', 'd.id', 'k.orgId')
          .select(['k.id', 'k.name', 'k.tenantId', 'k.entities', 'd.orgCode'])
          .where('k.keyHash', '=', hashApiKey(key))
          .where('k.status', '=', 1)
          .where('k.delFlag', '=', 0)
          .executeTakeFirst()
      : undefined;
    if (!row) throw unauthorized(BAD_KEY);
    return {
      keyId: row.id,
      entities: row.entities.split(','),
      session: {
        id: `device-${row.id}`,
        // No user has this id: the session holds no role, permission or data rule.
        userId: row.id,
        username: `device:${row.name}`.slice(0, 50),
        realname: row.name,
        tenantId: row.tenantId,
        orgCode: row.orgCode,
        appCode: ctx.cfg.defaultAppCode,
        relTenantIds: [row.tenantId],
      },
    };
  }

  /** Replaces the unique-field values of `device.refs` by the ids of the organisation's rows they name. */
  async function resolveRefs(request: FastifyRequest, entity: EntityDefinition, record: Record<string, unknown>) {
    const out = { ...record };
    for (const [field, unique] of Object.entries(entity.device?.refs ?? {})) {
      const value = record[field];
      if (value === undefined || value === null || value === '') continue;
      const f = entity.fields.find((x) => x.name === field);
      const target = ctx.defs.entities.find((e) => e.code === f?.ref?.entity);
      if (!f || !target) continue;
      const found = (await dbOf(ctx)
        .selectFrom(target.code)
        .select(sql.ref('id').as('id'))
        .where(await requestScope(request, target))
        .where(sql.ref(unique), '=', String(value))
        .executeTakeFirst()) as { id: unknown } | undefined;
      if (!found) throw badRequest(`${f.title}：“${String(value)}”${REF_UNKNOWN}`);
      out[field] = String(found.id);
    }
    return out;
  }

  app.post(
    `${ONLINE_API}/device/:code`,
    { config: { access: 'public' }, schema: { params: CodeParams, body: DeviceBody } },
    async (request) => {
      const counted = await counters.reserve([
        { key: `device-post-ip:${request.ip}`, max: DEVICE_POSTS_PER_ADDRESS, windowMs: WINDOW_MS },
      ]);
      if (!counted.ok) throw new ApiError('请求过于频繁，请稍后再试', 429, 429);
      const device = await deviceSession(request);
      const { code } = request.params;
      const entity = ctx.defs.entities.find((e) => e.code === code && !e.parent);
      if (!entity?.device) throw badRequest('该数据不接受设备上传');
      if (!device.entities.includes(code)) throw forbidden('该密钥无权上传此类数据');
      // From here on the request acts as the key's organisation (request.user(), request.scope()).
      request.session = device.session;
      const body = request.body as Record<string, unknown>;
      const records = 'records' in body ? body.records : [body];
      if (!Array.isArray(records) || records.length === 0 || records.length > MAX_DEVICE_RECORDS)
        throw badRequest(`records：需要 1 至 ${MAX_DEVICE_RECORDS} 条记录`);
      if (records.some((r) => typeof r !== 'object' || r === null || Array.isArray(r)))
        throw badRequest('records：每条记录必须是对象');
      const model = entityModel(entity);
      const errors: Array<{ row: number; message: string }> = [];
      let done = 0;
      for (const [i, record] of records.entries()) {
        try {
          await addRecord(request, model, await resolveRefs(request, entity, record as Record<string, unknown>));
          done++;
        } catch (e) {
          // A refused row (400, or a business refusal) is reported; anything else is a server fault.
          if (!(e instanceof ApiError) || (e.httpStatus >= 401 && e.httpStatus !== 409)) throw e;
          errors.push({ row: i + 1, message: e.message });
        }
      }
      await db.updateTable('sysApiKey').set({ lastUsedTime: formatDateTime() }).where('id', '=', device.keyId).execute();
      request.log.info({ apiKey: device.keyId, entity: code, ok: done, errors: errors.length }, 'device records posted');
      return ok({ ok: done, errors }, errors.length ? `成功 ${done} 条，失败 ${errors.length} 条` : `成功 ${done} 条`);
    },
  );
}
