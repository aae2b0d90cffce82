import { TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { recordsOf } from '../picker-kit/values';

export interface JApiTreeSelectProps {
  /** The chosen node's value ('' or nothing: none). */
  value?: string | null;
  onChange?: (value: string) => void;
  /** A GET endpoint answering a tree: an array, `{records}` or `{treeList}` of nodes with `children`. */
  url: string;
  /** Node property holding the value (default 'id'). */
  valueKey?: string;
  /** Node property holding the label (default 'name'). */
  titleKey?: string;
  /** Nodes whose property has one of these values are left out with their subtrees, e.g. {"menuType": [2]}. */
  excludeWhere?: Record<string, Array<string | number>>;
  placeholder?: string;
  disabled?: boolean;
}

interface TreeNode {
  value: string;
  title: string;
  children?: TreeNode[];
}

type Raw = Record<string, unknown>;

/** The nodes of an answer: `{treeList}` (permission trees), else a list or a page of records. */
function listOf(result: unknown): Raw[] {
  const treeList = (result as { treeList?: unknown } | null)?.treeList;
  return Array.isArray(treeList) ? (treeList as Raw[]) : recordsOf<Raw>(result).records;
}

function toTree(items: Raw[], valueKey: string, titleKey: string, excluded: (n: Raw) => boolean): TreeNode[] {
  return items
    .filter((n) => !excluded(n))
    .map((n) => {
      const children = Array.isArray(n.children)
        ? toTree(n.children as Raw[], valueKey, titleKey, excluded)
        : [];
      return {
        value: String(n[valueKey] ?? ''),
        title: String(n[titleKey] ?? ''),
        ...(children.length ? { children } : {}),
      };
    });
}

/**
 * A tree select over any tree an endpoint answers, loaded once and searchable by label — e.g. the
 * parent of a menu from /sys/permission/list without its buttons. Clearing gives '' (no parent).
 */
export function JApiTreeSelect({
  value,
  onChange,
  url,
  valueKey = 'id',
  titleKey = 'name',
  excludeWhere,
  placeholder,
  disabled,
}: JApiTreeSelectProps) {
  const [tree, setTree] = useState<TreeNode[] | null>(null);
  const exclude = JSON.stringify(excludeWhere ?? {});

  useEffect(() => {
    let alive = true;
    const rules = Object.entries(JSON.parse(exclude) as Record<string, Array<string | number>>);
    const excluded = (n: Raw) => rules.some(([k, vs]) => vs.map(String).includes(String(n[k])));
    getAction<unknown>(url)
      .then(
        (res) =>
          alive && setTree(res.success ? toTree(listOf(res.result), valueKey, titleKey, excluded) : []),
      )
      .catch(() => alive && setTree([]));
    return () => {
      alive = false;
    };
  }, [url, valueKey, titleKey, exclude]);

  return (
    <TreeSelect
      style={{ width: '100%' }}
      value={value || undefined}
      treeData={tree ?? []}
      loading={tree === null}
      disabled={disabled}
      placeholder={placeholder ?? t.widgets.pleaseSelect}
      showSearch
      treeNodeFilterProp="title"
      allowClear
      onChange={(v?: string) => onChange?.(v ?? '')}
    />
  );
}
