import type { FormSchema } from '../../../shared/schema-types';
import { isWidgetName } from '../../widgets/registry';
import { t } from '../../locale/zh-CN';
import { tableItems } from './model';

const L = t.formDesign;

export interface PaletteItem {
  /** Stable id of the palette entry (also the test id). */
  id: string;
  label: string;
  /** The registered widget the entry needs; entries whose widget is not registered are not offered. */
  widget: string;
  /** Base of the new field's name. */
  name: string;
  /** The node added to the form; `unique` names its inner keys so that none is used twice in the form. */
  create: (unique: (base: string) => string) => FormSchema;
}

const field =
  (title: string, type: FormSchema['type'], component: string, props?: FormSchema['x-component-props']) =>
  (): FormSchema => ({
    type,
    title,
    'x-decorator': 'FormItem',
    'x-component': component,
    ...(props ? { 'x-component-props': props } : {}),
  });

const options = (): NonNullable<FormSchema['enum']> => [
  { label: L.palette.option(1), value: '1' },
  { label: L.palette.option(2), value: '2' },
];

const P = L.palette;

/** Widgets that make sense in a case-report form, in the order the palette shows them. */
const ITEMS: PaletteItem[] = [
  { id: 'input', label: P.input, widget: 'Input', name: 'text', create: field(P.input, 'string', 'Input') },
  {
    id: 'textarea',
    label: P.textarea,
    widget: 'Input',
    name: 'note',
    create: field(P.textarea, 'string', 'Input.TextArea'),
  },
  {
    id: 'number',
    label: P.number,
    widget: 'JInputNumber',
    name: 'num',
    create: field(P.number, 'number', 'JInputNumber'),
  },
  {
    id: 'integer',
    label: P.integer,
    widget: 'JInputInteger',
    name: 'int',
    create: field(P.integer, 'number', 'JInputInteger'),
  },
  { id: 'date', label: P.date, widget: 'JDate', name: 'date', create: field(P.date, 'string', 'JDate') },
  { id: 'time', label: P.time, widget: 'JTime', name: 'time', create: field(P.time, 'string', 'JTime') },
  {
    id: 'select',
    label: P.select,
    widget: 'JDictSelectTag',
    name: 'choice',
    create: () => ({ ...field(P.select, 'string', 'JDictSelectTag')(), enum: options() }),
  },
  {
    id: 'radio',
    label: P.radio,
    widget: 'JDictSelectTag',
    name: 'radio',
    create: () => ({ ...field(P.radio, 'string', 'JDictSelectTag', { type: 'radio' })(), enum: options() }),
  },
  {
    id: 'checkbox',
    label: P.checkbox,
    widget: 'JCheckbox',
    name: 'multi',
    create: () => ({ ...field(P.checkbox, 'string', 'JCheckbox')(), enum: options() }),
  },
  {
    id: 'switch',
    label: P.switch,
    widget: 'JSwitch',
    name: 'flag',
    create: field(P.switch, 'string', 'JSwitch'),
  },
  {
    id: 'area',
    label: P.area,
    widget: 'JAreaLinkage',
    name: 'area',
    create: field(P.area, 'string', 'JAreaLinkage'),
  },
  {
    id: 'upload',
    label: P.upload,
    widget: 'JUpload',
    name: 'files',
    create: field(P.upload, 'string', 'JUpload'),
  },
  {
    id: 'image',
    label: P.image,
    widget: 'JImageUpload',
    name: 'images',
    create: field(P.image, 'string', 'JImageUpload'),
  },
  {
    id: 'signature',
    label: P.signature,
    widget: 'JSignature',
    name: 'signature',
    create: field(P.signature, 'string', 'JSignature'),
  },
  {
    id: 'user',
    label: P.user,
    widget: 'JSelectUserByDep',
    name: 'users',
    create: field(P.user, 'string', 'JSelectUserByDep'),
  },
  {
    id: 'depart',
    label: P.depart,
    widget: 'JSelectDepart',
    name: 'depart',
    create: field(P.depart, 'string', 'JSelectDepart'),
  },
  {
    id: 'table',
    label: P.table,
    widget: 'ArrayTable',
    name: 'rows',
    create: (unique) => ({
      type: 'array',
      title: P.table,
      'x-decorator': 'FormItem',
      'x-component': 'ArrayTable',
      items: tableItems([{ name: unique('item'), title: P.column, component: 'Input' }], L.props.opsColumn),
      properties: { add: { type: 'void', title: L.props.addRow, 'x-component': 'ArrayTable.Addition' } },
    }),
  },
  {
    id: 'section',
    label: P.section,
    widget: 'FormCollapse',
    name: 'section',
    create: (unique) => ({
      type: 'void',
      'x-component': 'FormCollapse',
      properties: {
        [unique('panel')]: {
          type: 'void',
          'x-component': 'FormCollapse.CollapsePanel',
          'x-component-props': { header: P.section },
        },
      },
    }),
  },
  {
    id: 'grid',
    label: P.grid,
    widget: 'FormGrid',
    name: 'grid',
    create: () => ({
      type: 'void',
      'x-component': 'FormGrid',
      'x-component-props': { maxColumns: 2, minColumns: 1, minWidth: 240 },
    }),
  },
];

/** The palette: entries whose widget the console registers (a widget still being written drops out). */
export function paletteItems(registered: (name: string) => boolean = isWidgetName): PaletteItem[] {
  return ITEMS.filter((item) => registered(item.widget));
}

/** What the palette calls the widget of a node (单行文本, 单选 …), or its component name. */
export function widgetTitle(node: FormSchema): string {
  const component = node['x-component'] ?? '';
  const kind = (node['x-component-props'] as { type?: unknown } | undefined)?.type;
  const item = ITEMS.find((i) => {
    const made = i.create((base) => base);
    const madeKind = (made['x-component-props'] as { type?: unknown } | undefined)?.type;
    return made['x-component'] === component && (component !== 'JDictSelectTag' || madeKind === kind);
  });
  return item?.label ?? component;
}

export function paletteItem(id: string): PaletteItem | undefined {
  return ITEMS.find((i) => i.id === id);
}
