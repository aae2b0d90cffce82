import { useLocation } from 'react-router-dom';
import { dashboardCodeOf } from '../../../shared/hand-written-pages';
import { LoadedDashboard } from './LoadedDashboard';

/**
 * A dashboard opened from a menu entry (component dashboard/View, url /dashboard/<code>): the dashboard
 * definition of that code, titled by it — a business module's own board without code of its own.
 */
export default function DashboardPage() {
  const code = dashboardCodeOf(useLocation().pathname) ?? '';
  return (
    <div className="dashboard">
      <LoadedDashboard query={{ code }} />
    </div>
  );
}
