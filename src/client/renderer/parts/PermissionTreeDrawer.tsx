import { Button, Drawer, Empty, Space, Spin, Tree } from 'antd';
import type { Key } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { httpAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { report } from '../actions/requests';
import { useBusy } from '../../api/useBusy';
import { apiOf } from '../definition/api';
import type { PermissionTreeProps } from '../definition/types';
import { resolveValues } from '../definition/values';
import DataRuleDrawer from './DataRuleDrawer';
import type { ActionPartProps } from './registry';

const L = t.renderer.parts.permissionTree;

/** A node of /sys/role/queryTreeList and its kin (TreeModel, protocol.md §10). */
interface PermNode {
  key: string;
  title: string;
  /** The menu has data rules (TreeModel.ruleFlag 1). */
  ruleFlag?: boolean;
  children?: PermNode[];
}

/** Server nodes carry `children: null` on leaves; the tree wants them absent. */
function normalise(
  nodes: ReadonlyArray<{ key: unknown; title?: unknown; ruleFlag?: unknown; children?: unknown }>,
): PermNode[] {
  return nodes.map((n) => ({
    key: String(n.key),
    title: String(n.title ?? ''),
    ...(Number(n.ruleFlag) === 1 ? { ruleFlag: true } : {}),
    ...(Array.isArray(n.children) && n.children.length ? { children: normalise(n.children) } : {}),
  }));
}

function allKeys(nodes: readonly PermNode[], out: string[] = []): string[] {
  for (const n of nodes) {
    out.push(String(n.key));
    if (n.children) allKeys(n.children, out);
  }
  return out;
}

const idList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? v.split(',').filter(Boolean) : [];

/**
 * Assigns permissions to the row (role or department): the whole permission tree with the row's
 * current ones checked; saving sends the new and the previous id lists (protocol.md §10).
 */
export default function PermissionTreeDrawer({ config, row, onClose }: ActionPartProps) {
  const props = config.props as PermissionTreeProps;
  const ownerId = String(row?.id ?? '');
  const [tree, setTree] = useState<PermNode[] | null>(null);
  const [checked, setChecked] = useState<string[]>([]);
  const [last, setLast] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [saving, run] = useBusy();
  const [ruleMenu, setRuleMenu] = useState<PermNode | null>(null);
  const keys = useMemo(() => allKeys(tree ?? []), [tree]);

  useEffect(() => {
    let alive = true;
    const treeApi = apiOf(props.treeApi)!;
    const checkedApi = apiOf(props.checkedApi)!;
    void Promise.all([
      httpAction<{ treeList?: PermNode[] } | PermNode[]>(
        treeApi.url,
        resolveValues(props.treeParams, { row }),
        treeApi.method,
      ),
      httpAction<unknown>(checkedApi.url, { [props.ownerKey]: ownerId }, checkedApi.method),
    ])
      .then(([treeRes, checkedRes]) => {
        if (!alive) return;
        const list = normalise(
          Array.isArray(treeRes.result) ? treeRes.result : (treeRes.result?.treeList ?? []),
        );
        const ids = idList(checkedRes.result);
        setTree(list);
        setChecked(ids);
        setLast(ids);
        setExpanded(allKeys(list));
        if (!treeRes.success) feedback().message.warning(treeRes.message);
      })
      .catch(() => alive && setTree([]));
    return () => {
      alive = false;
    };
  }, [props, row, ownerId]);

  const save = (close: boolean) =>
    run(async () => {
      const api = apiOf(props.saveApi, 'post')!;
      const res = await httpAction(
        api.url,
        { [props.ownerKey]: ownerId, permissionIds: checked.join(','), lastpermissionIds: last.join(',') },
        api.method,
      );
      if (report(res, t.renderer.messages.saved)) {
        setLast(checked);
        if (close) onClose();
      }
    });

  return (
    <Drawer
      open
      title={config.title ?? L.title}
      width={config.width ?? 650}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose}>{L.cancel}</Button>
          <Button loading={saving} onClick={() => void save(false)}>
            {L.save}
          </Button>
          <Button type="primary" loading={saving} onClick={() => void save(true)}>
            {L.saveAndClose}
          </Button>
        </Space>
      }
    >
      {tree === null ? (
        <Spin />
      ) : tree.length === 0 ? (
        <Empty description={L.empty} />
      ) : (
        <>
          <Space style={{ marginBottom: 12 }}>
            <Button size="small" onClick={() => setChecked(keys)}>
              {L.checkAll}
            </Button>
            <Button size="small" onClick={() => setChecked([])}>
              {L.uncheckAll}
            </Button>
            <Button size="small" onClick={() => setExpanded(keys)}>
              {L.expandAll}
            </Button>
            <Button size="small" onClick={() => setExpanded([])}>
              {L.collapseAll}
            </Button>
          </Space>
          <Tree<PermNode>
            checkable
            checkStrictly
            treeData={tree}
            checkedKeys={checked}
            expandedKeys={expanded}
            onExpand={setExpanded}
            onCheck={(v) => setChecked((Array.isArray(v) ? v : v.checked).map(String))}
            titleRender={(node) =>
              node.ruleFlag && props.dataRuleApi ? (
                <span>
                  {node.title}
                  <a
                    style={{ marginLeft: 8 }}
                    onClick={(e) => {
                      e.stopPropagation();
                      setRuleMenu(node);
                    }}
                  >
                    {t.renderer.parts.dataRules.link}
                  </a>
                </span>
              ) : (
                node.title
              )
            }
          />
        </>
      )}
      {ruleMenu && props.dataRuleApi && (
        <DataRuleDrawer
          api={props.dataRuleApi}
          permissionId={ruleMenu.key}
          menuName={ruleMenu.title}
          ownerKey={props.ownerKey}
          ownerId={ownerId}
          onClose={() => setRuleMenu(null)}
        />
      )}
    </Drawer>
  );
}
