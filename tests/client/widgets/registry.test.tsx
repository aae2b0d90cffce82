import Ajv from 'ajv';
import fs from 'node:fs';
import path from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { render } from '@testing-library/react';
import type { ISchema } from '@formily/react';
import GalleryPage from '../../../src/client/pages/gallery/GalleryPage';
import { GALLERY_SECTIONS } from '../../../src/client/pages/gallery/gallery-schema';
import { loadWidgets, WIDGET_NAMES } from '../../../src/client/widgets/registry';
import { env, fakeServer } from './fake-server';
import { Providers } from './formily';

const meta = JSON.parse(fs.readFileSync(path.resolve('schemas/meta/widgets.schema.json'), 'utf8')) as {
  properties: Record<string, unknown>;
};

function fields(schema: ISchema, out: ISchema[] = []): ISchema[] {
  if (schema['x-component']) out.push(schema);
  for (const child of Object.values((schema.properties ?? {}) as Record<string, ISchema>)) fields(child, out);
  return out;
}

test('every registered x-component name is documented in widgets.schema.json and nothing else is', async () => {
  expect(Object.keys(meta.properties).sort()).toEqual([...WIDGET_NAMES].sort());
  const widgets = await loadWidgets(WIDGET_NAMES);
  for (const name of WIDGET_NAMES) expect(widgets[name], name).toBeTruthy();
});

test('every gallery example uses a registered widget with props its meta-schema accepts', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile({ ...meta, $id: undefined });
  const used = new Set<string>();
  for (const section of GALLERY_SECTIONS) {
    for (const f of fields(section.schema)) {
      const name = String(f['x-component']);
      used.add(name);
      expect(WIDGET_NAMES, name).toContain(name);
      const ok = validate({ [name]: f['x-component-props'] ?? {} });
      expect(ok, `${name}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
  }
  // The gallery shows every widget of the library.
  for (const name of WIDGET_NAMES.filter((n) => n.startsWith('J'))) expect(used, name).toContain(name);
  // And the meta-schema refuses what is wrong.
  expect(validate({ JAreaLinkage: { type: 'tree' } })).toBe(false);
  expect(validate({ JUpload: { biz: '../etc' } })).toBe(false);
  expect(validate({ JNoSuchWidget: {} })).toBe(false);
});

describe('gallery page at /test/home', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer({
      'GET /sys/dict/getDictItems/sex': () => env([{ value: '1', text: '男' }, { value: '2', text: '女' }]),
      '*': () => env({ records: [], total: 0, pages: 0 }),
    });
  });
  afterEach(() => server.restore());

  test('renders each section from its schema with live values and validation', async () => {
    render(
      <Providers>
        <GalleryPage />
      </Providers>,
    );
    expect(screen.getByRole('heading', { name: '组件示例' })).toBeInTheDocument();
    const cardTitles = [...document.querySelectorAll('.ant-card-head-title')].map((el) => el.textContent);
    expect(cardTitles).toEqual(['选择器', '字典', '日期', 'Cron 表达式', '上传', '签名', '表单字段（动态表单）', '省市区', '富文本', '输入', '校验规则', '报表工具', '对话框']);
    expect(await screen.findByText('北京市 / 北京市 / 东城区', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByDisplayValue('1,234,567.50')).toBeInTheDocument();
    expect(screen.getByText('字典编码不能为空！')).toBeInTheDocument();

    const rules = document.getElementById('gallery-rules') as HTMLElement;
    const mobile = within(rules).getAllByRole('textbox')[0];
    await userEvent.type(mobile, '12345');
    const values = rules.querySelector('.gallery-values') as HTMLElement;
    await waitFor(() => expect(values).toHaveTextContent('"mobile": "12345"'));
    await userEvent.click(within(rules).getByRole('button', { name: '校验' }));
    expect(await within(rules).findByText('请输入正确手机号')).toBeInTheDocument();
  }, 60_000);
});
