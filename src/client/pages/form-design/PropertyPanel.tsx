import { Divider, Form, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { formDataFields } from '../../../shared/form-fields';
import type { FormSchema } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';
import { CHOICE_WIDGETS, ColumnsEditor, OptionsEditor, propsOf, RulesEditor, setProp } from './field-editors';
import { LinkageEditor } from './LinkageEditor';
import { getNode, isTable, nameProblem, orderedChildren, type NodePath } from './model';
import { renameField, updateDefinition, updateField, useDesigner } from './store';

const L = t.formDesign;
const P = L.props;

/** The field name, applied on Enter or leaving the input; a bad name is shown and left to the server's check. */
function NameInput({ path, schema }: { path: NodePath; schema: FormSchema }) {
  const current = path[path.length - 1];
  const [text, setText] = useState(current);
  const problem = nameProblem(schema, path, text);
  const sibling = text !== current && !!getNode(schema, [...path.slice(0, -1), text]);
  const message = sibling
    ? P.nameSibling
    : problem === 'pattern'
      ? P.namePattern
      : problem === 'duplicate'
        ? P.nameDuplicate
        : P.nameHint;
  const commit = () => (text.trim() ? renameField(path, text.trim()) : setText(current));
  return (
    <Form.Item label={P.name} validateStatus={problem || sibling ? 'error' : undefined} help={message}>
      <Input
        data-testid="fd-prop-name"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onPressEnter={commit}
      />
    </Form.Item>
  );
}

function FormProps() {
  const def = useDesigner((s) => s.definition!);
  const readOnly = useDesigner((s) => s.readOnly);
  return (
    <Form layout="vertical" size="small" disabled={readOnly}>
      <Typography.Title level={5}>{L.formProps}</Typography.Title>
      <Form.Item label={L.code}>
        <Input value={def.code} disabled />
      </Form.Item>
      <Form.Item label={L.title}>
        <Input
          value={def.title}
          maxLength={60}
          onChange={(e) => updateDefinition({ title: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={L.description}>
        <Input.TextArea
          value={def.description}
          rows={2}
          onChange={(e) => updateDefinition({ description: e.target.value || undefined })}
        />
      </Form.Item>
      <Form.Item label={L.layout}>
        <Radio.Group
          value={def.layout ?? 'horizontal'}
          optionType="button"
          options={(['horizontal', 'vertical'] as const).map((v) => ({ value: v, label: L.layouts[v] }))}
          onChange={(e) => updateDefinition({ layout: e.target.value })}
        />
      </Form.Item>
      <Typography.Text type="secondary">{L.selectHint}</Typography.Text>
    </Form>
  );
}

/** The selected field's properties, or the form's when nothing is selected. */
export function PropertyPanel() {
  const selected = useDesigner((s) => s.selected);
  const schema = useDesigner((s) => s.definition?.schema);
  const readOnly = useDesigner((s) => s.readOnly);
  const node = schema && selected ? getNode(schema, selected) : undefined;
  const others = useMemo(
    () =>
      schema && selected
        ? formDataFields(schema).filter((f) => !f.table && f.name !== selected[selected.length - 1])
        : [],
    [schema, selected],
  );
  if (!schema) return null;
  if (!selected || !node) return <FormProps />;
  const edit = (update: (n: FormSchema) => void) => updateField(selected, update);
  const component = node['x-component'] ?? '';
  const collapse = component === 'FormCollapse';
  const panel = collapse ? orderedChildren(node)[0] : undefined;

  return (
    <Form layout="vertical" size="small" disabled={readOnly} data-testid="fd-props">
      {node.type === 'void' ? (
        collapse && panel ? (
          <Form.Item label={P.header}>
            <Input
              value={(propsOf(panel[1]).header as string) ?? ''}
              onChange={(e) =>
                updateField([...selected, panel[0]], (n) => setProp(n, 'header', e.target.value))
              }
            />
          </Form.Item>
        ) : component === 'FormGrid' ? (
          <Form.Item label={P.columnsCount}>
            <InputNumber
              min={1}
              max={4}
              value={propsOf(node).maxColumns as number}
              onChange={(v) => edit((n) => setProp(n, 'maxColumns', v ?? undefined))}
            />
          </Form.Item>
        ) : null
      ) : (
        <>
          <NameInput key={selected.join('/')} path={selected} schema={schema} />
          <Form.Item label={P.fieldTitle}>
            <Input
              data-testid="fd-prop-title"
              value={node.title}
              onChange={(e) => edit((n) => void (n.title = e.target.value))}
            />
          </Form.Item>
          <Form.Item label={P.required}>
            <Switch
              checked={node.required === true}
              aria-label={P.required}
              onChange={(v) => edit((n) => (v ? (n.required = true) : delete n.required))}
            />
          </Form.Item>
          <Form.Item label={P.description}>
            <Input
              value={node.description}
              onChange={(e) =>
                edit((n) => void (e.target.value ? (n.description = e.target.value) : delete n.description))
              }
            />
          </Form.Item>
          {!isTable(node) ? (
            <Form.Item label={P.default}>
              {node.type === 'number' ? (
                <InputNumber
                  value={typeof node.default === 'number' ? node.default : null}
                  onChange={(v) => edit((n) => void (v === null ? delete n.default : (n.default = v)))}
                />
              ) : (
                <Input
                  value={typeof node.default === 'string' ? node.default : ''}
                  onChange={(e) =>
                    edit((n) => void (e.target.value ? (n.default = e.target.value) : delete n.default))
                  }
                />
              )}
            </Form.Item>
          ) : null}
          {CHOICE_WIDGETS.has(component) ? <OptionsEditor node={node} edit={edit} /> : null}
          {isTable(node) ? <ColumnsEditor node={node} edit={edit} /> : null}
          {!isTable(node) && !CHOICE_WIDGETS.has(component) ? (
            <>
              <Divider orientation="left" plain>
                {P.rules}
              </Divider>
              <RulesEditor node={node} edit={edit} />
            </>
          ) : null}
        </>
      )}
      <Divider orientation="left" plain>
        {P.linkage}
      </Divider>
      <LinkageEditor node={node} others={others} onChange={edit} />
    </Form>
  );
}
