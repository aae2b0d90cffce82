import { Button, Drawer } from 'antd';
import { t } from '../../locale/zh-CN';
import type { RowActionItem } from './RowActions';

/**
 * A row's actions on a phone: a sheet from the bottom with one full-width button per action, opened by
 * tapping the row. A pinned 操作 column would cover most of a 390 px screen, and an unpinned one sits
 * past the last column where nobody finds it.
 */
export function RowActionSheet({ items, onClose }: { items: RowActionItem[] | null; onClose: () => void }) {
  return (
    <Drawer
      open={items !== null}
      placement="bottom"
      height="auto"
      title={t.renderer.table.action}
      onClose={onClose}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, paddingBottom: 24 } }}
      rootClassName="renderer-row-sheet"
    >
      {(items ?? []).map((item) => (
        <Button
          key={item.key}
          block
          size="large"
          danger={item.danger}
          onClick={() => {
            onClose();
            item.onClick();
          }}
        >
          {item.label}
        </Button>
      ))}
    </Drawer>
  );
}
