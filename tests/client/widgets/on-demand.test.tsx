import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { render, screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';

/**
 * Widgets load by group when a schema first names them. Each test imports the registry afresh, so
 * nothing is loaded when it starts.
 */
type Registry = typeof import('../../../src/client/widgets/registry');
let registry: Registry;

beforeEach(async () => {
  vi.resetModules();
  registry = await import('../../../src/client/widgets/registry');
});

test('names a schema uses, at any depth, by x-component and x-decorator', () => {
  const names = registry.schemaWidgetNames({
    type: 'object',
    properties: {
      lines: {
        type: 'array',
        'x-component': 'ArrayTable',
        items: { type: 'object', properties: { c: { type: 'void', 'x-component': 'ArrayTable.Column', properties: { d: { 'x-component': 'JDate', 'x-decorator': 'FormItem' } } } } },
      },
    },
  });
  expect([...names].sort()).toEqual(['ArrayTable', 'ArrayTable.Column', 'FormItem', 'JDate']);
});

test('loads only the groups asked for; a dotted name loads its component', async () => {
  expect(registry.loadedWidgets(['JDate'])).toBeNull();
  const widgets = await registry.loadWidgets(['JDate', 'ArrayTable.Column', 'NoSuchWidget']);
  expect(widgets.JDate).toBeTruthy();
  expect(widgets.DatePicker).toBeTruthy(); // same group
  expect((widgets.ArrayTable as unknown as { Column?: unknown }).Column).toBeTruthy();
  expect(registry.loadedWidgets(['JDate', 'ArrayTable'])).not.toBeNull();
  expect(registry.loadedWidgets(['JUpload'])).toBeNull();
  expect(widgets.JUpload).toBeUndefined();
});

test('SchemaField shows a spinner until the widgets arrive, then the form', async () => {
  const { SchemaField } = await import('../../../src/client/renderer/form/SchemaField');
  const form = createForm({ initialValues: { name: '张伟' } });
  const { container } = render(
    <FormProvider form={form}>
      <SchemaField schema={{ type: 'object', properties: { name: { type: 'string', title: '姓名', 'x-decorator': 'FormItem', 'x-component': 'Input' } } }} />
    </FormProvider>,
  );
  expect(container.querySelector('.ant-spin')).not.toBeNull();
  expect(await screen.findByDisplayValue('张伟')).toBeInTheDocument();
  expect(container.querySelector('.ant-spin')).toBeNull();
});
