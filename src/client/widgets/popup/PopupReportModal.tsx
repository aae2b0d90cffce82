import { Modal } from 'antd';
import { useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { ReportQueryForm } from './ReportQueryForm';
import { ReportTable, type ReportRecord } from './ReportTable';
import { useReport } from './useReport';

/** Spec §9: the popup report dialog is 1200 wide. */
export const POPUP_WIDTH = 1200;

export type PopupRecord = ReportRecord;

export interface PopupReportModalProps {
  open: boolean;
  /** Report code (schemas/reports). */
  code: string;
  multi?: boolean;
  /** Report parameters, sent as `self_<name>` (and pre-filling a query item of the same name). */
  param?: Record<string, unknown>;
  /** Default sort, 'column=asc|desc'. */
  sorter?: string;
  /** Answers are reused for 30 s within a group. */
  groupId?: string;
  onOk: (records: PopupRecord[]) => void;
  onCancel: () => void;
}

/**
 * The popup report picker (spec §4): opening loads the report's columns, then its query items, then the
 * first page; the user filters, sorts, pages and chooses one record (or several). Closing forgets the
 * choice (the dialog is destroyed).
 */
export function PopupReportModal({
  open,
  code,
  multi = false,
  param,
  sorter,
  groupId,
  onOk,
  onCancel,
}: PopupReportModalProps) {
  const p = t.editable.popup;
  const report = useReport(code, { enabled: open, param, sorter, groupId });
  const [selected, setSelected] = useState<Record<string, PopupRecord>>({});
  const keys = Object.keys(selected);

  const ok = () => {
    const chosen = Object.values(selected);
    if (chosen.length === 0 || (!multi && chosen.length !== 1)) {
      feedback().message.warning(p.selectOne);
      return;
    }
    onOk(chosen);
  };

  return (
    <Modal
      title={report.head?.cgRpConfigName || p.placeholder}
      open={open}
      width={POPUP_WIDTH}
      destroyOnHidden
      onOk={ok}
      onCancel={onCancel}
      okText={t.common.ok}
      cancelText={t.common.cancel}
    >
      <ReportQueryForm
        items={report.items}
        options={report.itemOptions}
        initial={report.query}
        onSearch={report.search}
      />
      {multi && keys.length > 0 ? <div style={{ marginBottom: 8 }}>{p.selected(keys.length)}</div> : null}
      <ReportTable
        report={report}
        selection={{
          type: multi ? 'checkbox' : 'radio',
          selectedRowKeys: keys,
          preserveSelectedRowKeys: true,
          onChange: (next, rows) =>
            setSelected((prev) =>
              Object.fromEntries(
                next.map((k, i) => [String(k), rows[i]?.record ?? prev[String(k)]]).filter(([, r]) => r),
              ),
            ),
        }}
        onRowClick={(row) =>
          setSelected((prev) => {
            if (!multi) return { [row.key]: row.record };
            const next = { ...prev };
            if (next[row.key]) delete next[row.key];
            else next[row.key] = row.record;
            return next;
          })
        }
      />
    </Modal>
  );
}
