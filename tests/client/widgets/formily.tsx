import { createForm, type Form } from '@formily/core';
import { FormProvider, type ISchema } from '@formily/react';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SchemaField } from '../../../src/client/renderer/form/SchemaField';
import { loadWidgets, WIDGET_NAMES } from '../../../src/client/widgets/registry';

// Every widget group loaded up front, so a test's form renders at once (as on a page opened before).
await loadWidgets(WIDGET_NAMES);

/** Renders a definition's form schema through the registry, as a page would. */
export function renderSchema(schema: ISchema, initialValues?: Record<string, unknown>): { form: Form } {
  const form = createForm({ initialValues });
  render(
    <Providers>
      <FormProvider form={form}>
        <SchemaField schema={schema} />
      </FormProvider>
    </Providers>,
  );
  return { form };
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        {children}
      </ConfigProvider>
    </MemoryRouter>
  );
}

/** Validation messages of a field after `form.validate()` (which rejects when anything fails). */
export async function errorsOf(form: Form, path: string): Promise<string[]> {
  await form.validate().catch(() => undefined);
  return (form.query(path).take() as unknown as { selfErrors?: string[] })?.selfErrors ?? [];
}
