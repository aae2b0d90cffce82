import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { HOME_PATH } from '../../config/constants';
import { t } from '../../locale/zh-CN';

/** Result pages: the query may carry `title` and `description`; otherwise the standard texts. */
export function ResultPage({ ok }: { ok: boolean }) {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const title = query.get('title') || (ok ? t.shell.result.success : t.shell.result.error);
  const description = query.get('description') || (ok ? t.shell.result.successDesc : t.shell.result.errorDesc);
  return (
    <Result
      status={ok ? 'success' : 'error'}
      title={title}
      subTitle={description}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t.shell.result.backHome}
        </Button>
      }
    />
  );
}
