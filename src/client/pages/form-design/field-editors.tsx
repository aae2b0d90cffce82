/** The property editors of one field: its options, its rules, a child table's columns (PropertyPanel). */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Radio, Select, Space } from 'antd';
import type { FormSchema, SafeObject, Scalar, ValidatorRule } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';
import { getNode, tableColumns, tableItems, type TableColumn } from './model';
import { useDesigner } from './store';

const L = t.formDesign;
const P = L.props;

type Edit = (update: (node: FormSchema) => void) => void;

export const CHOICE_WIDGETS = new Set([
  'JDictSelectTag',
  'JCheckbox',
  'Select',
  'Radio.Group',
  'Checkbox.Group',
]);
const COLUMN_WIDGETS = ['Input', 'JInputNumber', 'JDate', 'JDictSelectTag'];
const FORMATS = Object.keys(P.formats);

type Props = SafeObject;
export const propsOf = (node: FormSchema): Props => (node['x-component-props'] ?? {}) as Props;

/** The node's rules as one object (a preset name is its `format`); the panel edits this shape. */
function ruleOf(node: FormSchema): ValidatorRule {
  const v = node['x-validator'];
  if (!v) return {};
  if (typeof v === 'string') return { format: v };
  return Array.isArray(v) ? Object.assign({}, ...v) : v;
}

function setRule(node: FormSchema, patch: Partial<ValidatorRule>): void {
  const next: Record<string, unknown> = { ...ruleOf(node), ...patch };
  for (const [k, v] of Object.entries(next)) if (v === undefined || v === null || v === '') delete next[k];
  if (Object.keys(next).length) node['x-validator'] = next as ValidatorRule;
  else delete node['x-validator'];
}

export function setProp(node: FormSchema, key: string, value: unknown): void {
  const props: Record<string, unknown> = { ...propsOf(node) };
  if (value === undefined || value === '') delete props[key];
  else props[key] = value;
  if (Object.keys(props).length) node['x-component-props'] = props as SafeObject;
  else delete node['x-component-props'];
}

export function OptionsEditor({ node, edit }: { node: FormSchema; edit: Edit }) {
  const dictCode = propsOf(node).dictCode as string | undefined;
  const from = dictCode !== undefined && !node.enum ? 'dict' : 'enum';
  const rows = (node.enum ?? []).map((o) =>
    o && typeof o === 'object' ? o : { label: String(o), value: o as Scalar },
  );
  const setRows = (next: typeof rows) => edit((n) => void (n.enum = next));
  return (
    <Form.Item label={P.options}>
      <Radio.Group
        size="small"
        value={from}
        options={(['enum', 'dict'] as const).map((k) => ({ value: k, label: P.optionsFrom[k] }))}
        onChange={(e) =>
          edit((n) => {
            if (e.target.value === 'dict') {
              delete n.enum;
              n['x-component-props'] = { ...propsOf(n), dictCode: dictCode ?? '' };
            } else {
              setProp(n, 'dictCode', undefined);
              n.enum = [{ label: L.palette.option(1), value: '1' }];
            }
          })
        }
        optionType="button"
        style={{ marginBottom: 8 }}
      />
      {from === 'dict' ? (
        <Input
          placeholder={P.dictCode}
          aria-label={P.dictCode}
          value={dictCode}
          onChange={(e) =>
            edit((n) => void (n['x-component-props'] = { ...propsOf(n), dictCode: e.target.value }))
          }
        />
      ) : (
        <div data-testid="fd-options">
          {rows.map((row, i) => (
            <Space key={i} size={4} style={{ display: 'flex', marginBottom: 4 }}>
              <Input
                size="small"
                aria-label={`${P.label}${i + 1}`}
                placeholder={P.label}
                value={row.label}
                onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, label: e.target.value } : r)))}
              />
              <Input
                size="small"
                aria-label={`${P.value}${i + 1}`}
                placeholder={P.value}
                value={row.value === null ? '' : String(row.value)}
                onChange={(e) => setRows(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
              />
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={L.remove}
                onClick={() => setRows(rows.filter((_, j) => j !== i))}
              />
            </Space>
          ))}
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() =>
              setRows([...rows, { label: L.palette.option(rows.length + 1), value: String(rows.length + 1) }])
            }
          >
            {P.addOption}
          </Button>
        </div>
      )}
    </Form.Item>
  );
}

