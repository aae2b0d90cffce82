import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../config/constants';
import { t } from '../../locale/zh-CN';

/**
 * A menu entry whose page is not built yet: a plain explanation and the way home. The component name
 * means nothing to users; it stays in `data-component` for whoever inspects the page.
 */
export function MissingComponentPage({ name }: { name: string }) {
  const navigate = useNavigate();
  return (
    <div data-component={name}>
      <Result
        status="info"
        title={t.shell.guard.notOpenTitle}
        subTitle={t.shell.guard.notOpenDesc}
        extra={
          <Button type="primary" onClick={() => navigate(HOME_PATH)}>
            {t.shell.guard.backHome}
          </Button>
        }
      />
    </div>
  );
}
