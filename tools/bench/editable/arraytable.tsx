import { ArrayTable, DatePicker, FormItem, Input, NumberPicker, Select } from '@formily/antd-v5';
import { createForm, setValidateLanguage } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createRoot } from 'react-dom/client';
import { benchColumns, benchRows, OPTIONS, TEXT_PATTERN } from './data';
import { frameRecorder, nextFrame, recordKeys, startMount, whenPainted } from '../page-probe';
// The page's window.__bench type.
import './probe';

/**
 * The baseline: Formily's ArrayTable (one reactive field per cell), at its own large-data setting
 * (tier T1: pagination, 50 rows a page), with the same columns, data and rules as ours.
 */
setValidateLanguage('zh-CN');
const params = new URLSearchParams(location.search);
const count = Number(params.get('rows') ?? 1000);
const { rows, planted } = benchRows(count);
const PAGE_SIZE = 50;

const COMPONENT = {
  input: 'Input',
  inputNumber: 'NumberPicker',
  select: 'Select',
  date: 'DatePicker',
} as const;
const properties: Record<string, ISchema> = {};
for (const c of benchColumns()) {
  properties[`col_${c.key}`] = {
    type: 'void',
    'x-component': 'ArrayTable.Column',
    'x-component-props': { title: c.title, width: 120 },
    properties: {
      [c.key]: {
        type: c.type === 'inputNumber' ? 'number' : 'string',
        required: true,
        'x-decorator': 'FormItem',
        'x-component': COMPONENT[c.type],
        ...(c.type === 'select' ? { enum: OPTIONS } : {}),
        ...(c.type === 'input' ? { 'x-validator': [{ pattern: TEXT_PATTERN }] } : {}),
      },
    },
  };
}
const schema: ISchema = {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      'x-decorator': 'FormItem',
      'x-component': 'ArrayTable',
      'x-component-props': {
        pagination: { pageSize: PAGE_SIZE },
        scroll: { x: 20 * 120 + 60 },
        size: 'small',
      },
      items: { type: 'object', properties },
    },
  },
};

const form = createForm();
form.setValuesIn('items', rows);
const SchemaField = createSchemaField({
  components: { FormItem, ArrayTable, Input, NumberPicker, Select, DatePicker },
});

const frames: number[] = [];
const recorder = frameRecorder(frames);
const keys: number[] = [];
recordKeys(keys);
const scroller = () => document.scrollingElement as Element;
window.__bench = {
  impl: 'arraytable',
  rows: count,
  planted,
  production: import.meta.env.PROD,
  keys,
  frames,
  scroller,
  startFrames: recorder.start,
  stopFrames: recorder.stop,
  async scrollToMiddle() {
    // Only the current page exists; its middle row is the one reached by scrolling.
    const mid = Math.floor(Math.min(count, PAGE_SIZE) / 2);
    const el = document.querySelector(`input[value="r${mid}c1"]`);
    el?.scrollIntoView({ block: 'center' });
    await nextFrame();
    return `input[value="r${mid}c1"]`;
  },
  async validate() {
    const t0 = performance.now();
    await form.validate().catch(() => undefined);
    const ms = performance.now() - t0;
    return { ms, errors: form.errors.length };
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
