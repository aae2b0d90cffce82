import { Descriptions, Drawer, Modal, Tabs } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useDevice } from '../../layout/device';
import { t } from '../../locale/zh-CN';
import type { PageColumn, PageDetail } from '../definition/types';
import { Cell } from '../list/cells';
import { DetailChildren } from './DetailChildren';
import { ChangeHistory } from '../history/ChangeHistory';

type Row = Record<string, unknown>;

// A form document is shown as its form: the form stack loads only for a detail that has one.
const FormDocumentView = lazy(() =>
  import('../../widgets/form-document/FormDocumentView').then((m) => ({ default: m.FormDocumentView })),
);

export const MAX_DETAIL_COLUMNS = 4;

export interface DetailItem {
  name: string;
  title: string;
  dict?: string;
  span?: number;
  format?: PageColumn['format'];
  /** A form document: its row's code and version fields. */
  form?: { codeField: string; versionField: string };
}

/** The detail fields: declared, else the visible table columns. */
export function detailItems(detail: PageDetail | undefined, columns: readonly PageColumn[]): DetailItem[] {
  if (detail?.fields?.length) return detail.fields;
  return columns.map((c) => ({ name: c.dataIndex, title: c.title, dict: c.dict, format: c.format }));
}

/** Columns of the layout: declared (default 2), never more than 4 (spec §9). */
export function detailColumns(detail: PageDetail | undefined): number {
  return Math.min(MAX_DETAIL_COLUMNS, Math.max(1, detail?.columns ?? 2));
}

export function DetailDescriptions({
  row,
  items,
  columns,
  entity,
}: {
  row: Row;
  items: DetailItem[];
  columns: number;
  /** The row's entity: a form document missing from a list row is read with the record. */
  entity?: string;
}) {
  // A phone has room for one label and its value per line; more columns squeeze both unreadable.
  const shown = useDevice() === 'mobile' ? 1 : columns;
  return (
    <Descriptions bordered size="small" column={shown}>
      {items.map((item) => (
        <Descriptions.Item key={item.name} label={item.title} span={Math.min(item.span ?? 1, shown)}>
          {item.form ? (
            <Suspense fallback={null}>
              <FormDocumentView row={row} name={item.name} form={item.form} entity={entity} />
            </Suspense>
          ) : (
            <Cell row={row} field={item.name} dict={item.dict} format={item.format} ellipsis={false} />
          )}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

export interface DetailViewProps {
  row: Row | null;
  detail?: PageDetail;
  columns: readonly PageColumn[];
  title?: string;
  /** The page's entity: its child tables (master-detail) are shown under the fields. */
  entity?: string;
  /** The table whose change history a 变更记录 tab shows (the entity, or a system table). */
  historyTable?: string;
  /** Buttons under the fields (the row's transitions). */
  actions?: ReactNode;
  onClose: () => void;
}

/** A row's detail in a modal (or drawer), as labelled values in up to four columns. */
export function DetailView({ row, detail, columns, title, entity, historyTable = entity, actions, onClose }: DetailViewProps) {
  const items = detailItems(detail, columns);
  const fields = row ? (
    <>
      <DetailDescriptions row={row} items={items} columns={detailColumns(detail)} entity={entity} />
      {entity && row.id ? <DetailChildren entity={entity} id={String(row.id)} /> : null}
    </>
  ) : null;
  // A record's detail also shows its change history (issue 16 §2).
  const body =
    row && historyTable && row.id ? (
      <Tabs
        items={[
          { key: 'detail', label: t.history.detailTab, children: fields },
          { key: 'history', label: t.history.tab, children: <ChangeHistory table={historyTable} recordId={String(row.id)} /> },
        ]}
      />
    ) : (
      fields
    );
  const heading = title ?? t.renderer.form.detailTitle;
  if (detail?.mode === 'drawer') {
    return (
      <Drawer
        title={heading}
        open={!!row}
        width={detail.width ?? 800}
        onClose={onClose}
        extra={actions}
        destroyOnHidden
      >
        {body}
      </Drawer>
    );
  }
  return (
    <Modal
      title={heading}
      open={!!row}
      width={detail?.width ?? 900}
      onCancel={onClose}
      footer={actions ?? null}
      destroyOnHidden
    >
      {body}
    </Modal>
  );
}
