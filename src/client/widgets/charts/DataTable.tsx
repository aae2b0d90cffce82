import type { BuiltChart } from './options';
import { t } from '../../locale/zh-CN';

/** The numbers behind a chart as a real table: hidden visually unless `visible`, always read by screen readers. */
export function DataTable({
  title,
  table,
  visible,
  measureFrom,
}: {
  title: string;
  table: BuiltChart['table'];
  visible: boolean;
  measureFrom: number;
}) {
  return (
    <table className={`stat-data-table${visible ? '' : ' is-hidden'}`} role="table">
      <caption>{t.charts.dataCaption(title)}</caption>
      <thead>
        <tr>
          {table.head.map((h, i) => (
            <th key={i} scope="col" className={i >= measureFrom ? 'is-number' : undefined}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.body.map((row, r) => (
          <tr key={r}>
            {row.map((cell, i) => (
              <td key={i} className={i >= measureFrom ? 'is-number' : undefined}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
