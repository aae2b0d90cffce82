import { DatePicker, FormItem, FormLayout, Input, NumberPicker, Select, Switch } from '@formily/antd-v5';
import { createForm, type Form, type GeneralField } from '@formily/core';
import { createSchemaField, FormProvider, type ISchema } from '@formily/react';
import { Card } from 'antd';
import { useMemo } from 'react';
import type { FormReaction, FormSchema, PageForm } from '../../../src/client/renderer/definition/types';

/**
 * The peer of the 200-field form (issue 13 §6): the same fields and rules written as a plain Formily
 * schema — FormItem decorators, @formily/antd-v5 components, linkage as function reactions — rendered
 * by createSchemaField with none of the console's renderer in between.
 */
const SchemaField = createSchemaField({
  components: { FormItem, Input, NumberPicker, Select, DatePicker, Switch },
});

/**
 * Our declarative rule as a hand-written Formily schema would carry it: a function reaction that reads
 * the other field (Formily tracks the read) and sets this one's state. Not a `{{ }}` expression: the
 * console turns Formily's expression compiler off (rules.ts), and this page shares its bundle.
 */
function nativeReaction(rule: FormReaction) {
  const { field: dep, op, value } = rule.when as { field: string; op: string; value?: unknown };
  const test = (v: unknown) =>
    op === 'eq'
      ? v === value
      : op === 'gt'
        ? Number(v) > Number(value)
        : op === 'notEmpty'
          ? v !== undefined && v !== null && v !== ''
          : false;
  const yes = rule.fulfill?.state ?? {};
  const no = rule.otherwise?.state ?? {};
  return (field: GeneralField) => {
    field.setState((test(field.query(dep).value()) ? yes : no) as never);
  };
}

export function peerSchema(definition: PageForm): ISchema {
  const properties: Record<string, ISchema> = {};
  const fields = (definition.schema as { properties: Record<string, FormSchema> }).properties;
  for (const [name, f] of Object.entries(fields)) {
    const { 'x-reactions': rule, ...rest } = f as FormSchema & { 'x-reactions'?: FormReaction };
    properties[name] = {
      ...(rest as ISchema),
      'x-decorator': 'FormItem',
      ...(rule ? { 'x-reactions': nativeReaction(rule) } : {}),
    };
  }
  return { type: 'object', properties };
}

export function PeerFormPage({ definition }: { definition: PageForm }) {
  const form: Form = useMemo(() => createForm(), []);
  const schema = useMemo(() => peerSchema(definition), [definition]);
  return (
    <Card title={definition.title}>
      <FormProvider form={form}>
        {/* The console's desktop form layout (useDefinitionForm's defaults). */}
        <FormLayout labelCol={5} wrapperCol={16}>
          <SchemaField schema={schema} />
        </FormLayout>
      </FormProvider>
    </Card>
  );
}