export function RulesEditor({ node, edit }: { node: FormSchema; edit: Edit }) {
  const rule = ruleOf(node);
  const numeric = node.type === 'number';
  const num = (key: keyof ValidatorRule, label: string) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <InputNumber
        size="small"
        aria-label={label}
        value={rule[key] as number | undefined}
        min={key === 'minLength' || key === 'maxLength' ? 0 : undefined}
        onChange={(v) => edit((n) => setRule(n, { [key]: v ?? undefined }))}
      />
    </Form.Item>
  );
  return (
    <>
      {!numeric ? (
        <Form.Item label={P.format} style={{ marginBottom: 8 }}>
          <Select
            size="small"
            allowClear
            value={rule.format}
            options={FORMATS.map((f) => ({ value: f, label: P.formats[f] }))}
            onChange={(v) => edit((n) => setRule(n, { format: v }))}
          />
        </Form.Item>
      ) : null}
      <Space size={8} wrap>
        {numeric ? num('min', P.min) : num('minLength', P.minLength)}
        {numeric ? num('max', P.max) : num('maxLength', P.maxLength)}
      </Space>
      {!numeric ? (
        <>
          <Form.Item label={P.pattern} style={{ marginBottom: 8 }}>
            <Input
              size="small"
              value={rule.pattern}
              onChange={(e) => edit((n) => setRule(n, { pattern: e.target.value }))}
            />
          </Form.Item>
          {rule.pattern ? (
            <Form.Item label={P.patternMessage} style={{ marginBottom: 8 }}>
              <Input
                size="small"
                value={rule.message}
                onChange={(e) => edit((n) => setRule(n, { message: e.target.value }))}
              />
            </Form.Item>
          ) : null}
        </>
      ) : null}
    </>
  );
}

export function ColumnsEditor({ node, edit }: { node: FormSchema; edit: Edit }) {
  const columns = tableColumns(node);
  const setColumns = (next: TableColumn[]) => edit((n) => void (n.items = tableItems(next, P.opsColumn)));
  const schema = useDesigner((s) => s.definition!.schema);
  return (
    <Form.Item label={P.columns}>
      <div data-testid="fd-columns">
        {columns.map((c, i) => (
          <Space key={i} size={4} style={{ display: 'flex', marginBottom: 4 }}>
            <Input
              size="small"
              aria-label={`${P.columnTitle}${i + 1}`}
              placeholder={P.columnTitle}
              value={c.title}
              onChange={(e) =>
                setColumns(columns.map((x, j) => (j === i ? { ...x, title: e.target.value } : x)))
              }
            />
            <Input
              size="small"
              aria-label={`${P.columnName}${i + 1}`}
              placeholder={P.columnName}
              value={c.name}
              onChange={(e) =>
                setColumns(columns.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))
              }
            />
            <Select
              size="small"
              style={{ width: 110 }}
              value={c.component}
              aria-label={`${P.columnWidget}${i + 1}`}
              options={COLUMN_WIDGETS.map((w) => ({ value: w, label: w }))}
              onChange={(component: string) =>
                setColumns(columns.map((x, j) => (j === i ? { ...x, component } : x)))
              }
            />
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={L.remove}
              disabled={columns.length < 2}
              onClick={() => setColumns(columns.filter((_, j) => j !== i))}
            />
          </Space>
        ))}
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => {
            const used = new Set([...columns.map((c) => c.name)]);
            let k = columns.length + 1;
            while (used.has(`col${k}`) || getNode(schema, [`col${k}`])) k++;
            setColumns([...columns, { name: `col${k}`, title: `${P.columnTitle}${k}`, component: 'Input' }]);
          }}
        >
          {P.addColumn}
        </Button>
      </div>
    </Form.Item>
  );
}
