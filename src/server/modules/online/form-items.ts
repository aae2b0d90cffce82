import type { FastifyRequest } from 'fastify';
import { DEFAULT_SCALE, stringLength } from '../../../shared/entity-record.js';
import { isNumeric } from '../../../shared/page-derive/fields.js';
import type { EntityDefinition, EntityField } from '../../../shared/schema-types.js';
import { isPreset, PATTERN_PRESETS, rulePattern } from '../../../shared/validate-presets.js';
import { callerDictItems, isTableDict } from '../dict/dict-items.js';
import { childrenOf, type ChildLink } from './children.js';
import { describeQuery, viewOf } from './entity-columns.js';
import { refChoices } from './ref-choices.js';
import { isRef } from './ref-lookup.js';
import { pickerExtend, tableDictParts, tableTypeOf } from './vue2-fields.js';

/**
 * getFormItem of the original online form (the add/edit/detail modal of the Vue2 client, package
 * @jeecg/antd-online-mini): a JSON-schema-like `schema` — one property per field with its widget
 * (`view`), options, rules and order, `required`, the table — and `head.tableType` (1 a single table,
 * 2 a main table whose child tables edit as tabs, 3 a child table). Everything comes from the entity
 * definition; what only the server computes (numbers, formulas, the workflow state) shows disabled.
 */

type Options = Array<{ value: string; text: string; title: string }>;

/** Views whose options the client takes from the property's `enum`. */
const ENUM_VIEWS = new Set(['list', 'radio', 'checkbox', 'list_multi']);

/** Fields the form does not edit: computed when read, or a whole form document. */
const inForm = (f: EntityField) => !f.live && f.type !== 'form';

/** Filled by the server, never by the user: numbers (unless editable), formulas and the workflow state. */
const serverFilled = (entity: EntityDefinition, f: EntityField) =>
  (!!f.numbering && !f.numbering.editable) || !!f.formula || entity.workflow?.field === f.name;

const options = (items: Array<{ value: string; text: string }>): Options =>
  items.map((i) => ({ value: i.value, text: i.text, title: i.text }));

/** The client's widget of a field: a ref is a select of its target's rows; a table dictionary a search select. */
function formView(f: EntityField): string {
  if (f.ref) return 'list';
  const view = viewOf(f);
  if (view === 'area') return 'pca';
  if (view === 'sel_form' || view === 'popup') return 'text';
  if (view === 'sel_user' || view === 'sel_depart') return view;
  if (f.dictCode && isTableDict(f.dictCode) && ENUM_VIEWS.has(view)) return 'sel_search';
  return view;
}

/** The options of a field edited by choosing: a ref's target rows, a dictionary's items. */
async function fieldOptions(request: FastifyRequest, f: EntityField): Promise<Options | undefined> {
  if (isRef(f)) return options(await refChoices(request, f));
  if (f.dictCode && !isTableDict(f.dictCode)) return options(await callerDictItems(request, f.dictCode));
  return undefined;
}

/** The first pattern rule as the client checks it; a masked personal value is not re-checked. */
function patternRule(f: EntityField): { pattern: string; message: string } | undefined {
  const rule = f.rules?.[0];
  if (!rule || f.sensitive) return undefined;
  const preset = isPreset(rule.pattern) ? PATTERN_PRESETS[rule.pattern].message : undefined;
  return { pattern: rulePattern(rule.pattern), message: rule.message ?? preset ?? '格式不正确' };
}

/** The default a new record shows: the workflow's first state, else the field's default. */
function defaultOf(entity: EntityDefinition, f: EntityField): string | undefined {
  let value = f.default;
  if (entity.workflow?.field === f.name) value = entity.workflow.initial ?? f.default;
  else if (serverFilled(entity, f)) return undefined;
  return value === undefined ? undefined : String(value);
}

/** One main-table property. */
async function property(request: FastifyRequest, entity: EntityDefinition, f: EntityField, order: number) {
  const view = formView(f);
  const disabled = serverFilled(entity, f);
  const widgetattrs: Record<string, unknown> = {};
  if (disabled) widgetattrs.disabled = true;
  if (f.type === 'string' && ['text', 'password', 'textarea'].includes(view)) widgetattrs.maxLength = stringLength(f);
  const enumItems = ENUM_VIEWS.has(view) ? await fieldOptions(request, f) : undefined;
  const pattern = ENUM_VIEWS.has(view) ? undefined : patternRule(f);
  const extend = pickerExtend(f, view);
  const defVal = defaultOf(entity, f);
  return {
    title: f.title,
    view,
    type: isNumeric(f) ? 'number' : 'string',
    order,
    ...(isNumeric(f) ? { dbPointLength: f.type === 'decimal' ? (f.scale ?? DEFAULT_SCALE) : 0 } : {}),
    ...(enumItems ? { enum: enumItems } : {}),
    ...(view === 'sel_search' && f.dictCode ? tableDictParts(f.dictCode) : f.dictCode ? { dictCode: f.dictCode } : {}),
    ...(extend ? { fieldExtendJson: extend } : {}),
    ...(view === 'switch' && isNumeric(f) ? { extendOption: ['1', '0'] } : {}),
    ...(pattern ? { pattern: pattern.pattern, errorInfo: pattern.message } : {}),
    ...(f.max !== undefined ? { maximum: f.max } : {}),
    ...(f.min !== undefined ? { minimum: f.min } : {}),
    ...(defVal !== undefined ? { defVal } : {}),
    ...(Object.keys(widgetattrs).length ? { ui: { widgetattrs } } : {}),
  };
}

