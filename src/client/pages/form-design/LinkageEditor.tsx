import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space, Typography } from 'antd';
import type { FormDataField } from '../../../shared/form-fields';
import type { FormSchema, Scalar } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';
import {
  LINKAGE_EFFECTS,
  LINKAGE_OPS,
  linkageOf,
  setLinkage,
  type LinkageCondition,
  type LinkageRule,
} from './linkage';

const L = t.formDesign.props;

/** Options a condition's value is chosen from: the other field's fixed options, if it has any. */
function valueOptions(field: FormDataField | undefined) {
  return (field?.node.enum ?? []).map((o) =>
    o && typeof o === 'object'
      ? { label: o.label, value: String(o.value) }
      : { label: String(o), value: String(o) },
  );
}

/**
 * The condition builder: rules "show / require / disable this field while all (any) of the
 * conditions hold", written as declarative x-reactions.
 */
export function LinkageEditor({
  node,
  others,
  onChange,
}: {
  node: FormSchema;
  /** The form's other data fields a condition can test. */
  others: FormDataField[];
  onChange: (update: (node: FormSchema) => void) => void;
}) {
  const { rules, other } = linkageOf(node);
  const write = (next: LinkageRule[]) => onChange((n) => setLinkage(n, next));
  const setRule = (i: number, rule: LinkageRule) => write(rules.map((r, j) => (j === i ? rule : r)));
  const setCondition = (i: number, k: number, c: LinkageCondition) =>
    setRule(i, { ...rules[i], conditions: rules[i].conditions.map((x, j) => (j === k ? c : x)) });
  const first = others[0]?.name;
  const fresh = (): LinkageCondition => ({
    field: first!,
    op: 'eq',
    value: valueOptions(others[0])[0]?.value ?? '',
  });

  return (
    <div data-testid="fd-linkage">
      {other ? <Typography.Paragraph type="secondary">{L.linkageOther(other)}</Typography.Paragraph> : null}
      {rules.map((rule, i) => (
        <div key={i} className="fd-rule" data-testid={`fd-rule-${i}`}>
          <Space wrap size={4}>
            <Select
              size="small"
              aria-label={L.linkage}
              value={rule.effect}
              style={{ width: 80 }}
              options={LINKAGE_EFFECTS.map((e) => ({ value: e, label: L.effects[e] }))}
              onChange={(effect) => setRule(i, { ...rule, effect })}
            />
            {rule.conditions.length > 1 ? (
              <Select
                size="small"
                value={rule.match}
                style={{ width: 100 }}
                options={(['all', 'any'] as const).map((m) => ({ value: m, label: L.match[m] }))}
                onChange={(match) => setRule(i, { ...rule, match })}
              />
            ) : null}
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={L.removeRule}
              onClick={() => write(rules.filter((_, j) => j !== i))}
            />
          </Space>
          <Typography.Text type="secondary" className="fd-rule-hint">
            {L.effectWhen(L.effects[rule.effect])}
          </Typography.Text>
          {rule.conditions.map((c, k) => {
            const field = others.find((f) => f.name === c.field);
            const opts = valueOptions(field);
            const needsValue = c.op !== 'empty' && c.op !== 'notEmpty';
            return (
              <Space key={k} wrap size={4} className="fd-condition" data-testid={`fd-condition-${i}-${k}`}>
                <Select
                  size="small"
                  aria-label={L.conditionField}
                  value={c.field}
                  style={{ width: 120 }}
                  options={others.map((f) => ({ value: f.name, label: f.node.title || f.name }))}
                  onChange={(name: string) => setCondition(i, k, { ...c, field: name })}
                />
                <Select
                  size="small"
                  value={c.op}
                  style={{ width: 96 }}
                  options={LINKAGE_OPS.map((op) => ({ value: op, label: L.ops[op] }))}
                  onChange={(op) => setCondition(i, k, { ...c, op })}
                />
                {needsValue ? (
                  opts.length && c.op !== 'in' ? (
                    <Select
                      size="small"
                      aria-label={L.conditionValue}
                      value={c.value === undefined || c.value === null ? undefined : String(c.value)}
                      style={{ width: 100 }}
                      options={opts}
                      onChange={(v: string) => setCondition(i, k, { ...c, value: v })}
                    />
                  ) : (
                    <Input
                      size="small"
                      aria-label={L.conditionValue}
                      value={c.value === undefined || c.value === null ? '' : String(c.value)}
                      style={{ width: 100 }}
                      onChange={(e) => setCondition(i, k, { ...c, value: e.target.value as Scalar })}
                    />
                  )
                ) : null}
                {rule.conditions.length > 1 ? (
                  <Button
                    size="small"
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t.formDesign.remove}
                    onClick={() =>
                      setRule(i, { ...rule, conditions: rule.conditions.filter((_, j) => j !== k) })
                    }
                  />
                ) : null}
              </Space>
            );
          })}
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => setRule(i, { ...rule, conditions: [...rule.conditions, fresh()] })}
          >
            {L.addCondition}
          </Button>
        </div>
      ))}
      {first ? (
        <Button
          size="small"
          icon={<PlusOutlined />}
          onClick={() => write([...rules, { effect: 'visible', match: 'all', conditions: [fresh()] }])}
        >
          {L.addRule}
        </Button>
      ) : (
        <Typography.Text type="secondary">{L.noOtherFields}</Typography.Text>
      )}
    </div>
  );
}
