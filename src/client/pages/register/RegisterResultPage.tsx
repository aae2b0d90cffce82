import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { currentVariant } from '../../config/runtime';
import { t } from '../../locale/zh-CN';

/** 注册结果. */
export default function RegisterResultPage() {
  const navigate = useNavigate();
  const [query] = useSearchParams();
  const username = query.get('username') ?? '';
  return (
    <Result
      status="success"
      title={t.shell.register.resultTitle(username)}
      subTitle={t.shell.register.resultDesc}
      extra={[
        <Button key="login" type="primary" onClick={() => navigate(currentVariant().loginPath)}>
          {t.shell.register.toLogin}
        </Button>,
      ]}
    />
  );
}
