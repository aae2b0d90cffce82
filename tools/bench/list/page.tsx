import { Table } from 'antd';
import { createRoot } from 'react-dom/client';
import '../../../src/client/global.css';
import { ThemeProvider } from '../../../src/client/layout/settings/ThemeProvider';
import { DataTable } from '../../../src/client/renderer/list/DataTable';
import type { RowActions as RowActionsConfig } from '../../../src/client/renderer/definition/types';
import { rowActionItems, type RowHandlers } from '../../../src/client/renderer/list/row-items';
import { frameRecorder, recordLongTasks, startMount, whenPainted, type LongTask } from '../page-probe';
import './api';
import { listColumns, listRows } from './data';

/**
 * The console's list table (DataTable: antd Table, `virtual`, our cells) with N rows × 12 columns, the
 * data in memory before render. Variant `plain` is the table alone (tier T1 as peers measure it);
 * `console` adds what a list page shows by default: the selection column and a row-actions column;
 * `antd` is the peer: antd's own Table with `virtual` and plain columns, none of our code.
 */
const params = new URLSearchParams(location.search);
const count = Number(params.get('rows') ?? 10000);
const variant = (['antd', 'console'] as const).find((v) => v === params.get('variant')) ?? 'plain';
const rows = listRows(count);
const columns = listColumns();
const noop = () => undefined;
/** The row links of a typical list definition, through the same gate as ListPage (every permission held). */
const ROW_ACTIONS: RowActionsConfig = { edit: true, detail: true, delete: true };
const handlers: RowHandlers = {
  has: () => true,
  isTree: false,
  edit: noop,
  addChild: noop,
  detail: noop,
  remove: noop,
  run: noop,
};

const longTasks: LongTask[] = [];
recordLongTasks(longTasks);
const body = () =>
  (document.querySelector('.ant-table-tbody-virtual-holder') ??
    document.querySelector('.ant-table-body')) as HTMLElement;
const centre = () => {
  const r = body().getBoundingClientRect();
  return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
};
const rowAt = (x: number, y: number) => document.elementFromPoint(x, y)?.closest('[data-row-key]') ?? null;

const frames: number[] = [];
let blank = 0;
let probe = { x: 0, y: 0 };
const recorder = frameRecorder(frames, () => {
  if (!rowAt(probe.x, probe.y)?.textContent) blank++;
});

startMount();
const mounted = whenPainted(
  () => !!document.querySelector('[data-row-key="row0"]')?.textContent?.includes('r0c0'),
);
window.__list = {
  variant,
  rows: count,
  production: import.meta.env.PROD,
  mounted,
  longTasks,
  frames,
  get blankFrames() {
    return blank;
  },
  startFrames() {
    probe = centre();
    blank = 0;
    recorder.start();
  },
  stopFrames: recorder.stop,
  bodyCentre: centre,
  firstVisibleRow() {
    const r = body().getBoundingClientRect();
    return rowAt(r.left + r.width / 2, r.top + 5)?.getAttribute('data-row-key') ?? null;
  },
};

const peer = (
  <Table
    rowKey="id"
    dataSource={rows}
    columns={columns.map((c) => ({
      key: c.dataIndex,
      dataIndex: c.dataIndex,
      title: c.title,
      width: c.width,
    }))}
    pagination={false}
    virtual
    scroll={{ x: columns.length * 120, y: 600 }}
    // The console's default density, so both draw as many rows.
    size="middle"
  />
);

createRoot(document.getElementById('root') as HTMLElement).render(
  <ThemeProvider>
    <div className="renderer-list-page" style={{ padding: 12 }}>
      {variant === 'antd' ? (
        peer
      ) : (
        <DataTable
          rows={rows}
          rowKey="id"
          columns={columns}
          loading={false}
          sort={null}
          paging={{ pageNo: 1, pageSize: count, total: count }}
          onChange={noop}
          virtual
          scrollY={600}
          selection={variant === 'console' ? { keys: [], onChange: noop } : undefined}
          actions={
            variant === 'console'
              ? { width: 160, inline: 2, items: (row) => rowActionItems(ROW_ACTIONS, row, handlers) }
              : undefined
          }
        />
      )}
    </div>
  </ThemeProvider>,
);
