import { Alert, Button } from 'antd';
import { useLocation, useNavigate } from 'react-router-dom';
import { t } from '../../locale/zh-CN';

/**
 * Address filters the query form has no field for (a drill-down from a statistic over child rows:
 * `?<child>.<field>=…`) narrow the list invisibly; this says so and offers to drop them.
 */
export function UrlFilterNote({ count }: { count: number }) {
  const location = useLocation();
  const navigate = useNavigate();
  if (count === 0) return null;
  return (
    <Alert
      className="list-url-filter"
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      message={t.listUrl.filtered(count)}
      action={
        <Button size="small" type="link" onClick={() => navigate(location.pathname)}>
          {t.listUrl.clear}
        </Button>
      }
    />
  );
}
