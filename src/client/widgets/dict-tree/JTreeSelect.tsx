import { TreeSelect, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { dictLabels } from '../dict/paged-source';
import { joinValues, splitValues } from '../picker-kit/values';
import { checkCondition } from './condition';
import { attachChildren, toNodes, type LazyNode } from './lazy-tree';

export interface JTreeSelectProps {
  /** Chosen keys, comma-joined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Table dictionary 'table,text,code'. */
  dict: string;
  pidField?: string;
  /** Parent id of the top level (default ''). */
  pidValue?: string;
  hasChildField?: string;
  /** Extra filter as a JSON object string, e.g. '{"status":"1"}'. */
  condition?: string;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
}

/** Dictionary tree select over a table (`/sys/dict/loadTreeData`), children loaded on expand. */
export function JTreeSelect({ value, onChange, dict, pidField = 'pid', pidValue = '', hasChildField, condition, multiple, placeholder, disabled }: JTreeSelectProps) {
  const cond = checkCondition(condition);
  const [nodes, setNodes] = useState<LazyNode[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [tableName = '', text = '', code = ''] = (dict ?? '').split(',');
  const values = splitValues(value);
  const base = { tableName, text, code, pidField, hasChildField, condition: cond || undefined };

  const load = async (pid: string) => {
    const res = await getAction<Array<Record<string, unknown>>>('/sys/dict/loadTreeData', { ...base, pid });
    return res.success && Array.isArray(res.result) ? toNodes(res.result) : [];
  };

  useEffect(() => {
    if (cond === null) return;
    let alive = true;
    load(pidValue)
      .then((n) => alive && setNodes(n))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dict, pidField, pidValue, hasChildField, cond]);

  const missing = values.filter((v) => labels[v] === undefined).join(',');
  useEffect(() => {
    if (!missing || cond === null) return;
    let alive = true;
    dictLabels(dict, missing.split(','))
      .then((names) => alive && setLabels((prev) => ({ ...prev, ...Object.fromEntries(missing.split(',').map((v, i) => [v, names[i] ?? v])) })))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [dict, missing, cond]);

  if (cond === null)
    return (
      <Typography.Text type="danger" role="alert">
        {t.widgets.treeConditionInvalid}
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
        const kids = await load(key).catch(() => []);
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
