import { memo, useMemo, useSyncExternalStore, type CSSProperties } from 'react';
import { t } from '../../../locale/zh-CN';
import { columnStatistics, formatStatistic } from '../model/statistics';
import type { RowLayout } from './BodyRow';
import { useTableApi } from './context';
import { DRAG_WIDTH, NUMBER_WIDTH, SELECT_WIDTH } from './layout';

/** The statistics row (sum, average, …) over every row, kept at the bottom of the grid. */
export const StatisticsRow = memo(function StatisticsRow({ layout }: { layout: RowLayout }) {
  const { store } = useTableApi();
  const rows = useSyncExternalStore(store.subscribe, () => store.rows);
  const stats = useMemo(() => layout.columns.map((c) => columnStatistics(rows, c)), [rows, layout.columns]);
  const leftWidth =
    (layout.dragSort ? DRAG_WIDTH : 0) +
    (layout.rowSelection ? SELECT_WIDTH : 0) +
    (layout.rowNumber ? NUMBER_WIDTH : 0);
  const labels = t.editable.table.statistics;
  const firstKinds = stats.find((s) => s.length)?.map((s) => labels[s.kind]) ?? [];
  const lead: CSSProperties = { left: 0, flex: `0 0 ${leftWidth}px`, width: leftWidth };
  return (
    <div className="jet-tr jet-stats" role="row" style={{ minWidth: layout.minWidth }}>
      {leftWidth ? (
        <div className="jet-td jet-fixed" style={lead}>
          {firstKinds.join('/')}
        </div>
      ) : null}
      {layout.columns.map((c, i) => (
        <div key={c.key} className="jet-td" style={layout.styles[i]} data-statistics={c.key}>
          {stats[i].map((s) => (
            <span key={s.kind}>
              {leftWidth ? null : <span className="jet-stat-label">{labels[s.kind]}</span>}
              {formatStatistic(s.value, s.kind === 'count' ? 0 : (c.number ?? 2))}
            </span>
          ))}
        </div>
      ))}
    </div>
  );
});
