import { FormItem } from '@formily/antd-v5';
import { createForm, setValidateLanguage } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createRoot } from 'react-dom/client';
// Generated at build time by tools/bench/editable/ajv-validator.ts (the comparison, not the product).
import ajvValidate from '@bench-ajv';
import { EditableTable } from '../../../src/client/widgets/editable-table/EditableTable';
import type { EditableTableHandle } from '../../../src/client/widgets/editable-table/grid/EditableGrid';
import { compileRules } from '../../../src/client/widgets/editable-table/rules';
import type { EditableColumn } from '../../../src/client/widgets/editable-table/types';
import { benchColumns, benchRows, OPTIONS, TEXT_PATTERN } from './data';
import { frameRecorder, nextFrame, recordKeys, startMount, whenPainted } from '../page-probe';
// The page's window.__bench type.
import './probe';

setValidateLanguage('zh-CN');
const params = new URLSearchParams(location.search);
const count = Number(params.get('rows') ?? 1000);
const { rows, planted } = benchRows(count);

/** The same rules as the ArrayTable baseline: every cell required, text ≤ 20, numbers numeric. */
export const columns: EditableColumn[] = benchColumns().map((c) => ({
  key: c.key,
  title: c.title,
  type: c.type,
  width: 120,
  options: c.type === 'select' ? OPTIONS.map((o) => ({ value: o.value, text: o.label })) : undefined,
  validateRules:
    c.type === 'input'
      ? [{ required: true }, { pattern: TEXT_PATTERN }]
      : c.type === 'inputNumber'
        ? [{ required: true }, { pattern: 'n' }]
        : [{ required: true }],
}));

// A callback ref: Formily hands components copies of plain-object props, so an object ref would not be filled.
let handle: EditableTableHandle | null = null;
const setHandle = (h: EditableTableHandle | null) => {
  handle = h;
};
const form = createForm();
// Data in memory before render (the same model for every implementation).
form.setValuesIn('items', rows);
const SchemaField = createSchemaField({ components: { FormItem, EditableTable } });
const schema: ISchema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      'x-component': 'EditableTable',
      'x-component-props': { columns, maxHeight: 600, actionButton: false, handleRef: setHandle },
    },
  },
};

const frames: number[] = [];
const recorder = frameRecorder(frames);
const keys: number[] = [];
recordKeys(keys);
const scroller = () => document.querySelector('.jet-scroll') as HTMLElement;
window.__bench = {
  impl: 'ours',
  rows: count,
  planted,
  production: import.meta.env.PROD,
  keys,
  frames,
  scroller,
  startFrames: recorder.start,
  stopFrames: recorder.stop,
  async scrollToMiddle() {
    const mid = Math.floor(count / 2);
    scroller().scrollTop = mid * 61 - 120;
    await nextFrame();
    await nextFrame();
    return `input[value="r${mid}c1"]`;
  },
  async validate() {
    const t0 = performance.now();
    await form.validate().catch(() => undefined);
    const ms = performance.now() - t0;
    const errors = handle?.store.errorCount ?? -1;
    // Where the time goes: the table's own pass (rules + marking cells), the rule engine alone, and the
    // ajv standalone validator of the same rules (for the design decision).
    const s0 = performance.now();
    handle?.validateAll();
    const storeMs = performance.now() - s0;
    const values = handle?.getValues() ?? [];
    const e0 = performance.now();
    const engineErrors = compileRules(columns).validateAll(values).errors.length;
    const engineMs = performance.now() - e0;
    const a0 = performance.now();
    ajvValidate(values);
    const ajvMs = performance.now() - a0;
    return { ms, errors, storeMs, engineMs, engineErrors, ajvMs, ajvErrors: ajvValidate.errors?.length ?? 0 };
  },
};

startMount();
createRoot(document.getElementById('root') as HTMLElement).render(
  <ConfigProvider locale={zhCN}>
    <FormProvider form={form}>
      <SchemaField schema={schema} />
    </FormProvider>
  </ConfigProvider>,
);
void whenPainted('input[value="r0c1"]').then((ms) => {
  window.__bench.mountMs = ms;
});
