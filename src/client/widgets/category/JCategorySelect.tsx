import { TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { checkCondition } from '../dict-tree/condition';
import { attachChildren, toNodes, type LazyNode } from '../dict-tree/lazy-tree';
import { joinValues, splitValues } from '../picker-kit/values';

export interface JCategorySelectProps {
  /** Chosen category ids, comma-joined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Code of the root category whose subtree is offered. */
  pcode?: string;
  /** Extra filter as a JSON object string. */
  condition?: string;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** Category tree select (`/sys/category/loadTreeRoot`, then loadTreeChildren on expand). */
export function JCategorySelect({ value, onChange, pcode = '', condition, multiple, placeholder, disabled }: JCategorySelectProps) {
  const cond = checkCondition(condition);
  const [nodes, setNodes] = useState<LazyNode[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const values = splitValues(value);

  useEffect(() => {
    if (cond === null) return;
    let alive = true;
    getAction<Array<Record<string, unknown>>>('/sys/category/loadTreeRoot', { pcode, condition: cond || undefined })
      .then((res) => {
        if (!alive) return;
        if (res.success && Array.isArray(res.result)) setNodes(toNodes(res.result));
        else void feedback().message.error(res.message);
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [pcode, cond]);

  const missing = values.filter((v) => labels[v] === undefined).join(',');
  useEffect(() => {
    if (!missing) return;
    let alive = true;
    getAction<string[]>('/sys/category/loadDictItem/', { ids: missing })
      .then((res) => {
        if (!alive || !res.success || !Array.isArray(res.result)) return;
        const names = res.result;
        setLabels((prev) => ({ ...prev, ...Object.fromEntries(missing.split(',').map((v, i) => [v, String(names[i] ?? v)])) }));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [missing]);

  if (cond === null)
    return (
      <Typography.Text type="danger" role="alert">
        {t.widgets.categoryConditionInvalid}
      </Typography.Text>
    );
  return (
    <TreeSelect
      style={{ width: '100%' }}
      treeData={nodes}
      multiple={multiple}
      labelInValue
      value={multiple ? values.map((v) => ({ value: v, label: labels[v] ?? v })) : values[0] ? { value: values[0], label: labels[values[0]] ?? values[0] } : undefined}
      placeholder={placeholder ?? t.widgets.pleaseSelect}
      disabled={disabled}
      allowClear
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
      loadData={async (node) => {
        const key = String(node.value);
        const res = await getAction<Array<Record<string, unknown>>>('/sys/category/loadTreeChildren', { pid: key }).catch(() => null);
        const kids = res?.success && Array.isArray(res.result) ? toNodes(res.result) : [];
        setNodes((prev) => attachChildren(prev, key, kids));
      }}
      onChange={(chosen: Array<{ value: string; label?: unknown }> | { value: string; label?: unknown } | undefined) => {
        const list = chosen ? (Array.isArray(chosen) ? chosen : [chosen]) : [];
        setLabels((prev) => ({ ...prev, ...Object.fromEntries(list.map((c) => [c.value, typeof c.label === 'string' ? c.label : (prev[c.value] ?? c.value)])) }));
        onChange?.(joinValues(list.map((c) => String(c.value))));
      }}
    />
  );
}
