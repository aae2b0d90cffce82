import { TreeSelect } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { nestRows, type Nested } from '../../../shared/nest-rows';
import { treeRefs, type RefTreeOption } from './ref-options';

const L = t.refSelect;

interface TreeNode {
  value: string;
  title: string;
  children?: TreeNode[];
}

const toNode = (o: Nested<RefTreeOption>): TreeNode => ({
  value: o.value,
  title: o.label,
  ...(o.children?.length ? { children: o.children.map(toNode) } : {}),
});

export interface RefTreeSelectProps {
  entity: string;
  field: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  allowClear?: boolean;
  /** The stored value's text when the caller already has it. */
  text?: string | null;
}

/**
 * Picker of a ref to a tree entity (EntityTree): the target's whole tree within the caller's scope (one
 * request, at most 1000 rows), searched by display text in the browser, every level pickable.
 */
export function RefTreeSelect(props: RefTreeSelectProps) {
  const { entity, field, value, disabled, readOnly, allowClear = true } = props;
  const [rows, setRows] = useState<RefTreeOption[] | null>(null);
  useEffect(() => {
    let alive = true;
    treeRefs(entity, field)
      .then((found) => alive && setRows(found))
      .catch(() => alive && setRows([]));
    return () => {
      alive = false;
    };
  }, [entity, field]);
  const treeData = useMemo(() => {
    const nodes = nestRows(
      rows ?? [],
      (r) => r.value,
      (r) => r.parent,
    ).map(toNode);
    // A stored value outside the loaded tree (out of scope, deleted) still shows a text, not its id.
    if (rows && value && !rows.some((r) => r.value === value))
      nodes.unshift({ value, title: props.text ?? L.unknownValue });
    return nodes;
  }, [rows, value, props.text]);

  return (
    <TreeSelect<string>
      style={{ width: '100%' }}
      value={value || undefined}
      treeData={treeData}
      loading={rows === null}
      disabled={disabled}
      open={readOnly ? false : undefined}
      allowClear={allowClear && !readOnly && !disabled}
      placeholder={props.placeholder ?? L.placeholder}
      showSearch={!readOnly}
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      listHeight={280}
      notFoundContent={L.empty}
      onChange={(v) => props.onChange?.(typeof v === 'string' && v ? v : undefined)}
    />
  );
}