/** The cell type of a child-table column (the client's JVxeTable types). */
function cellType(f: EntityField, view: string): string {
  if (f.ref) return 'select';
  if (view === 'sel_user' || view === 'sel_depart') return view;
  if (f.dictCode) return view === 'checkbox' || view === 'list_multi' ? 'list_multi' : 'select';
  if (isNumeric(f)) return 'inputNumber';
  if (f.type === 'date' || f.type === 'datetime') return f.type;
  if (view === 'file' || view === 'image' || view === 'textarea') return view;
  return 'input';
}

/** A child table as one tab of the form: its columns (the link to the main table left out: the save sets it). */
async function childTab(request: FastifyRequest, child: ChildLink, order: number) {
  const entity = child.model.entity;
  const columns = [];
  for (const f of entity.fields.filter((x) => x.name !== child.field && inForm(x))) {
    const type = cellType(f, viewOf(f));
    const disabled = serverFilled(entity, f);
    const pattern = patternRule(f);
    const initial = defaultOf(entity, f);
    const defaultValue = initial !== undefined && isNumeric(f) ? Number(initial) : initial;
    columns.push({
      title: f.title,
      key: f.name,
      type,
      width: `${f.width ?? 150}px`,
      placeholder: `请输入${f.title}`,
      ...(isRef(f) ? { options: await fieldOptions(request, f) } : f.dictCode ? { dictCode: f.dictCode } : {}),
      ...(defaultValue !== undefined ? { defaultValue } : {}),
      ...(disabled ? { disabled: true } : {}),
      validateRules: [
        ...(f.required && !disabled ? [{ required: true, message: `${f.title}不能为空` }] : []),
        ...(pattern && type === 'input' ? [pattern] : []),
      ],
    });
  }
  return {
    title: child.title,
    describe: child.title,
    key: child.model.table,
    view: 'tab',
    type: 'array',
    relationType: 0,
    order,
    foreignKey: ['id'],
    columns,
    hideButtons: [],
  };
}

/** getFormItem/<code>: the form of the Vue2 online modal for the entity's fields and child tables. */
export async function describeFormItems(request: FastifyRequest, entity: EntityDefinition) {
  const { defs } = request.server.ctx;
  const fields = entity.fields.filter(inForm);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [i, f] of fields.entries()) {
    properties[f.name] = await property(request, entity, f, i);
    if (f.required && !serverFilled(entity, f)) required.push(f.name);
  }
  // Junctions (many-to-many picks) are kept as they are by an edit: the modal has no picker for them.
  const tabs = childrenOf(defs, entity.code).filter((c) => !c.pick);
  for (const [i, child] of tabs.entries())
    properties[child.model.table] = await childTab(request, child, fields.length + i);
  return {
    head: {
      tableName: entity.code,
      tableTxt: entity.name,
      tableType: tableTypeOf(defs, entity),
      formTemplate: '1',
      isTree: 'N',
      extConfigJson: JSON.stringify({ reportPrintShow: 0, reportPrintUrl: '', modelFullscreen: 0, modalMinWidth: '' }),
    },
    schema: { type: 'object', title: entity.name, table: entity.code, required, properties },
    cgButtonList: [],
    enhanceJs: '',
  };
}

/**
 * getQueryInfoVue3 of the JeecgBoot Vue 3 online list (OnlineQueryForm.vue): each query field as its
 * form property (the client turns a form widget into its query widget), with `mode` single or group (a
 * range), in `searchFieldList`; no join query. What only a form needs is left out: a default would
 * filter the list on opening, and a disabled or pattern-checked input would refuse a partial search.
 */
export async function describeQueryVue3(request: FastifyRequest, entity: EntityDefinition) {
  const query = describeQuery(entity);
  const properties: Record<string, unknown> = {};
  for (const [i, q] of query.entries()) {
    const f = entity.fields.find((x) => x.name === q.field) as EntityField;
    const item: Record<string, unknown> = { ...(await property(request, entity, f, i)), mode: q.mode };
    for (const formOnly of ['defVal', 'ui', 'pattern', 'errorInfo']) delete item[formOnly];
    properties[q.field] = item;
  }
  return {
    table: entity.code,
    title: entity.name,
    properties,
    searchFieldList: query.map((q) => q.field),
    joinQuery: false,
  };
}
