import type { EntityDefinition, EntityField } from '../../../shared/schema-types.js';
import type { Definitions } from '../../definitions/load.js';
import { isTableDict } from '../dict/dict-items.js';
import { childrenOf, parentEntityOf } from './children.js';

/**
 * How the original Vue2 online pages (package @jeecg/antd-online-mini) read a field: the pieces
 * getColumns, getQueryInfo and getFormItem share.
 */

/**
 * The original's tableType: 1 a single table, 2 a main table whose child tables its form edits as tabs
 * (junctions, the many-to-many picks, are no tabs), 3 a child table.
 */
export function tableTypeOf(defs: Pick<Definitions, 'entities'>, entity: EntityDefinition): 1 | 2 | 3 {
  if (parentEntityOf(defs, entity)) return 3;
  return childrenOf(defs, entity.code).some((c) => !c.pick) ? 2 : 1;
}

/** `table,text,code[,filter]` as the client's dictTable ('table where filter'), dictText and dictCode. */
export function tableDictParts(code: string) {
  const [table = '', text = '', value = '', ...filter] = code.split(',').map((s) => s.trim());
  const where = filter.join(',');
  return { dictTable: where ? `${table} where ${where}` : table, dictText: text, dictCode: value };
}

/**
 * A user or department picker's fieldExtendJson: the user or department field it stores (the table
 * dictionary's code column, else username / id) and the one it shows.
 */
export function pickerExtend(f: EntityField, view: string, extra: Record<string, unknown> = {}): string | undefined {
  if (view !== 'sel_user' && view !== 'sel_depart') return undefined;
  const stored = f.dictCode && isTableDict(f.dictCode) ? tableDictParts(f.dictCode).dictCode : undefined;
  return JSON.stringify(
    view === 'sel_user'
      ? { store: stored ?? 'username', text: 'realname', ...extra }
      : { store: stored ?? 'id', text: 'departName', ...extra },
  );
}
