import { DataTable } from './DataTable';
import { dataTable } from './options';
import type { StatWidgetProps } from './props';
import { StatFrame } from './StatFrame';
import { useStat } from './useStat';

/** A small table of a stat's groups and measures (the same table that sits behind every chart, shown). */
export function StatTable({ stat, params, title, height = 200 }: StatWidgetProps) {
  const { state, reload } = useStat(stat, params);
  return (
    <StatFrame state={state} reload={reload} height={height} title={title}>
      {(r) => (
        <DataTable title={title ?? r.title} table={dataTable(r)} visible measureFrom={r.dimensions.length} />
      )}
    </StatFrame>
  );
}
