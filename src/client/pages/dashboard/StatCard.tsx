import { Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import type {
  DashboardChartCard,
  DashboardListCard,
  DashboardNumberCard,
} from '../../../shared/schema-types';
import { cardParams, type SharedValues } from './filters';
import type { ServedCard } from './dashboard-api';

type Card = (DashboardChartCard | DashboardNumberCard | DashboardListCard) & Pick<ServedCard, 'accepts'>;
type ChartWidgets = typeof import('../../widgets/charts');

/**
 * The chart widgets module: the same chunk the widget registry's `charts` group loads, imported
 * directly so the home page does not pull in the registry and with it Formily's validation rules.
 */
let charts: Promise<ChartWidgets> | null = null;
let loaded: ChartWidgets | null = null;
function loadCharts(): Promise<ChartWidgets> {
  charts ??= import('../../widgets/charts').then((m) => (loaded = m));
  // A failed chunk may be asked for again (the next page open retries it).
  charts.catch(() => (charts = null));
  return charts;
}

/** The widget a stat card draws with (number cards are StatNumber). */
const widgetOf = (card: Card) => (card.type === 'number' ? 'StatNumber' : card.widget);

/** A chart, number or list card: its chart widget, with the shared filters under the stat's parameter names and its own params over them. */
export function StatCard({ card, values }: { card: Card; values: SharedValues }) {
  const [widgets, setWidgets] = useState<ChartWidgets | null>(loaded);
  useEffect(() => {
    if (!widgets) void loadCharts().then(setWidgets);
  }, [widgets]);
  if (!widgets) return <Skeleton active paragraph={{ rows: 3 }} />;
  const Widget = widgets[widgetOf(card)];
  const { params: own, ...options } = card.options ?? {};
  return (
    <Widget
      stat={card.stat}
      title={card.title}
      {...options}
      params={{ ...cardParams(values, card.accepts), ...own }}
    />
  );
}
