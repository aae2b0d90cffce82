import fs from 'node:fs';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { Access } from '../../http/access.js';
import { ApiError, badRequest, notFound, noPermission } from '../../http/errors.js';
import { multipartParts } from '../../http/multipart.js';
import { optionalIdList } from '../../lib/id-list.js';
import { contentDisposition } from '../upload/routes.js';
import { entityModel } from '../online/entity-model.js';
import { exportRecords } from '../online/entity-records.js';
import { assertDirectWrite } from '../online/entity-writes.js';
import { ONLINE_API, entityAccess } from '../online/routes.js';
import { childExportSheets } from './child-sheets.js';
import { entityColumns, entityExportRows, entityImportTarget } from './entity-sheet.js';
import { IMPORT_ERROR_ROUTE, errorReportFile } from './import-errors.js';
import { importFiles, type UploadedFile } from './import-engine.js';
import type { ListSheet } from './list-sheet.js';
import { LIST_SHEETS } from './system-sheets.js';
import { buildWorkbook, XLSX_TYPE } from './workbook.js';
import { buildCsv, CSV_TYPE } from './csv.js';
import { formExport, type FormValuesAs } from './form-columns.js';
import { ExportQuery, exportQuery, listQueryOf } from './export-query.js';
import { listView } from '../online/list-view.js';

/** Per uploaded sheet; the unpacked size of an .xlsx has its own cap (import-limits.ts). */
const MAX_FILE_BYTES = 10 * 1024 * 1024;
const USER_BIZ = 'sys_user';
const USER_SHEET = LIST_SHEETS.find((s) => s.base === '/sys/user') as ListSheet;

/**
 * Excel in and out (protocol §9): exports of the current list query or the selected rows as real .xlsx
 * workbooks with Chinese headers and dictionary text, imports of .xlsx and legacy .xls sheets validated row by row, and
 * the importing user's error reports. Entities and the system lists (system-sheets.ts) share one engine.
 */
