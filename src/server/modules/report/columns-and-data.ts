import type { FastifyRequest } from 'fastify';
import { attachDictText } from '../../lib/dict-text.js';
import { maskedFor, protectRows } from '../../lib/sensitive.js';
import type { CompiledReport } from './compile.js';
import { DICT_TEXT, describeColumns, tableDictFields } from './describe.js';
import { reportPage } from './query.js';

/**
 * One page of a report for the caller (getData): the rows its tenant and data scope allow, filtered by
 * the query items and `self_<param>` values, sorted and paged (pageNo, pageSize); table-dictionary
 * columns translated on the page (`<field>_dictText`), personal data masked unless revealed.
 */
export async function reportData(request: FastifyRequest, report: CompiledReport, query: Record<string, unknown>) {
  const { ctx } = request.server;
  const session = request.user();
  const masked = new Set((await maskedFor(request, report.sensitive)).map((f) => f.field));
  const result = await reportPage(ctx.db, report, session, await request.scope(), query, masked);
  const records = await attachDictText(ctx.db.kysely, ctx.defs, result.records, tableDictFields(report), session.tenantId);
  return { ...result, records: await protectRows(request, report.def.query.from, report.sensitive, records) };
}

/**
 * getParamsInfo (the original's report parameters, OnlCgreportAutoList): one row per named parameter —
 * the client sends each as `self_<paramName>`, from the page address's query of the same name.
 */
export function describeParams(report: CompiledReport) {
  return [...report.params.values()].map((p, i) => ({
    cgrheadId: report.id,
    paramName: p.name,
    paramTxt: report.byField.get(p.name)?.def.title ?? p.name,
    paramValue: p.default === undefined || p.default === null ? '' : String(p.default),
    orderNum: i + 1,
  }));
}

/** The original online list renders a column from a record key named after this prefix. */
const TEXT_OF = '_replace_text_';

/**
 * getColumnsAndData (the report page of the Vue2 client, OnlCgreportAutoList): the columns and
 * dictionary options of getRpColumns — a table-dictionary column names the `<field>_dictText` key of its
 * rows (`_replace_text_<field>_dictText`), as the page shows text rather than codes — and one page of
 * data as getData answers it, with the report's name; no link slots, no grouped titles.
 */
export async function columnsAndData(request: FastifyRequest, report: CompiledReport, query: Record<string, unknown>) {
  const { ctx } = request.server;
  const described = await describeColumns(ctx.db.kysely, ctx.defs, report, request.user().tenantId);
  const texts = tableDictFields(report);
  return {
    cgRpConfigId: described.cgRpConfigId,
    cgRpConfigName: described.cgRpConfigName,
    cgreportHeadName: report.def.name,
    // This page keeps the value's key and renders the text through the original's prefix.
    columns: described.columns.map((c) => {
      const field = c.dataIndex.slice(0, -DICT_TEXT.length);
      return c.dataIndex.endsWith(DICT_TEXT) && field in texts
        ? { ...c, dataIndex: field, customRender: `${TEXT_OF}${c.dataIndex}` }
        : c;
    }),
    dictOptions: described.dictOptions,
    fieldHrefSlots: [],
    isGroupTitle: false,
    data: await reportData(request, report, query),
  };
}
