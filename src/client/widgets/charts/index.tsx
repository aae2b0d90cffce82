/**
 * The chart widgets, registered as the `charts` group (widgets/registry.ts) and used by dashboard cards.
 * echarts itself is a further chunk that only chart kinds load (EChart.tsx).
 */
import { StatChart } from './StatChart';
import type { StatWidgetProps } from './props';
import type { ChartKind } from './types';

export { StatNumber } from './StatNumber';
export { StatRanking } from './StatRanking';
export { StatTable } from './StatTable';

type KindProps = StatWidgetProps & { max?: number; horizontal?: boolean };
const kind = (k: ChartKind) => {
  const Widget = (props: KindProps) => <StatChart {...props} kind={k} />;
  Widget.displayName = `Stat${k[0].toUpperCase()}${k.slice(1)}`;
  return Widget;
};

export const StatBar = kind('bar');
export const StatStackedBar = kind('stackedBar');
export const StatLine = kind('line');
export const StatArea = kind('area');
export const StatPie = kind('pie');
export const StatDonut = kind('donut');
export const StatFunnel = kind('funnel');
export const StatGauge = kind('gauge');
