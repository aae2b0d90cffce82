import { theme as antTheme, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { t } from '../../locale/zh-CN';
import { formatMeasure, periodChange } from './format';
import { rowFilter } from './options';
import type { StatWidgetProps } from './props';
import { StatFrame } from './StatFrame';
import { useDrill } from './useDrill';
import { useStat } from './useStat';

/**
 * A number card: the measure summed over the rows and its change against the previous period
 * (`<measure>_previous`, sent when the stat compares periods). A click opens the stat's list.
 */
export function StatNumber({ stat, params, title, measure, drill = true, height = 96 }: StatWidgetProps) {
  const { state, reload } = useStat(stat, params);
  const { token } = antTheme.useToken();
  const result = state.kind === 'ready' ? state.result : undefined;
  const open = useDrill(result, drill);
  return (
    <StatFrame state={state} reload={reload} height={height} title={title} allowEmpty>
      {(r) => {
        const key = measure ?? r.measures[0]?.key;
        const sum = (k: string) => r.rows.reduce((s, row) => s + (Number(row[k]) || 0), 0);
        const hasPrevious = r.rows.some(
          (row) => row[`${key}_previous`] !== undefined && row[`${key}_previous`] !== null,
        );
        const change = hasPrevious ? periodChange(sum(key), sum(`${key}_previous`)) : null;
        const label = title ?? r.measures.find((m) => m.key === key)?.title ?? r.title;
        const style = { '--stat-up': token.colorSuccess, '--stat-down': token.colorError } as CSSProperties;
        const body = (
          <>
            <Typography.Text type="secondary">{label}</Typography.Text>
            <div className="stat-number-value" data-testid={`stat-number-${r.code}`}>
              {formatMeasure(sum(key), r.measures.find((m) => m.key === key))}
            </div>
            {hasPrevious ? (
              <div className={`stat-number-change is-${change?.direction ?? 'flat'}`}>
                {change ? t.charts.previous(change.text) : t.charts.noPrevious}
              </div>
            ) : null}
          </>
        );
        return open ? (
          <a
            href={r.drill?.page}
            style={{ ...style, display: 'block', color: 'inherit' }}
            title={t.charts.drillHint}
            onClick={(e) => (e.preventDefault(), open(rowFilter(r, 0) ?? {}))}
          >
            {body}
          </a>
        ) : (
          <div style={style}>{body}</div>
        );
      }}
    </StatFrame>
  );
}
