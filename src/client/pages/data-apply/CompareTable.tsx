import { Table, theme, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { t } from '../../locale/zh-CN';
import { displayText } from '../../renderer/list/cells';
import type { ApplicationDetail, DiffLine } from './api';

const L = t.dataApply.detail;
type Row = Record<string, unknown>;

const blank = (v: string | null | undefined) =>
  v === null || v === undefined || v === '' ? (
    <Typography.Text type="secondary">{L.blank}</Typography.Text>
  ) : (
    v
  );

/** The props of a changed line: the theme's warning background, and a mark tests and styles can find. */
function useChangedRow() {
  const { token } = theme.useToken();
  return { style: { background: token.colorWarningBg }, 'data-changed': 'true' };
}

/** Old and new values side by side, one line per field, changed lines highlighted. */
export function DiffTable({ diff, kind }: { diff: DiffLine[]; kind: ApplicationDetail['kind'] }) {
  const changedRow = useChangedRow();
  const columns: ColumnsType<DiffLine> = [
    { title: L.field, dataIndex: 'title', width: '24%' },
    // An add has nothing before it; a delete nothing after.
    ...(kind === 'add' ? [] : [{ title: L.before, dataIndex: 'beforeText', render: blank }]),
    ...(kind === 'delete' ? [] : [{ title: L.after, dataIndex: 'afterText', render: blank }]),
  ];
  return (
    <div data-testid="apply-diff">
      <Table<DiffLine>
        size="small"
        rowKey="field"
        pagination={false}
        columns={columns}
        dataSource={diff}
        scroll={{ x: 'max-content' }}
        onRow={(r) => (r.changed && kind === 'edit' ? changedRow : {})}
      />
    </div>
  );
}

interface MergeLine {
  field: string;
  title: string;
  values: string[];
  chosen: string;
  differs: boolean;
}

/** A merge: one column per source record and the chosen value; lines where the records differ highlighted. */
export function MergeTable({ detail }: { detail: ApplicationDetail }) {
  const changedRow = useChangedRow();
  const records = detail.records ?? [];
  const chosen = detail.chosen ?? {};
  const lines: MergeLine[] = detail.fields.map((f) => {
    const values = records.map((r) => displayText(r, f.name));
    const line = detail.diff.find((d) => d.field === f.name);
    return {
      field: f.name,
      title: f.title,
      values,
      chosen:
        line?.afterText ??
        (chosen[f.name] === undefined || chosen[f.name] === null ? '' : String(chosen[f.name])),
      differs: new Set(values).size > 1,
    };
  });
  const survivor = detail.recordId;
  const columns: ColumnsType<MergeLine> = [
    { title: L.field, dataIndex: 'title', width: 120, fixed: 'left' },
    ...records.map((r: Row, i) => ({
      key: `r${i}`,
      title: `${L.record(i + 1)}${String(r.id) === survivor ? `（${L.survivor}）` : ''}`,
      render: (_: unknown, line: MergeLine) => blank(line.values[i]),
    })),
    { title: L.chosen, dataIndex: 'chosen', render: blank },
  ];
  return (
    <div data-testid="apply-diff">
      <Table<MergeLine>
        size="small"
        rowKey="field"
        pagination={false}
        columns={columns}
        dataSource={lines}
        scroll={{ x: 'max-content' }}
        onRow={(r) => (r.differs ? changedRow : {})}
      />
    </div>
  );
}
