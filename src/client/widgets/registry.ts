/**
 * Every widget a page definition may name in `x-component`, connected to Formily, and loaded on demand:
 * a page loads the groups its schema names before it renders, so a list page does not carry date
 * pickers, uploads, drag sorting or the rich-text editor unless it uses them.
 * schemas/meta/widgets.schema.json documents each name and its `x-component-props`.
 */
import type { JSXComponent } from '@formily/react';
import { registerWidgetRules } from './validators/formily-rules';

registerWidgetRules();

export type Widgets = Record<string, JSXComponent>;

/** A group: the names it registers and the module (its own chunk) that exports them. */
function group<const N extends string>(names: readonly N[], load: () => Promise<{ [K in N]: JSXComponent }>) {
  return { names, load };
}

const GROUPS = {
  layout: group(
    ['FormItem', 'FormGrid', 'FormLayout', 'FormButtonGroup', 'Space', 'Submit', 'Reset', 'PreviewText'],
    () => import('./groups/layout'),
  ),
  inputs: group(
    [
      'Input',
      'Password',
      'Select',
      'Radio',
      'Checkbox',
      'JDictSelectTag',
      'JCheckbox',
      'JSearchSelect',
      'JTemplateTextarea',
      'JSlider',
      'JNameLink',
      'JEllipsis',
    ],
    () => import('./groups/inputs'),
  ),
  numbers: group(['NumberPicker', 'JInputNumber', 'JInputInteger', 'Switch', 'JSwitch'], () => import('./groups/numbers')),
  dates: group(['DatePicker', 'TimePicker', 'JDate', 'JDateRange', 'JTime'], () => import('./groups/dates')),
  trees: group(
    ['TreeSelect', 'Cascader', 'JTreeSelect', 'JCategorySelect', 'JApiTreeSelect', 'JAreaLinkage'],
    () => import('./groups/trees'),
  ),
  pickers: group(
    ['JSelectUserByDep', 'JSelectRole', 'JSelectDepart', 'JSelectPosition', 'JSelectForm'],
    () => import('./groups/pickers'),
  ),
  arrays: group(
    ['ArrayItems', 'ArrayTable', 'FormTab', 'FormCollapse', 'Editable'],
    () => import('./groups/arrays'),
  ),
  files: group(['Upload', 'JUpload', 'JImageUpload'], () => import('./groups/files')),
  signature: group(['JSignature'], () => import('./groups/signature')),
  cron: group(['JEasyCron'], () => import('./groups/cron')),
  editor: group(['JEditor'], () => import('./groups/editor')),
  editableTable: group(['EditableTable'], () => import('./groups/editable-table')),
  childTable: group(['ChildTable'], () => import('./groups/child-table')),
  treeTable: group(['TreeTable'], () => import('./groups/tree-table')),
  reportPickers: group(['JPopup', 'JBusinessPicker'], () => import('./groups/report-pickers')),
  charts: group(
    [
      'StatBar',
      'StatStackedBar',
      'StatLine',
      'StatArea',
      'StatPie',
      'StatDonut',
      'StatFunnel',
      'StatGauge',
      'StatNumber',
      'StatRanking',
      'StatTable',
    ],
    () => import('./charts'),
  ),
  refSelect: group(['JRefSelect'], () => import('./groups/ref-select')),
  formDocument: group(['JFormDocument'], () => import('./groups/form-document')),
};

type GroupName = keyof typeof GROUPS;
export type WidgetName = (typeof GROUPS)[GroupName]['names'][number];

const groupOf = new Map<string, GroupName>();
for (const [name, g] of Object.entries(GROUPS) as Array<[GroupName, (typeof GROUPS)[GroupName]]>)
  for (const widget of g.names) groupOf.set(widget, name);

export const WIDGET_NAMES = [...groupOf.keys()] as WidgetName[];

export function isWidgetName(name: string): name is WidgetName {
  return groupOf.has(name);
}

/** The loaded widgets, by name; grows as groups arrive. */
const loaded: Widgets = {};
const pending = new Map<GroupName, Promise<void>>();

function loadGroup(name: GroupName): Promise<void> {
  let p = pending.get(name);
  if (!p) {
    const g = GROUPS[name];
    p = g.load().then((module: Record<string, JSXComponent>) => {
      for (const widget of g.names) loaded[widget] = module[widget];
    });
    // A failed chunk may be asked for again (the next page open retries it).
    p.catch(() => pending.delete(name));
    pending.set(name, p);
  }
  return p;
}

/** `ArrayTable.Column` is registered as `ArrayTable`; unknown names are left to the caller. */
const registered = (names: Iterable<string>) =>
  [...names].map((n) => n.split('.')[0]).filter((n): n is WidgetName => groupOf.has(n));

/** The widgets already loaded when all of `names` are, else null (then call loadWidgets). */
export function loadedWidgets(names: Iterable<string>): Widgets | null {
  return registered(names).every((n) => n in loaded) ? loaded : null;
}

/** Loads the groups of `names`; resolves to every widget loaded so far. */
export async function loadWidgets(names: Iterable<string>): Promise<Widgets> {
  const groups = new Set(registered(names).map((n) => groupOf.get(n) as GroupName));
  await Promise.all([...groups].map(loadGroup));
  return loaded;
}

/** The x-component and x-decorator names a Formily schema uses, at any depth. */
export function schemaWidgetNames(schema: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) schemaWidgetNames(item, out);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if ((key === 'x-component' || key === 'x-decorator') && typeof value === 'string') out.add(value);
      else if (typeof value === 'object') schemaWidgetNames(value, out);
    }
  }
  return out;
}
