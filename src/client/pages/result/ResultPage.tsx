import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../config/constants';
import { t } from '../../locale/zh-CN';

/**
 * Result pages with the standard texts. Nothing comes from the address: a link must not be able to put
 * its own words on the console's page.
 */
export function ResultPage({ ok }: { ok: boolean }) {
  const navigate = useNavigate();
  return (
    <Result
      status={ok ? 'success' : 'error'}
      title={ok ? t.shell.result.success : t.shell.result.error}
      subTitle={ok ? t.shell.result.successDesc : t.shell.result.errorDesc}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t.shell.result.backHome}
        </Button>
      }
    />
  );
}
