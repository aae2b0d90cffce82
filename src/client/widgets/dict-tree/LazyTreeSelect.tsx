import { TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { joinValues, splitValues } from '../picker-kit/values';
import { attachChildren, type LazyNode } from './lazy-tree';

export interface LazyTreeSelectProps {
  /** Chosen keys, comma-joined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  /** Names the source; the top level is loaded again when it changes. */
  source: string;
  loadRoot: () => Promise<LazyNode[]>;
  loadChildren: (key: string) => Promise<LazyNode[]>;
  /** The labels of stored keys not loaded in the tree, in the same order. */
  loadLabels: (keys: string[]) => Promise<string[]>;
}

type Chosen = { value: string; label?: unknown };

/**
 * The tree select behind the dictionary and category trees: the top level first, children on expand
 * (an empty answer makes a leaf), and labels for stored values the loaded nodes do not show yet.
 */
export function LazyTreeSelect({
  value,
  onChange,
  multiple,
  placeholder,
  disabled,
  source,
  loadRoot,
  loadChildren,
  loadLabels,
}: LazyTreeSelectProps) {
  const [nodes, setNodes] = useState<LazyNode[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const values = splitValues(value);

  useEffect(() => {
    let alive = true;
    loadRoot()
      .then((n) => alive && setNodes(n))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
    // The loaders are rebuilt on every render; `source` says when they would load something else.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);

  const missing = values.filter((v) => labels[v] === undefined).join(',');
  useEffect(() => {
    if (!missing) return;
    let alive = true;
    const keys = missing.split(',');
    loadLabels(keys)
      .then((names) => alive && setLabels((prev) => ({ ...prev, ...Object.fromEntries(keys.map((k, i) => [k, names[i] ?? k])) })))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, missing]);

  const shown = (v: string) => ({ value: v, label: labels[v] ?? v });
  return (
    <TreeSelect
      style={{ width: '100%' }}
      treeData={nodes}
      multiple={multiple}
      labelInValue
      value={multiple ? values.map(shown) : values[0] ? shown(values[0]) : undefined}
      placeholder={placeholder ?? t.widgets.pleaseSelect}
      disabled={disabled}
      allowClear
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
      loadData={async (node) => {
        const key = String(node.value);
        const kids = await loadChildren(key).catch(() => []);
        setNodes((prev) => attachChildren(prev, key, kids));
      }}
      onChange={(chosen: Chosen[] | Chosen | undefined) => {
        const list = chosen ? (Array.isArray(chosen) ? chosen : [chosen]) : [];
        setLabels((prev) => ({ ...prev, ...Object.fromEntries(list.map((c) => [c.value, typeof c.label === 'string' ? c.label : (prev[c.value] ?? c.value)])) }));
        onChange?.(joinValues(list.map((c) => String(c.value))));
      }}
    />
  );
}
