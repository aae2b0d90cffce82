import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { sql, type Kysely, type SqlBool } from 'kysely';
import { okMessage } from '../../../shared/envelope.js';
import { badRequest, bizError } from '../../http/errors.js';
import { hasTenantColumn, isAllowedColumn, tenantPredicate } from '../../lib/table-dict.js';

/** camelCase field names (Vue3 style) name the same column as snake_case ones. */
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * `GET /sys/duplicate/check` (protocol §11.1, SQL-04): the (table, field) pair must be declared in
 * `schemas/dicts` duplicateChecks; the value and the excluded id are bound. Tables with a tenant column
 * count only the caller's tenant and shared rows.
 */
export async function duplicateRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { defs } = app.ctx;
  const db = app.ctx.db.kysely;

  app.get(
    '/sys/duplicate/check',
    {
      config: { access: 'login' },
      schema: {
        querystring: Type.Object({
          tableName: Type.String({ minLength: 1, maxLength: 64 }),
          fieldName: Type.String({ minLength: 1, maxLength: 64 }),
          fieldVal: Type.Optional(Type.String({ maxLength: 500 })),
          dataId: Type.Optional(Type.String({ maxLength: 64 })),
        }),
      },
    },
    async (request) => {
      const { tableName, fieldVal, dataId } = request.query;
      const fieldName = snake(request.query.fieldName);
      const def = defs.duplicateChecks.find((d) => d.table === tableName);
      if (!def || !isAllowedColumn(fieldName, def.fields)) throw badRequest(`不支持对 ${tableName}.${request.query.fieldName} 做重复校验`);
      // The original's answer for an empty value: success true with code 500.
      if (!fieldVal) return { success: true, message: '数据为空,不作处理！', code: 500, result: null, timestamp: Date.now() };
      const dyn = db.withoutPlugins() as unknown as Kysely<Record<string, Record<string, unknown>>>;
      let q = dyn
        .selectFrom(def.table)
        .select(sql<number>`count(*)`.as('n'))
        .where(() => sql<SqlBool>`${sql.id(fieldName)} = ${fieldVal}`);
      if (dataId) q = q.where(() => sql<SqlBool>`id <> ${dataId}`);
      const tenantId = request.user().tenantId;
      if (tenantId && (await hasTenantColumn(db, def.table))) q = q.where(() => tenantPredicate(tenantId));
      const row = (await q.executeTakeFirst()) as { n: number | string } | undefined;
      if (Number(row?.n ?? 0) > 0) throw bizError('该值不可用，系统中已存在！');
      return okMessage('该值可用！');
    },
  );
}
