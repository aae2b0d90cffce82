import { Checkbox } from 'antd';
import { memo, useSyncExternalStore } from 'react';
import { t } from '../../../locale/zh-CN';
import type { RowLayout } from './BodyRow';
import { useTableApi } from './context';
import { isRequiredColumn } from './layout';

export const HeaderRow = memo(function HeaderRow({ layout }: { layout: RowLayout }) {
  const { store } = useTableApi();
  const selectedCount = useSyncExternalStore(store.subscribe, () => store.selected.size);
  const total = useSyncExternalStore(store.subscribe, () => store.rows.length);
  const fixed = layout.fixed;
  return (
    <div className="jet-tr jet-thead" role="row" aria-rowindex={1} style={{ minWidth: layout.minWidth }}>
      {layout.dragSort ? <div className="jet-td jet-fixed" style={fixed.drag} /> : null}
      {layout.rowSelection ? (
        <div className="jet-td jet-fixed" style={fixed.select}>
          <Checkbox
            aria-label={t.editable.table.selectAll}
            checked={total > 0 && selectedCount === total}
            indeterminate={selectedCount > 0 && selectedCount < total}
            onChange={(e) => store.selectAll(e.target.checked)}
          />
        </div>
      ) : null}
      {layout.rowNumber ? (
        <div className="jet-td jet-fixed" style={fixed.number}>
          {t.editable.table.rowNumber}
        </div>
      ) : null}
      {layout.columns.map((c, i) => (
        <div key={c.key} className="jet-td" role="columnheader" style={layout.styles[i]}>
          {isRequiredColumn(c) ? <span style={{ color: 'var(--jet-error)', marginRight: 4 }}>*</span> : null}
          {c.title}
        </div>
      ))}
    </div>
  );
});
