import { Button, Empty, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DashboardShortcutCard } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';
import { useSession, type MenuNode } from '../../session';

function menuPaths(nodes: readonly MenuNode[], out = new Set<string>()): Set<string> {
  for (const n of nodes) {
    out.add(n.path);
    if (n.children) menuPaths(n.children, out);
  }
  return out;
}

/** Links to menu routes; only the ones the user's own menu has are shown (the route guard decides anyway). */
export function ShortcutCard({ card }: { card: DashboardShortcutCard }) {
  const menu = useSession((s) => s.menu);
  const navigate = useNavigate();
  const paths = useMemo(() => menuPaths(menu ?? []), [menu]);
  const links = card.links.filter((l) => paths.has(l.path.split('?')[0]));
  return (
    <>
      <Typography.Text strong>{card.title ?? t.charts.dashboard.shortcuts}</Typography.Text>
      {links.length ? (
        <Space wrap style={{ marginTop: 12 }}>
          {links.map((l) => (
            <Button key={l.path} href={l.path} onClick={(e) => (e.preventDefault(), navigate(l.path))}>
              {l.title}
            </Button>
          ))}
        </Space>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.charts.dashboard.noShortcuts} />
      )}
    </>
  );
}
