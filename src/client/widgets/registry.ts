/**
 * Every widget a page definition may name in `x-component`, connected to Formily. Heavy widgets (rich
 * text, cron) load on first use and the area data is a separate chunk, so importing this stays light.
 * schemas/meta/widgets.schema.json documents each name and its `x-component-props`.
 */
import {
  ArrayItems,
  ArrayTable,
  Cascader,
  Checkbox,
  DatePicker,
  Editable,
  FormButtonGroup,
  FormCollapse,
  FormGrid,
  FormItem,
  FormLayout,
  FormTab,
  Input,
  NumberPicker,
  Password,
  PreviewText,
  Radio,
  Reset,
  Select,
  Space,
  Submit,
  Switch,
  TimePicker,
  TreeSelect,
  Upload,
} from '@formily/antd-v5';
import { connect, mapProps } from '@formily/react';
import { JApiTreeSelect } from './api-tree/JApiTreeSelect';
import { JAreaLinkage } from './area/JAreaLinkage';
import { JCategorySelect } from './category/JCategorySelect';
import { JDate } from './date/JDate';
import { JDateRange } from './date/JDateRange';
import { JTime } from './date/JTime';
import { JSelectDepart } from './depart-picker/JSelectDepart';
import { JCheckbox } from './dict/JCheckbox';
import { JDictSelectTag } from './dict/JDictSelectTag';
import { JSearchSelect } from './dict/JSearchSelect';
import { JTreeSelect } from './dict-tree/JTreeSelect';
import { JEllipsis } from './ellipsis/JEllipsis';
import { JInputInteger } from './integer/JInputInteger';
import { lazyWidget } from './lazy';
import { JNameLink } from './name-link/JNameLink';
import { JInputNumber } from './number/JInputNumber';
import { JSelectPosition } from './position-picker/JSelectPosition';
import { JSelectRole } from './role-picker/JSelectRole';
import { JSlider } from './slider-verify/JSlider';
import { JSwitch } from './switch/JSwitch';
import { JTemplateTextarea } from './template-textarea/JTemplateTextarea';
import { JSelectUserByDep } from './user-picker/JSelectUserByDep';
import { registerWidgetRules } from './validators/formily-rules';
import type { EditableTableProps } from './editable-table/EditableTable';
import type { JTreeTableProps } from './tree-table/JTreeTable';
import type { JPopupProps } from './popup/JPopup';
import type { JUploadProps } from './upload/JUpload';
import type { JBusinessPickerProps } from './business-picker/JBusinessPicker';

registerWidgetRules();

const JEasyCron = lazyWidget(() => import('./cron/JEasyCron'));
const JEditor = lazyWidget(() => import('./editor/RichTextEditor'));
// Uploads (antd Upload, Image) only load when a form with a file field opens.
const JUpload = lazyWidget<JUploadProps>(() => import('./upload/JUpload').then((m) => ({ default: m.JUpload })));
const JImageUpload = lazyWidget<JUploadProps>(() => import('./upload/JImageUpload').then((m) => ({ default: m.JImageUpload })));
const EditableTable = lazyWidget<EditableTableProps>(() => import('./editable-table/EditableTable').then((m) => ({ default: m.EditableTable })));
const TreeTable = lazyWidget<JTreeTableProps>(() => import('./tree-table/JTreeTable').then((m) => ({ default: m.JTreeTable })));
const JPopup = lazyWidget<JPopupProps>(() => import('./popup/JPopup').then((m) => ({ default: m.JPopup })));
const JBusinessPicker = lazyWidget<JBusinessPickerProps>(() => import('./business-picker/JBusinessPicker').then((m) => ({ default: m.JBusinessPicker })));

/** Formily's `enum` arrives as `dataSource`; the dictionary widgets call it `options`. */
const withOptions = mapProps({ dataSource: 'options' });

export const widgetRegistry = {
  // Formily antd-v5 basics.
  FormItem,
  FormGrid,
  FormLayout,
  FormTab,
  FormCollapse,
  FormButtonGroup,
  Space,
  Submit,
  Reset,
  Input,
  Password,
  Select,
  TreeSelect,
  Cascader,
  DatePicker,
  TimePicker,
  NumberPicker,
  Radio,
  Checkbox,
  Switch,
  Upload,
  ArrayItems,
  ArrayTable,
  Editable,
  PreviewText,
  // Pickers.
  JSelectUserByDep: connect(JSelectUserByDep),
  JSelectRole: connect(JSelectRole),
  JSelectDepart: connect(JSelectDepart),
  JSelectPosition: connect(JSelectPosition),
  JApiTreeSelect: connect(JApiTreeSelect),
  // Dictionaries.
  JDictSelectTag: connect(JDictSelectTag, withOptions),
  JCheckbox: connect(JCheckbox, withOptions),
  JSearchSelect: connect(JSearchSelect),
  JTreeSelect: connect(JTreeSelect),
  JCategorySelect: connect(JCategorySelect),
  // Dates and schedules.
  JDate: connect(JDate),
  JDateRange: connect(JDateRange),
  JTime: connect(JTime),
  JEasyCron: connect(JEasyCron),
  // Files, places, text.
  JUpload: connect(JUpload),
  JImageUpload: connect(JImageUpload),
  JAreaLinkage: connect(JAreaLinkage),
  JEditor: connect(JEditor),
  // Inputs and display.
  JInputNumber: connect(JInputNumber),
  JInputInteger: connect(JInputInteger),
  JTemplateTextarea: connect(JTemplateTextarea),
  JSlider: connect(JSlider),
  JSwitch: connect(JSwitch),
  JNameLink: connect(JNameLink),
  JEllipsis: connect(JEllipsis),
  // Report designer's tools: one field per editable table (its value is the rows array), pickers over reports and lists.
  EditableTable,
  TreeTable,
  JPopup: connect(JPopup),
  JBusinessPicker: connect(JBusinessPicker),
};

export type WidgetName = keyof typeof widgetRegistry;
export const WIDGET_NAMES = Object.keys(widgetRegistry) as WidgetName[];
