import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { HOME_PATH } from '../../config/constants';
import { t } from '../../locale/zh-CN';
import type { ExceptionType } from './types';

export type { ExceptionType } from './types';

/** Exception pages 403, 404 and 500 (spec §1), each with the way home. */
export function ExceptionPage({ type }: { type: ExceptionType }) {
  const navigate = useNavigate();
  return (
    <Result
      status={String(type) as `${ExceptionType}`}
      title={String(type)}
      subTitle={t.shell.exception[type]}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_PATH)}>
          {t.shell.exception.backHome}
        </Button>
      }
    />
  );
}
