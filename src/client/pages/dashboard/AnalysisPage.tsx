import { Typography } from 'antd';
import { getRuntimeConfig } from '../../api';
import { displayName, greetingNow } from '../../layout/header/greeting';
import { t } from '../../locale/zh-CN';
import { useSession } from '../../session';
import { LoadedDashboard } from './LoadedDashboard';

/**
 * Home page (/dashboard/analysis): the greeting by hour (spec §9) and the home dashboard of the
 * application code (schemas/dashboards, `home`), whose cards include the user's unread notices.
 */
export default function AnalysisPage() {
  const user = useSession((s) => s.userInfo);
  return (
    <div className="dashboard">
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t.shell.dashboard.welcome(greetingNow(), displayName(user))}
      </Typography.Title>
      <LoadedDashboard query={{ appCode: getRuntimeConfig().appCode }} />
    </div>
  );
}
