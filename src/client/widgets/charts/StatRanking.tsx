import { theme as antTheme, Typography } from 'antd';
import { dimensionLabel, formatMeasure } from './format';
import { rowFilter } from './options';
import type { StatWidgetProps } from './props';
import { StatFrame } from './StatFrame';
import { useDrill } from './useDrill';
import { useStat } from './useStat';

/** A ranking list: groups by the measure, largest first, top `limit`; each group drills to its list. */
export function StatRanking({
  stat,
  params,
  title,
  measure,
  drill = true,
  height = 200,
  limit = 10,
}: StatWidgetProps & { limit?: number }) {
  const { state, reload } = useStat(stat, params);
  const { token } = antTheme.useToken();
  const open = useDrill(state.kind === 'ready' ? state.result : undefined, drill);
  return (
    <StatFrame state={state} reload={reload} height={height} title={title}>
      {(r) => {
        const dim = r.dimensions[0];
        const key = measure ?? r.measures[0]?.key;
        const order = r.rows
          .map((_, i) => i)
          .sort((a, b) => (Number(r.rows[b][key]) || 0) - (Number(r.rows[a][key]) || 0))
          .slice(0, limit);
        return (
          <>
            <Typography.Text strong className="stat-widget-title">
              {title ?? r.title}
            </Typography.Text>
            <ol className="stat-ranking" aria-label={title ?? r.title}>
              {order.map((index, i) => {
                const row = r.rows[index];
                const name = dim ? dimensionLabel(row, dim) : r.title;
                const filter = rowFilter(r, index);
                return (
                  <li key={i}>
                    <span
                      className="rank"
                      style={{
                        background: i < 3 ? token.colorPrimary : token.colorFillSecondary,
                        color: i < 3 ? token.colorTextLightSolid : token.colorText,
                      }}
                    >
                      {i + 1}
                    </span>
                    <span className="name">
                      {open && filter ? (
                        <a href={r.drill?.page} onClick={(e) => (e.preventDefault(), open(filter))}>
                          {name}
                        </a>
                      ) : (
                        name
                      )}
                    </span>
                    <span className="value">{formatMeasure(row[key], r.measures.find((m) => m.key === key))}</span>
                  </li>
                );
              })}
            </ol>
          </>
        );
      }}
    </StatFrame>
  );
}
