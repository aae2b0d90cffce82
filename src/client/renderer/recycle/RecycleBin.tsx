import { DeleteOutlined, ReloadOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Modal, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { feedback } from '../../api/feedback';
import { useBusy } from '../../api/useBusy';
import { t } from '../../locale/zh-CN';
import { refreshDictCache } from '../../session/dicts';
import { runRequestAction } from '../actions/requests';
import type { RecycleBinCall, RecycleBinProps } from '../definition/types';
import { tableColumns } from '../list/DataTable';
import type { ActionPartProps } from '../parts/registry';
import { usePagePermissions } from '../permissions';
import { loadBin, type BinPage } from './bin-load';

type Row = Record<string, unknown>;
const L = t.recycle;
const PAGE_SIZE = 10;

/**
 * The recycle bin of a list page (part RecycleBin, page.schema.json RecycleBinProps): the deleted
 * records, chosen and restored or deleted for good after a confirmation. Any list page gets it by
 * declaring a toolbar action of kind part; after a change the page's list reloads (onDone).
 */
export default function RecycleBin({ config, onClose, onDone }: ActionPartProps) {
  const props = config.props as RecycleBinProps;
  const rowKey = props.rowKey ?? 'id';
  const perms = usePagePermissions(undefined);
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  // What was loaded, for which request: loading while the two differ (no state set inside the effect).
  const [loaded, setLoaded] = useState<{ key: string; bin: BinPage | null; error: string | null } | null>(
    null,
  );
  const [selected, setSelected] = useState<{ keys: Key[]; rows: Row[] }>({ keys: [], rows: [] });
  const [busy, run] = useBusy();
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  const key = `${pageNo}|${pageSize}|${generation}`;
  const loading = loaded?.key !== key;

  useEffect(() => {
    let alive = true;
    loadBin(props.list, pageNo, pageSize)
      .then((page) => {
        if (!alive) return;
        // A page emptied by a restore or purge: step back to the last page that has records.
        if (page.records.length === 0 && page.total > 0 && pageNo > 1)
          setPageNo(Math.ceil(page.total / pageSize));
        setLoaded({ key, bin: page, error: null });
      })
      .catch((e: unknown) => {
        if (alive) setLoaded({ key, bin: null, error: e instanceof Error ? e.message : L.loadFailed });
      });
    return () => {
      alive = false;
    };
  }, [props.list, pageNo, pageSize, key]);
  const bin = loaded?.bin ?? null;
  const error = loaded?.error ?? null;

  const columns = useMemo(() => tableColumns(props.columns, null), [props.columns]);
  const allowed = (call: RecycleBinCall) => !call.permission || perms.has(call.permission);

  const act = (call: RecycleBinCall, kind: 'restore' | 'purge') => {
    const rows = selected.rows;
    if (rows.length === 0) return feedback().message.warning(L.selectFirst);
    feedback().modal.confirm({
      title: L.confirmTitle,
      content: kind === 'restore' ? L.confirmRestore(rows.length) : L.confirmPurge(rows.length),
      okButtonProps: { danger: kind === 'purge' },
      onOk: () =>
        run(async () => {
          const action = {
            key: kind,
            title: kind === 'restore' ? L.restore : L.purge,
            kind: 'request' as const,
            ...call,
          };
          if (!(await runRequestAction(action, { selected: rows }, rowKey))) return;
          setSelected({ keys: [], rows: [] });
          reload();
          onDone();
          if (props.refreshDicts) await refreshDictCache();
        }),
    });
  };

  const records = bin?.records ?? [];
  return (
    <Modal
      open
      title={config.title ?? L.title}
      width={config.width ?? 900}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{L.close}</Button>}
      className="recycle-bin-modal"
    >
      <Space wrap style={{ marginBottom: 12 }}>
        {allowed(props.restore) && (
          <Button
            type="primary"
            icon={<UndoOutlined />}
            disabled={selected.keys.length === 0}
            loading={busy}
            onClick={() => act(props.restore, 'restore')}
          >
            {L.restore}
          </Button>
        )}
        {allowed(props.purge) && (
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.keys.length === 0}
            loading={busy}
            onClick={() => act(props.purge, 'purge')}
          >
            {L.purge}
          </Button>
        )}
        <Button icon={<ReloadOutlined />} onClick={reload} aria-label={L.refresh} />
        {selected.keys.length > 0 && (
          <Typography.Text type="secondary">{L.selected(selected.keys.length)}</Typography.Text>
        )}
      </Space>
      {error ? (
        <Alert
          type="error"
          showIcon
          message={L.loadFailed}
          description={error}
          action={
            <Button size="small" onClick={reload}>
              {L.retry}
            </Button>
          }
        />
      ) : (
        <Table<Row>
          size="middle"
          bordered
          rowKey={rowKey}
          dataSource={records}
          columns={columns}
          loading={loading}
          scroll={{ x: 'max-content', y: 420 }}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={L.empty} /> }}
          rowSelection={{
            selectedRowKeys: selected.keys,
            preserveSelectedRowKeys: false,
            onChange: (keys, rows) => setSelected({ keys, rows }),
          }}
          pagination={
            bin && bin.total > 0
              ? {
                  current: pageNo,
                  pageSize,
                  total: bin.total,
                  size: 'small',
                  showSizeChanger: true,
                  pageSizeOptions: [10, 30, 50],
                  showTotal: L.total,
                  onChange: (p, s) => {
                    setPageNo(s === pageSize ? p : 1);
                    setPageSize(s);
                    setSelected({ keys: [], rows: [] });
                  },
                }
              : false
          }
        />
      )}
    </Modal>
  );
}
