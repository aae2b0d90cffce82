import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { bizError, noPermission } from '../../http/errors.js';
import { ListQuery } from '../../lib/paged-query.js';
import { compiledReports, type CompiledReport } from './compile.js';
import { columnsAndData, describeParams, reportData } from './columns-and-data.js';
import { describeColumns, describeQuery } from './describe.js';

export const REPORT_API = '/online/cgreport/api';

/** A report code, or its cgRpConfigId (32 hex). */
const ReportKey = Type.Object({ key: Type.String({ minLength: 1, maxLength: 64, pattern: '^[a-z0-9_]+$' }) });

/**
 * Popup reports (protocol §6, spec §7): columns, query items and data of the reports in
 * schemas/reports. Each report says who may run it (and an entity source adds its read permission);
 * the query is built from the definition only, with the caller's tenant and data scope (SQL-07).
 */
export async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const ctx = app.ctx;

  /** The report the caller may run, or a refusal (unknown: business error; not allowed: 510). */
  const allowed = async (request: FastifyRequest, key: string): Promise<CompiledReport> => {
    const report = compiledReports(ctx.defs).get(key);
    if (!report) throw bizError('报表不存在');
    const perms = await request.permissions();
    for (const a of report.access) if (a !== 'login' && !perms.has(a)) throw noPermission();
    return report;
  };

  app.get(
    `${REPORT_API}/getRpColumns/:key`,
    { config: { access: 'login' }, schema: { params: ReportKey } },
    async (request) => {
      const report = await allowed(request, request.params.key);
      return ok(await describeColumns(ctx.db.kysely, ctx.defs, report, request.user().tenantId));
    },
  );

  app.get(
    `${REPORT_API}/getQueryInfo/:key`,
    { config: { access: 'login' }, schema: { params: ReportKey } },
    async (request) => {
      const report = await allowed(request, request.params.key);
      return ok(describeQuery(report));
    },
  );

  app.get(
    `${REPORT_API}/getData/:key`,
    { config: { access: 'login' }, schema: { params: ReportKey, querystring: ListQuery } },
    async (request) => ok(await reportData(request, await allowed(request, request.params.key), request.query)),
  );

  // The report page of the Vue2 client (OnlCgreportAutoList): its parameters, then columns with a page.
  app.get(
    `${REPORT_API}/getParamsInfo/:key`,
    { config: { access: 'login' }, schema: { params: ReportKey } },
    async (request) => ok(describeParams(await allowed(request, request.params.key))),
  );

  app.get(
    `${REPORT_API}/getColumnsAndData/:key`,
    { config: { access: 'login' }, schema: { params: ReportKey, querystring: ListQuery } },
    async (request) => ok(await columnsAndData(request, await allowed(request, request.params.key), request.query)),
  );
}
