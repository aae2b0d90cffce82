import { Spin } from 'antd';
import { t } from '../locale/zh-CN';

export function PageLoading({ full }: { full?: boolean }) {
  return (
    <div className={full ? 'shell-loading shell-loading-full' : 'shell-loading'}>
      <Spin tip={t.shell.pageLoading} size="large">
        <div style={{ width: 160, height: 80 }} />
      </Spin>
    </div>
  );
}
