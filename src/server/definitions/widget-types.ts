/**
 * Which entity field types a form widget can hold. A widget bound to a field it cannot hold saves values the
 * server refuses (an array into a text column) or loses part of them (a date picker on a datetime), so the
 * definition check refuses the pairing. Widgets not listed (layout, custom, new ones) are not judged, nor are
 * field types not listed here.
 */
const TEXT = ['string', 'text'] as const;
const NUMBER = ['int', 'bigint', 'decimal'] as const;
/** Dictionary and picker values: codes, ids, comma-joined ids. */
const CODE = ['string', 'int', 'bigint'] as const;
const IDS = ['string', 'text'] as const;
const KNOWN_TYPES = new Set(['string', 'text', 'int', 'bigint', 'decimal', 'date', 'datetime']);

type Props = Record<string, unknown> | undefined;
/** Date pickers hold a date, or a datetime with showTime. */
const datePicker = (props: Props) => (props?.showTime ? ['datetime'] : ['date']);

const WIDGET_TYPES: Record<string, readonly string[] | ((props: Props) => readonly string[])> = {
  Input: TEXT,
  'Input.TextArea': TEXT,
  Password: ['string'],
  JTemplateTextarea: TEXT,
  JEditor: TEXT,
  NumberPicker: NUMBER,
  JInputNumber: NUMBER,
  JInputInteger: ['int', 'bigint'],
  JSlider: NUMBER,
  DatePicker: datePicker,
  JDate: datePicker,
  TimePicker: ['string'],
  JTime: ['string'],
  Select: CODE,
  Radio: CODE,
  'Radio.Group': CODE,
  JDictSelectTag: CODE,
  JSearchSelect: CODE,
  JTreeSelect: CODE,
  JCategorySelect: IDS,
  JCheckbox: IDS,
  'Checkbox.Group': IDS,
  JSwitch: ['string', 'int'],
  JSelectUserByDep: IDS,
  JSelectDepart: IDS,
  JSelectRole: IDS,
  JSelectPosition: IDS,
  JSelectForm: ['string'],
  JUpload: IDS,
  JImageUpload: IDS,
  JSignature: IDS,
  JAreaLinkage: ['string'],
  JEasyCron: ['string'],
  JPopup: [...TEXT, ...NUMBER],
  // Row arrays: no column of an entity's own holds them (children are an entity of their own).
  EditableTable: [],
  JEditableTable: [],
  ArrayTable: [],
  ArrayItems: [],
  JDateRange: [],
};

/** Formily value types and the field types that can hold them. */
const FORMILY_TYPES: Record<string, readonly string[]> = {
  number: NUMBER,
  array: [],
  object: [],
};

const list = (types: readonly string[]) => (types.length ? types.join('、') : '无');

/**
 * Why the form node cannot hold the entity field, at which of its keys, or null. `widget` is the node's
 * x-component, `valueType` its Formily `type`.
 */
export function widgetTypeProblem(
  fieldType: string,
  widget: string | undefined,
  props: Props,
  valueType: string | undefined,
): { key: 'x-component' | 'type'; message: string } | null {
  if (!KNOWN_TYPES.has(fieldType)) return null;
  const rule = widget ? WIDGET_TYPES[widget] : undefined;
  const allowed = typeof rule === 'function' ? rule(props) : rule;
  if (allowed && !allowed.includes(fieldType)) {
    const hint = rule === datePicker && fieldType === 'datetime' ? '；日期时间需设置 showTime: true' : '';
    return {
      key: 'x-component',
      message: `组件 ${widget} 不能存放 ${fieldType} 类型的字段（可存放：${list(allowed)}${hint}）`,
    };
  }
  const byValue = valueType ? FORMILY_TYPES[valueType] : undefined;
  if (byValue && !byValue.includes(fieldType))
    return {
      key: 'type',
      message: `type "${valueType}" 不能存放 ${fieldType} 类型的字段（可存放：${list(byValue)}）`,
    };
  return null;
}
