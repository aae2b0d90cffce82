import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ISchema } from '@formily/react';
import { FormDocumentView } from '../../../src/client/widgets/form-document/FormDocumentView';
import type { FormDefinition } from '../../../src/shared/schema-types';
import { env, fakeServer } from './fake-server';
import { Providers, renderSchema } from './formily';

const VISIT: FormDefinition = {
  $schema: '../meta/form.schema.json',
  code: 'cw_visit',
  title: '组件随访表',
  schema: {
    type: 'object',
    properties: {
      smoker: {
        type: 'string',
        title: '是否吸烟',
        'x-decorator': 'FormItem',
        'x-component': 'Radio.Group',
        enum: [
          { label: '否', value: '0' },
          { label: '是', value: '1' },
        ],
      },
      packs: {
        type: 'number',
        title: '每日包数',
        'x-decorator': 'FormItem',
        'x-component': 'NumberPicker',
        'x-reactions': {
          when: { field: 'smoker', op: 'eq', value: '1' },
          fulfill: { state: { visible: true } },
          otherwise: { state: { visible: false } },
        },
      },
    },
  },
};

// The record form's schema as a derived page gives it: the code and version fields, then the document.
const RECORD: ISchema = {
  type: 'object',
  properties: {
    formCode: { type: 'string', title: '表单', 'x-decorator': 'FormItem', 'x-component': 'Input' },
    formVersion: { type: 'number', title: '版本', 'x-decorator': 'FormItem', 'x-component': 'NumberPicker' },
    doc: {
      type: 'object',
      title: '随访内容',
      'x-decorator': 'FormItem',
      'x-component': 'JFormDocument',
      'x-component-props': { codeField: 'formCode', versionField: 'formVersion' },
    },
  },
};

let server: ReturnType<typeof fakeServer>;
beforeEach(() => {
  server = fakeServer({
    'GET /online/form/get': (req) =>
      req.params.code === 'cw_visit'
        ? env({ code: 'cw_visit', version: Number(req.params.version ?? 4), status: 'published', source: 'db', definition: VISIT })
        : env(null, '表单不存在', false, 404),
    'GET /online/cgform/api/form/cw_record/r1': () =>
      env({ id: 'r1', formCode: 'cw_visit', formVersion: 2, doc: { smoker: '1', packs: 3 } }),
  });
});
afterEach(() => server.restore());

describe('JFormDocument', () => {
  it('asks for a form first, then renders the newest version with its linkage on the document', async () => {
    const { form } = renderSchema(RECORD, {});
    expect(await screen.findByText('尚未选择表单：请先填写表单编码')).toBeInTheDocument();
    act(() => form.setValuesIn('formCode', 'cw_visit'));
    expect(await screen.findByText('组件随访表（第 4 版）')).toBeInTheDocument();
    expect(server.to('/online/form/get')[0].params).toMatchObject({ code: 'cw_visit' });
    expect(screen.queryByText('每日包数')).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('是'));
    expect(await screen.findByText('每日包数')).toBeInTheDocument();
    expect(form.values.doc).toMatchObject({ smoker: '1' });
  });

  it('reads the version the record keeps and says when the form does not exist', async () => {
    renderSchema(RECORD, { formCode: 'cw_visit', formVersion: 2, doc: { smoker: '0' } });
    expect(await screen.findByText('组件随访表（第 2 版）')).toBeInTheDocument();
    expect(server.to('/online/form/get').at(-1)?.params).toMatchObject({ code: 'cw_visit', version: '2' });
    renderSchema(RECORD, { formCode: 'cw_gone' });
    expect(await screen.findByText('表单不存在（cw_gone）')).toBeInTheDocument();
  });

  it('shows a list row’s document read-only in the detail, reading the record for it', async () => {
    render(
      <Providers>
        <FormDocumentView row={{ id: 'r1', formCode: 'cw_visit' }} name="doc" form={{ codeField: 'formCode', versionField: 'formVersion' }} entity="cw_record" />
      </Providers>,
    );
    expect(await screen.findByText('组件随访表（第 2 版）')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('每日包数')).toBeInTheDocument());
    // Read-only: the values as text, no inputs.
    expect(screen.getByText('3')).toBeInTheDocument();
    expect(document.querySelectorAll('.j-form-document input')).toHaveLength(0);
  });
});
