import type {
  EntityDefinition,
  EntityField,
  FormOverride,
  FormSchema,
  PageForm,
  SafeObject,
  ValidatorRule,
} from '../schema-types.js';
import { DEFAULT_SCALE, DEFAULT_STRING_LENGTH } from '../entity-record.js';
import { PATTERN_PRESETS, isPreset, presetCheck, rulePattern } from '../validate-presets.js';
import { derivedPages as L } from '../../client/locale/derived-pages.js';
import { formulaDependencies, parseFormula } from '../formula.js';
import { refPopupMapping, refTextKey } from '../ref-popup.js';
import { childEntities, isNumeric, mergeDeep, pickerView, refSelectProps } from './fields.js';

type Node = FormSchema & { 'x-compute'?: string };

/** Width of the derived add/edit modal; a form holding child tables gets room for their columns. */
export const DERIVED_FORM_WIDTH = 800;
export const DERIVED_FORM_WITH_CHILDREN_WIDTH = 1100;

/**
 * The entity's rules as Formily x-validator rules (checked in the browser without generated code; the
 * server checks the same rules again): length of strings, the pattern rules with their messages, bounds.
 */
export function fieldRules(f: EntityField): ValidatorRule[] {
  const rules: ValidatorRule[] = [];
  if (f.type === 'string' && !f.dictCode && !f.ref && !pickerView(f))
    rules.push({ maxLength: f.length ?? DEFAULT_STRING_LENGTH });
  for (const r of f.rules ?? []) {
    const message = r.message ?? (isPreset(r.pattern) ? PATTERN_PRESETS[r.pattern].message : undefined);
    rules.push({ pattern: rulePattern(r.pattern), ...(message ? { message } : {}) });
    // A preset a pattern cannot decide adds its named check (formily-rules.ts), with the same message.
    const check = presetCheck(r.pattern);
    if (check) rules.push({ [check]: true, ...(message ? { message } : {}) });
  }
  if (f.min !== undefined) rules.push({ minimum: f.min });
  if (f.max !== undefined) rules.push({ maximum: f.max });
  return rules;
}

/** The widget of a field that the user edits: from view, ref, dictionary and type. */
function widget(
  entity: EntityDefinition,
  f: EntityField,
  entities: readonly EntityDefinition[],
): Pick<Node, 'x-component' | 'x-component-props'> {
  const picker = pickerView(f);
  if (picker === 'sel_depart') return { 'x-component': 'JSelectDepart' };
  if (picker === 'sel_user') {
    // 'sys_user,realname,username' keeps the username; a table dictionary ending in id keeps the id.
    const store = f.dictCode?.split(',')[2] === 'id' ? 'id' : 'username';
    return { 'x-component': 'JSelectUserByDep', 'x-component-props': { store } };
  }
  const popup = refPopupMapping(f);
  if (popup)
    return { 'x-component': 'JPopup', 'x-component-props': { ...popup, textField: refTextKey(f.name) } };
  if (f.ref)
    return { 'x-component': 'JRefSelect', 'x-component-props': refSelectProps(entity, f, entities) };
  if (f.dictCode) {
    if (f.view === 'checkbox')
      return { 'x-component': 'JCheckbox', 'x-component-props': { dictCode: f.dictCode } };
    const props: SafeObject = { dictCode: f.dictCode };
    if (f.view === 'radio') props.type = 'radio';
    if (f.view === 'list_multi') props.mode = 'multiple';
    return { 'x-component': 'JDictSelectTag', 'x-component-props': props };
  }
  if (isNumeric(f)) {
    const precision = f.type === 'decimal' ? (f.scale ?? DEFAULT_SCALE) : 0;
    const props: SafeObject = { precision, style: { width: '100%' } };
    if (f.min !== undefined) props.min = f.min;
    if (f.max !== undefined) props.max = f.max;
    return { 'x-component': 'NumberPicker', 'x-component-props': props };
  }
  if (f.type === 'date') return { 'x-component': 'JDate' };
  if (f.type === 'datetime') return { 'x-component': 'JDate', 'x-component-props': { showTime: true } };
  if (f.view === 'password') return { 'x-component': 'Password' };
  if (f.view === 'switch') return { 'x-component': 'JSwitch' };
  if (f.view === 'file') return { 'x-component': 'JUpload' };
  if (f.view === 'image') return { 'x-component': 'JImageUpload' };
  if (f.view === 'area') return { 'x-component': 'JAreaLinkage' };
  if (f.view === 'sel_form') return { 'x-component': 'JSelectForm' };
  if (f.type === 'text' || f.view === 'textarea')
    return { 'x-component': 'Input.TextArea', 'x-component-props': { rows: 3 } };
  return { 'x-component': 'Input' };
}

