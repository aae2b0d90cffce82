import type { FastifyRequest } from 'fastify';
import type { EntityDefinition, EntityField } from '../../../shared/schema-types.js';
import type { DictItem } from '../../lib/table-dict.js';
import { dictItems, isTableDict } from '../dict/dict-items.js';
import { hiddenButtons, VUE3_BUILT_IN_BUTTONS } from './hidden-buttons.js';
import { refChoices, type RefChoice } from './ref-choices.js';
import { isRef } from './ref-lookup.js';
import { pickerExtend, tableDictParts, tableTypeOf } from './vue2-fields.js';

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

/**
 * Fields whose list rows carry `<field>_dictText` (the text a list shows): refs, table dictionaries,
 * user pickers, areas and form codes. Plain dictionaries are translated by the client from dictOptions.
 */
export const showsText = (f: EntityField) =>
  !!f.ref ||
  (!!f.dictCode && isTableDict(f.dictCode)) ||
  f.view === 'sel_user' ||
  f.view === 'area' ||
  f.view === 'sel_form';

/** The original online list renders a column from a record key named after this prefix. */
const TEXT_OF = '_replace_text_';

/** The list slots of the original online list that show a picture or offer a download. */
const SLOTS: Partial<Record<View, string>> = { image: 'imgSlot', file: 'fileSlot' };

/**
 * getColumns of the original online list, for the caller: the list columns (a plain dictionary names its
 * dictOptions key in customRender; a field shown by its text names `_replace_text_<field>_dictText`, the
 * record key the client reads instead), the dictionary options, the buttons this caller does not get
 * (hideColumns) and the settings the Vue2 online list reads (no link slots, custom buttons or enhanced JS).
 * A ref query item is a select: its target's rows (within the caller's scope) are its dictOptions.
 */
export async function describeColumns(request: FastifyRequest, entity: EntityDefinition) {
  const { ctx } = request.server;
  // A form document is shown in the record's form and detail, never as a column.
  const listed = entity.fields.filter((f) => f.list !== false && f.type !== 'form');
  const dictOptions: Record<string, DictItem[] | RefChoice[]> = {};
  for (const f of listed)
    if (f.dictCode && !isTableDict(f.dictCode))
      dictOptions[f.name] = await dictItems(ctx.db.kysely, ctx.defs, f.dictCode);
  for (const f of queried(entity)) if (isRef(f)) dictOptions[f.name] = await refChoices(request, f);
  return {
    code: entity.code,
    description: entity.name,
    currentTableName: entity.code,
    tableType: tableTypeOf(ctx.defs, entity),
    formTemplate: '1',
    columns: listed.map((f) => ({
      title: f.title,
      dataIndex: f.name,
      align: 'center',
      sorter: f.sortable !== false && !f.live,
      ...(f.width ? { width: f.width } : {}),
      ...(showsText(f)
        ? { customRender: `${TEXT_OF}${f.name}_dictText` }
        : f.dictCode
          ? { customRender: f.name }
          : {}),
      ...(SLOTS[viewOf(f)] ? { scopedSlots: { customRender: SLOTS[viewOf(f)] } } : {}),
    })),
    dictOptions,
    hideColumns: await hiddenButtons(request, ctx.defs, entity),
    fieldHrefSlots: [],
    cgButtonList: ctx.cfg.clientProfile === 'jeecg-vue3' ? VUE3_BUILT_IN_BUTTONS : [],
    enhanceJs: '',
    isDesForm: 'N',
    desFormCode: '',
    checkboxFlag: 'Y',
    paginationFlag: 'Y',
    scrollFlag: 1,
  };
}

/** The entity's query fields (a computed-on-read field or a form document is never one). */
const queried = (entity: EntityDefinition) => entity.fields.filter((f) => f.query && !f.live && f.type !== 'form');

/** The query widget: a ref picks from its dictOptions, an area with the area picker. */
function queryView(f: EntityField): string {
  if (f.ref) return 'list';
  const view = viewOf(f);
  if (view === 'area') return 'pca';
  return view === 'sel_form' ? 'text' : view;
}

/**
 * The query form's items (getQueryInfo): single values or begin/end ranges (protocol §6 item shape). A
 * plain dictionary travels as dictCode, a table dictionary as dictTable/dictText/dictCode (config '1':
 * the client loads the items); a ref reads its options from getColumns' dictOptions (config '0').
 */
export function describeQuery(entity: EntityDefinition) {
  return queried(entity).map((f) => {
    const code = f.ref ? '' : (f.dictCode ?? '');
    const dict = isTableDict(code) ? tableDictParts(code) : { dictTable: '', dictText: '', dictCode: code };
    const view = queryView(f);
    const extend = pickerExtend(f, view, { multiSelect: false });
    return {
      field: f.name,
      label: f.title,
      view,
      mode: f.query === 'range' ? 'group' : 'single',
      ...dict,
      config: code ? '1' : '0',
      ...(extend ? { fieldExtendJson: extend } : {}),
    };
  });
}
