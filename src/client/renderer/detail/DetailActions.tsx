import { Button, Space } from 'antd';
import { buttonVisible } from '../actions/gates';
import type { PageAction } from '../definition/types';

type Row = Record<string, unknown>;

/**
 * The row's custom actions (a workflow's transitions among them) as buttons under its detail, each
 * kept only when its permission and its `visibleWhen` hold for the row.
 */
export function DetailActions({
  actions,
  row,
  has,
  onRun,
}: {
  actions: readonly PageAction[];
  row: Row;
  has: (code: string) => boolean;
  onRun: (action: PageAction, row: Row) => void;
}) {
  const shown = actions.filter((a) => buttonVisible(a, has, row));
  if (!shown.length) return null;
  return (
    <Space wrap className="renderer-detail-actions">
      {shown.map((a) => (
        <Button key={a.key} danger={a.danger} onClick={() => onRun(a, row)}>
          {a.title}
        </Button>
      ))}
    </Space>
  );
}