/** The form schema node of one entity field. */
export function formField(
  entity: EntityDefinition,
  f: EntityField,
  entities: readonly EntityDefinition[] = [],
): Node {
  const node: Node = { type: isNumeric(f) ? 'number' : 'string', title: f.title };
  if (f.type === 'form' && f.form)
    // The stored form itself, its fields nested under this one; the code and version come from the row.
    return {
      type: 'object',
      title: f.title,
      'x-component': 'JFormDocument',
      'x-component-props': { codeField: f.form.codeField, versionField: f.form.versionField },
      'x-decorator': 'FormItem',
      'x-decorator-props': { layout: 'vertical', labelCol: 24, wrapperCol: 24 },
    };
  if (f.numbering) {
    // The server fills the number on insert; an editable rule lets the user type one instead.
    return {
      ...node,
      'x-component': 'Input',
      ...(f.numbering.editable ? {} : { 'x-pattern': 'readOnly' }),
      'x-component-props': { placeholder: L.numberingPlaceholder },
    };
  }
  if (f.formula) {
    const { 'x-component': c, 'x-component-props': props } = widget(entity, f, entities);
    return {
      ...node,
      'x-component': c,
      'x-component-props': { ...props, placeholder: L.formulaPlaceholder },
      'x-pattern': 'readOnly',
      'x-compute': f.formula,
    };
  }
  if (entity.workflow?.field === f.name) {
    // Only a transition moves a record's state (the server ignores it on add and edit): shown, not edited;
    // a new record shows the state it starts in.
    const start = entity.workflow.initial ?? f.default;
    return {
      ...node,
      ...widget(entity, f, entities),
      'x-pattern': 'disabled',
      ...(start !== undefined ? { default: isNumeric(f) ? Number(start) : String(start) } : {}),
    };
  }
  if (f.required) node.required = true;
  if (f.default !== undefined) node.default = isNumeric(f) ? Number(f.default) : String(f.default);
  Object.assign(node, widget(entity, f, entities));
  const rules = fieldRules(f);
  if (rules.length) node['x-validator'] = rules;
  return node;
}

/** The child table of a child entity inside its parent's form, under the child's code. */
export const childTable = (child: EntityDefinition): Node => ({
  type: 'array',
  title: child.parent?.title ?? child.name,
  'x-component': 'ChildTable',
  'x-component-props': { entity: child.code },
  // The table takes the form's whole width, its title above it: a grid squeezed beside labels scrolls.
  'x-decorator-props': { layout: 'vertical', labelCol: 24, wrapperCol: 24 },
});

/**
 * A junction (many-to-many, parent.pick) inside its parent's form: a multi-select of the picked ref's
 * target under the junction's code (the save takes the picked ids).
 */
export const pickSelect = (child: EntityDefinition, pick: string): Node => ({
  type: 'array',
  title: child.parent?.title ?? child.name,
  'x-component': 'JRefSelect',
  'x-component-props': { entity: child.code, field: pick, mode: 'multiple' },
});

/**
 * Whether a formula rolls up an entity that is not one of the form's child tables, or takes the newest
 * row (`last`: ordered by the child's defaultSort, which only the server applies).
 */
function rollsUpOthers(formula: string, tables: ReadonlySet<string>): boolean {
  try {
    return formulaDependencies(parseFormula(formula)).children.some((c) => c.fn === 'last' || !tables.has(c.entity));
  } catch {
    return false;
  }
}

/** The add/edit form: every field in entity order, then one ChildTable (or junction picker) per child entity; overrides merged. */
export function deriveForm(
  entity: EntityDefinition,
  entities: readonly EntityDefinition[],
  over: FormOverride = {},
): PageForm {
  const { fields: fieldOverrides = {}, ...settings } = over;
  const properties: Record<string, FormSchema> = {};
  const children = childEntities(entity, entities);
  const tables = new Set(children.map((c) => c.code));
  for (const f of entity.fields) {
    const node = formField(entity, f, entities);
    // A roll-up over rows the form does not hold (an entity referring to this one) is not recomputed
    // while editing: the form shows the value the server stored.
    if (node['x-compute'] && rollsUpOthers(node['x-compute'], tables)) delete node['x-compute'];
    properties[f.name] = mergeDeep(node, fieldOverrides[f.name]);
    // A popup-picked ref shows its target's text from a sibling value: loaded with the record, kept hidden.
    if (node['x-component'] === 'JPopup' && f.ref)
      properties[refTextKey(f.name)] = { type: 'string', 'x-display': 'hidden' };
  }
  for (const child of children)
    properties[child.code] = mergeDeep(
      child.parent?.pick ? pickSelect(child, child.parent.pick) : childTable(child),
      fieldOverrides[child.code],
    );
  return {
    width: children.length ? DERIVED_FORM_WITH_CHILDREN_WIDTH : DERIVED_FORM_WIDTH,
    loadById: true,
    ...settings,
    schema: { type: 'object', properties },
  };
}
