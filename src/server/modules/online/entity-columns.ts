import type { EntityDefinition, EntityField } from '../../../shared/schema-types.js';
import type { AppContext } from '../../context.js';
import type { DictItem } from '../../lib/table-dict.js';
import { dictItems, isTableDict } from '../dict/dict-items.js';

type View = NonNullable<EntityField['view']>;

/** How the console edits and queries a field when the definition does not say. */
export function viewOf(f: EntityField): View {
  if (f.view) return f.view;
  if (f.dictCode) return 'list';
  switch (f.type) {
    case 'int':
    case 'bigint':
    case 'decimal':
      return 'number';
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'text':
      return 'textarea';
    default:
      return 'text';
  }
}

/** The list columns and the options of plain dictionaries (getColumns of the original online list). */
export async function describeColumns(ctx: AppContext, entity: EntityDefinition) {
  // A form document is shown in the record's form and detail, never as a column.
  const listed = entity.fields.filter((f) => f.list !== false && f.type !== 'form');
  const dictOptions: Record<string, DictItem[]> = {};
  for (const f of listed)
    if (f.dictCode && !isTableDict(f.dictCode))
      dictOptions[f.name] = await dictItems(ctx.db.kysely, ctx.defs, f.dictCode);
  return {
    code: entity.code,
    description: entity.name,
    currentTableName: entity.code,
    columns: listed.map((f) => ({
      title: f.title,
      dataIndex: f.name,
      align: 'center',
      sorter: f.sortable !== false && !f.live,
      ...(f.width ? { width: f.width } : {}),
      // Plain dictionaries render through dictOptions; table dictionaries arrive as <field>_dictText.
      ...(f.dictCode && !isTableDict(f.dictCode) ? { customRender: f.name } : {}),
    })),
    dictOptions,
    checkboxFlag: 'Y',
    paginationFlag: 'Y',
    scrollFlag: 1,
  };
}

/** The query form's items (getQueryInfo): single values or begin/end ranges (protocol §6 item shape). */
export function describeQuery(entity: EntityDefinition) {
  return entity.fields
    .filter((f) => f.query && !f.live && f.type !== 'form')
    .map((f) => ({
      field: f.name,
      label: f.title,
      view: viewOf(f),
      mode: f.query === 'range' ? 'group' : 'single',
      dictCode: f.dictCode ?? '',
      dictTable: '',
      dictText: '',
      config: f.dictCode ? '1' : '0',
    }));
}