export async function excelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 10, fields: 10, fieldSize: 1024, parts: 20 },
    throwFileSizeLimit: true,
  });

  const sendWorkbook = (reply: FastifyReply, name: string, content: Buffer) =>
    reply
      .header('Content-Type', XLSX_TYPE)
      .header('Content-Disposition', contentDisposition(`${name}.xlsx`))
      .header('Cache-Control', 'private, no-store')
      .send(content);

  const exporter = (request: FastifyRequest) => request.user().realname || request.user().username;

  async function exportEntity(
    request: FastifyRequest,
    reply: FastifyReply,
    entity: EntityDefinition,
    query: Record<string, unknown>,
  ) {
    const model = entityModel(entity);
    const options = exportOptions(query);
    const { format, formValues } = options;
    // What the list shows: its filters, sort and narrowing (a child's readable parents, 待我处理).
    const { query: filters, narrow } = await listView(request, ctx.defs, entity, options.filters);
    const selections = optionalIdList(
      typeof filters.selections === 'string' ? filters.selections : undefined,
      'selections',
      5000,
    );
    const rows = await exportRecords(ctx, request, model, filters, selections, narrow);
    // A form field becomes one column per field of the rows' forms (form-columns.ts).
    const forms = formExport(request, model, formValues);
    const shown = await entityExportRows(ctx, model, await forms.rows(rows), request.user().tenantId);
    const sheet = { columns: forms.columns(entityColumns(model, 'export')), rows: shown };
    request.log.info(
      { entity: entity.code, rows: rows.length, format, by: request.user().userId },
      'online records exported',
    );
    if (format === 'csv')
      return reply
        .header('Content-Type', CSV_TYPE)
        .header('Content-Disposition', contentDisposition(`${entity.name}.csv`))
        .header('Cache-Control', 'private, no-store')
        .send(buildCsv(sheet));
    const content = await buildWorkbook({
      title: entity.name,
      exporter: exporter(request),
      ...sheet,
      more: await childExportSheets(ctx, request, model, rows, formValues),
    });
    return sendWorkbook(reply, entity.name, content);
  }

  /** A system list's export: what the list shows for this query, or the selected rows among it. */
  async function exportList(
    request: FastifyRequest,
    reply: FastifyReply,
    sheet: ListSheet,
    query: Record<string, unknown>,
  ) {
    const selections = optionalIdList(
      typeof query.selections === 'string' ? query.selections : undefined,
      'selections',
      5000,
    );
    const rows = await sheet.rows(ctx, request, query, selections);
    const content = await buildWorkbook({
      title: sheet.title,
      exporter: exporter(request),
      columns: sheet.columns,
      rows,
      more: sheet.more ? await sheet.more(ctx, request, rows) : undefined,
    });
    request.log.info({ list: sheet.base, rows: rows.length, by: request.user().userId }, 'system list exported');
    return sendWorkbook(reply, sheet.title, content);
  }

  /** The uploaded files (any field name, the console sends files[]) and the text fields. */
  async function readUpload(
    request: FastifyRequest,
  ): Promise<{ files: UploadedFile[]; fields: Record<string, string> }> {
    if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
    const files: UploadedFile[] = [];
    const fields: Record<string, string> = {};
    try {
      for await (const part of multipartParts(request)) {
        if (part.type === 'file') files.push({ name: part.filename, content: await part.toBuffer() });
        else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
        throw new ApiError(`文件大小超过限制（每个文件最大 ${MAX_FILE_BYTES / 1024 / 1024} MB）`, 413, 413);
      throw err;
    }
    return { files, fields };
  }

  const reportOf = (request: FastifyRequest) => ({
    dataDir: ctx.cfg.dataDir,
    userId: request.user().userId,
    logError: (err: unknown) => request.log.error({ err }, 'import failed'),
  });

  for (const entity of ctx.defs.entities) {
    // 导出 and 大数据导出 of the Vue 2 online list (exportXlsOld, exportXls): the same workbook.
    for (const address of ['exportXls', 'exportXlsOld'])
      app.get(
        `${ONLINE_API}/${address}/${entity.code}`,
        { config: { access: entityAccess(entity, 'export') }, schema: { querystring: ExportQuery } },
        async (request, reply) => exportEntity(request, reply, entity, exportQuery(request.query)),
      );
    app.post(
      `${ONLINE_API}/importXls/${entity.code}`,
      { config: { access: entityAccess(entity, 'import') } },
      async (request) => {
        assertDirectWrite(entityModel(entity));
        const { files, fields } = await readUpload(request);
        // Validation is on unless the client turns it off explicitly (issue 12 §6).
        const strict = fields.validateStatus !== '0';
        return importFiles(files, entityImportTarget(ctx, request, entity.code, strict), reportOf(request));
      },
    );
  }

  // The system lists' 导出 and 导入, at the addresses their pages call.
  for (const sheet of LIST_SHEETS) {
    app.get(
      `${sheet.base}/exportXls`,
      { config: { access: sheet.access }, schema: { querystring: ExportQuery } },
      async (request, reply) => exportList(request, reply, sheet, exportQuery(request.query)),
    );
    const { import: imports } = sheet;
    app.post(`${sheet.base}/importExcel`, { config: { access: imports.access } }, async (request) => {
      if ('refused' in imports) throw badRequest(imports.refused);
      const { files } = await readUpload(request);
      return importFiles(files, imports.target(ctx, request), reportOf(request));
    });
  }

  // bizCode names the data (an entity or the users); its export code is checked here.
  app.post(
    '/api/sys/export/generalExport',
    {
      config: { access: 'login' },
      schema: {
        body: Type.Object({
          bizCode: Type.String({ maxLength: 64, pattern: '^[a-z][a-z0-9_]{0,63}$' }),
          param: Type.Optional(
            Type.Union([
              Type.String({ maxLength: 20_000 }),
              Type.Record(Type.String({ maxLength: 80 }), Type.Unknown()),
              Type.Null(),
            ]),
          ),
        }),
      },
    },
    async (request, reply) => {
      const { bizCode, param } = request.body;
      const query = listQueryOf(param, 'param');
      const entity = ctx.defs.entities.find((e) => e.code === bizCode);
      const needed: Access | null =
        bizCode === USER_BIZ ? 'user:export' : entity ? entityAccess(entity, 'export') : null;
      if (!needed) throw badRequest(`不支持导出的业务：${bizCode}`);
      if (!(await request.permissions()).has(needed)) throw noPermission();
      return entity ? exportEntity(request, reply, entity, query) : exportList(request, reply, USER_SHEET, query);
    },
  );

  app.get(
    `${IMPORT_ERROR_ROUTE}/:name`,
    {
      config: { access: 'login' },
      schema: { params: Type.Object({ name: Type.String({ maxLength: 64 }) }) },
    },
    async (request, reply) => {
      const file = errorReportFile(ctx.cfg.dataDir, request.user().userId, request.params.name);
      if (!file) throw notFound('错误报告不存在或已过期');
      return reply
        .header('Content-Type', 'text/plain; charset=utf-8')
        .header('Content-Disposition', contentDisposition('导入错误报告.txt'))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(fs.createReadStream(file));
    },
  );
}

/**
 * The export's own parameters, taken out of the list query: `format` (xlsx, the default, or csv: the
 * main sheet only) and `formValues` (text, the default: option fields of forms as their text; code: as stored).
 */
function exportOptions(query: Record<string, unknown>): {
  format: 'xlsx' | 'csv';
  formValues: FormValuesAs;
  filters: Record<string, unknown>;
} {
  const { format = 'xlsx', formValues = 'text', ...filters } = query;
  if (format !== 'xlsx' && format !== 'csv') throw badRequest('参数 format 只能是 xlsx 或 csv');
  if (formValues !== 'text' && formValues !== 'code') throw badRequest('参数 formValues 只能是 text 或 code');
  return { format, formValues, filters };
}
