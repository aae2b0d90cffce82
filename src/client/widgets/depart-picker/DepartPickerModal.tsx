import { Input, Modal, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import type { DepartNode } from './depart-tree';

export const DEPART_PICKER_WIDTH = 500;

export interface DepartPickerModalProps {
  open: boolean;
  tree: DepartNode[];
  loading: boolean;
  multiple: boolean;
  initialKeys: string[];
  onOk: (keys: string[]) => void;
  onCancel: () => void;
}

function filterTree(nodes: DepartNode[], word: string): DepartNode[] {
  if (!word) return nodes;
  const out: DepartNode[] = [];
  for (const n of nodes) {
    const kids = n.children ? filterTree(n.children, word) : [];
    if (n.title.includes(word) || kids.length) out.push({ ...n, children: kids.length ? kids : n.children?.length ? [] : undefined });
  }
  return out;
}

/** Department tree dialog (spec §2, §9): 500 wide, at most three levels, one or several, a choice required. */
export function DepartPickerModal({ open, tree, loading, multiple, initialKeys, onOk, onCancel }: DepartPickerModalProps) {
  const [keys, setKeys] = useState<string[]>(initialKeys);
  const [word, setWord] = useState('');
  const shown = useMemo(() => filterTree(tree, word.trim()), [tree, word]);
  const d = t.widgets.depart;
  return (
    <Modal
      title={d.title}
      open={open}
      width={DEPART_PICKER_WIDTH}
      destroyOnHidden
      onCancel={onCancel}
      onOk={() => {
        if (keys.length === 0) {
          void feedback().message.warning(d.required);
          return;
        }
        onOk(keys);
      }}
    >
      <Input.Search allowClear placeholder={d.searchPlaceholder} aria-label={d.searchPlaceholder} onChange={(e) => setWord(e.target.value)} style={{ marginBottom: 8 }} />
      {loading ? (
        <Spin size="small" />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          checkable={multiple}
          checkStrictly
          selectable={!multiple}
          treeData={shown}
          checkedKeys={multiple ? keys : undefined}
          selectedKeys={multiple ? undefined : keys}
          onCheck={(checked) => setKeys((Array.isArray(checked) ? checked : checked.checked).map(String))}
          onSelect={(selected) => setKeys(selected.map(String).slice(0, 1))}
          style={{ maxHeight: 400, overflow: 'auto' }}
        />
      )}
    </Modal>
  );
}
