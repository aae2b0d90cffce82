import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import { FormLayout } from '@formily/antd-v5';
import { Alert, Segmented } from 'antd';
import { useMemo, useState } from 'react';
import type { FormDefinition } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';
import { prepareFormily } from '../../renderer/form/rules';
import { SchemaField } from '../../renderer/form/SchemaField';
import { toFormilySchema } from '../../renderer/form/schema';

prepareFormily();

const L = t.formDesign;
const editable = () => 'editable' as const;

/** The form as it will be filled, with the console's renderer: at full width or in a 390 px phone frame. */
export function Preview({ definition }: { definition: FormDefinition }) {
  const [device, setDevice] = useState<'desktop' | 'phone'>('desktop');
  const json = JSON.stringify(definition.schema);
  const rendered = useMemo(() => {
    try {
      return { schema: toFormilySchema(JSON.parse(json), { mode: 'add', fieldState: editable }) ?? {} };
    } catch (e) {
      return { error: e instanceof Error ? e.message : String(e) };
    }
  }, [json]);
  // A fresh form for each version of the schema: defaults and linkage start over.
  const form = useMemo(() => createForm(), [json]); // eslint-disable-line react-hooks/exhaustive-deps
  const phone = device === 'phone';
  const vertical = phone || definition.layout === 'vertical';
  return (
    <div className="fd-preview">
      <Segmented
        value={device}
        onChange={(v) => setDevice(v as 'desktop' | 'phone')}
        options={[
          { value: 'desktop', label: L.desktop },
          { value: 'phone', label: L.phone },
        ]}
        style={{ marginBottom: 12 }}
      />
      <div
        className={phone ? 'fd-phone' : 'fd-desktop'}
        data-testid={phone ? 'fd-preview-phone' : 'fd-preview-desktop'}
      >
        {'error' in rendered ? (
          <Alert type="error" showIcon message={rendered.error} />
        ) : (
          <FormProvider form={form}>
            <FormLayout
              {...(vertical
                ? { layout: 'vertical' as const, colon: false }
                : { labelCol: definition.labelCol ?? 6, wrapperCol: definition.wrapperCol ?? 16 })}
            >
              <SchemaField schema={rendered.schema} />
            </FormLayout>
          </FormProvider>
        )}
      </div>
    </div>
  );
}
