import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';
import { t } from '../locale/zh-CN';

/** Widgets whose chunk failed to load: the page's message and a retry. */
export function WidgetsLoadFailed({ retry, style }: { retry: () => void; style?: CSSProperties }) {
  return (
    <Alert
      type="error"
      showIcon
      style={style}
      message={t.shell.guard.chunkFailed}
      action={
        <Button size="small" onClick={retry}>
          {t.shell.guard.retry}
        </Button>
      }
    />
  );
}
