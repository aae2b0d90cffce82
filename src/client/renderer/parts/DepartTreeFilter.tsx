import { Input, Spin, Tree } from 'antd';
import { useMemo, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { DEPART_TREE_URL, type DepartNode } from '../../widgets/depart-picker/depart-tree';
import { useDepartTree } from '../../widgets/depart-picker/useDepartTree';
import { apiOf } from '../definition/api';
import type { DepartTreeFilterProps } from '../definition/types';
import type { AsidePartProps } from './registry';

const L = t.renderer.parts.departTree;

/** Nodes whose title contains the text, with the ancestors that lead to them. */
function filterTree(nodes: DepartNode[], text: string): DepartNode[] {
  if (!text) return nodes;
  const out: DepartNode[] = [];
  for (const n of nodes) {
    const kids = filterTree(n.children ?? [], text);
    if (n.title.includes(text) || kids.length) out.push({ ...n, children: kids.length ? kids : n.children });
  }
  return out;
}

/** Department tree beside a list (the user page): choosing a department filters the list by it. */
export default function DepartTreeFilter({ config, onParams }: AsidePartProps) {
  const props = (config.props ?? {}) as DepartTreeFilterProps;
  const url = apiOf(props.api)?.url ?? DEPART_TREE_URL;
  const { tree, loading } = useDepartTree(url);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const shown = useMemo(() => filterTree(tree, search.trim()), [tree, search]);

  return (
    <div className="renderer-depart-filter">
      <Input.Search
        allowClear
        placeholder={L.search}
        aria-label={L.search}
        onSearch={setSearch}
        onChange={(e) => !e.target.value && setSearch('')}
        style={{ marginBottom: 8 }}
      />
      {loading ? (
        <Spin />
      ) : (
        <Tree<DepartNode>
          blockNode
          defaultExpandAll
          treeData={shown}
          selectedKeys={selected}
          onSelect={(keys) => {
            const id = keys.length ? String(keys[0]) : '';
            setSelected(id ? [id] : []);
            onParams(id ? { [props.param]: id } : {});
          }}
        />
      )}
    </div>
  );
}
