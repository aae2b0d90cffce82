import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import type { Definitions } from '../../definitions/load.js';
import { dictItems, isTableDict } from '../dict/dict-items.js';
import type { FieldMap } from '../../lib/list-query.js';
import type { CompiledReport } from './compile.js';

/** Dictionary lists are capped; a report column should not need more. */
const DICT_LIMIT = 500;

/** The suffix of the text getData adds beside a table dictionary's value. */
export const DICT_TEXT = '_dictText';

const FIELD_TYPE = { string: 'String', number: 'BigDecimal', date: 'Date', datetime: 'Datetime' } as const;

/**
 * getRpColumns (protocol §6): the visible columns as table columns (a string customRender names a key
 * of dictOptions), and the options of the plain dictionaries the columns and query items use. Table
 * dictionaries (users, departments…) are not listed whole: getData translates the values on its page
 * (`<field>_dictText`) within the caller's tenant, and their columns show that text.
 */
export async function describeColumns(
  db: Kysely<Database>,
  defs: Definitions,
  report: CompiledReport,
  tenantId: number,
) {
  const dictOptions: Record<string, Array<{ value: string; text: string }>> = {};
  const load = async (key: string, code: string) => {
    if (dictOptions[key] || isTableDict(code)) return;
    const items = await dictItems(db, defs, code, { limit: DICT_LIMIT, tenantId });
    dictOptions[key] = items.map((i) => ({ value: i.value, text: i.text }));
  };
  const columns = [];
  for (const c of report.columns) {
    if (c.def.dictCode) await load(c.field, c.def.dictCode);
    if (c.def.hidden) continue;
    columns.push({
      title: c.def.title,
      // A table dictionary's column reads the text getData puts beside the value: clients that render
      // through dictOptions alone (the Vue 2 JPopupOnlReport) then show names, not ids.
      dataIndex: c.def.dictCode && isTableDict(c.def.dictCode) ? `${c.field}${DICT_TEXT}` : c.field,
      ...(c.def.width ? { width: c.def.width } : {}),
      ...(c.def.dictCode && !isTableDict(c.def.dictCode) ? { customRender: c.field } : {}),
      ...(c.sortable ? { sorter: true } : {}),
      fieldType:
        c.def.fieldType ??
        (c.source ? FIELD_TYPE[c.source.type] : typeof c.constant === 'number' ? 'BigDecimal' : 'String'),
      isTotal: c.def.isTotal ?? '0',
      ...(c.def.showLength ? { showLength: c.def.showLength } : {}),
    });
  }
  for (const q of report.queryItems) {
    const code = q.item.dictCode ?? report.byField.get(q.item.field)?.def.dictCode;
    if (code) await load(q.item.field, code);
  }
  return {
    cgRpConfigId: report.id,
    cgRpConfigName: report.def.name,
    columns,
    dictOptions,
    // How long the console may reuse this report's answers within a popup group.
    cacheSeconds: report.def.cacheSeconds ?? 30,
  };
}

/**
 * getQueryInfo: one descriptor per query item. A table dictionary travels as dictTable/dictText/dictCode
 * with config '1'; a plain dictionary as dictCode.
 */
export function describeQuery(report: CompiledReport) {
  return report.queryItems.map((q) => {
    const code = q.item.dictCode ?? report.byField.get(q.item.field)?.def.dictCode ?? '';
    const [dictTable, dictText, dictCode] = isTableDict(code) ? code.split(',') : ['', '', code];
    return {
      field: q.item.field,
      label: q.item.label,
      view: q.item.view ?? 'text',
      mode: q.range ? 'group' : 'single',
      config: isTableDict(code) ? '1' : '0',
      dictCode,
      dictTable,
      dictText,
      hidden: q.item.hidden ? '1' : '0',
    };
  });
}

/** The FieldMap attachDictText needs for the report's table-dictionary columns. */
export function tableDictFields(report: CompiledReport): FieldMap {
  const out: FieldMap = {};
  for (const c of report.columns)
    if (c.def.dictCode && isTableDict(c.def.dictCode))
      out[c.field] = { type: 'string', dict: c.def.dictCode };
  return out;
}
