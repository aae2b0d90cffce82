import { Typography } from 'antd';
import { t } from '../../locale/zh-CN';

/** Shown in place of a dictionary widget configured without a code. */
export function DictCodeMissing() {
  return (
    <Typography.Text type="danger" role="alert">
      {t.widgets.dictCodeEmpty}
    </Typography.Text>
  );
}
