import { Button, Empty, Result, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../locale/zh-CN';
import type { StatState } from './useStat';
import type { StatResult } from './types';
import './charts.css';

/** Loading, error and empty states shared by every stat widget; `children` draws a result with rows. */
export function StatFrame({
  state,
  reload,
  height,
  title,
  children,
  allowEmpty = false,
}: {
  state: StatState;
  reload: () => void;
  height: number;
  /** Kept above the empty and error states, so an empty card still says what it counts. */
  title?: string;
  children: (result: StatResult) => ReactNode;
  /** Draw a result without rows too (a number card: counting nothing gives 0, not 暂无数据). */
  allowEmpty?: boolean;
}) {
  const c = t.charts;
  if (state.kind === 'loading')
    return (
      <div
        className="stat-widget stat-widget-state"
        style={{ minHeight: height }}
        aria-busy="true"
        aria-label={c.loading}
      >
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );
  if (state.kind === 'error')
    return (
      <div className="stat-widget stat-widget-state" style={{ minHeight: height }}>
        <Result
          status="warning"
          title={c.loadFailed}
          subTitle={state.message}
          extra={
            <Button size="small" onClick={reload}>
              {c.retry}
            </Button>
          }
        />
      </div>
    );
  if (!state.result.rows.length && !allowEmpty)
    return (
      <div className="stat-widget">
        <Typography.Text strong className="stat-widget-title">
          {title ?? state.result.title}
        </Typography.Text>
        <div className="stat-widget-state" style={{ minHeight: height }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={c.empty} />
        </div>
      </div>
    );
  return <div className="stat-widget">{children(state.result)}</div>;
}
