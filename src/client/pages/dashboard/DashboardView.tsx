import { Button, Card, Col, Row, Space } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../locale/zh-CN';
import { JDateRange } from '../../widgets/date/JDateRange';
import { JSelectDepart } from '../../widgets/depart-picker/JSelectDepart';
import type { ServedCard, ServedDashboard } from './dashboard-api';
import { useDashboardFilters, type SharedValues } from './filters';
import { NoticesCard } from './NoticesCard';
import { ShortcutCard } from './ShortcutCard';
import { StatCard } from './StatCard';
import { TodoCard } from './TodoCard';
import './dashboard.css';

/** One card of the grid by its type. */
function cardBody(card: ServedCard, values: SharedValues): ReactNode {
  switch (card.type) {
    case 'chart':
    case 'number':
    case 'list':
      return <StatCard card={card} values={values} />;
    case 'shortcut':
      return <ShortcutCard card={card} />;
    case 'notices':
      return <NoticesCard card={card} />;
    case 'todo':
      return <TodoCard card={card} />;
  }
}

/**
 * The shared filters above the grid: a date range and a department, written to the URL. The plain
 * widgets (not their Formily-connected registry entries): this bar is not a form.
 */
function FilterBar({ filters }: { filters: ReturnType<typeof useDashboardFilters> }) {
  if (!filters.hasDate && !filters.hasDepartment) return null;
  const d = t.charts.dashboard;
  return (
    <Space wrap className="dashboard-filters" role="search">
      {filters.hasDate ? (
        <label className="dashboard-filter">
          <span>{d.dateRange}</span>
          <JDateRange
            value={filters.range}
            onChange={(v) => filters.setRange(Array.isArray(v) && v[0] && v[1] ? [v[0], v[1]] : null)}
          />
        </label>
      ) : null}
      {filters.hasDepartment ? (
        <label className="dashboard-filter">
          <span>{d.department}</span>
          <JSelectDepart
            value={filters.department}
            store="orgCode"
            onChange={(v) => filters.setDepartment(v)}
          />
        </label>
      ) : null}
      <Button onClick={filters.reset}>{d.reset}</Button>
    </Space>
  );
}

/** A dashboard definition: shared filters and a 24-column grid of cards, each full width on a phone. */
export function DashboardView({ def }: { def: ServedDashboard }) {
  const filters = useDashboardFilters(def);
  return (
    <div className="dashboard-view" data-dashboard={def.code}>
      <FilterBar filters={filters} />
      <Row gutter={[16, 16]}>
        {def.cards.map((card, i) => (
          <Col key={i} xs={24} md={card.span ?? 12}>
            <Card
              className="dashboard-card"
              data-card-type={card.type}
              data-stat={'stat' in card ? card.stat : undefined}
              size="small"
            >
              {cardBody(card, filters.values)}
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}
