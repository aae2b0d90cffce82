import {
  DeleteOutlined,
  DownOutlined,
  DownloadOutlined,
  PlusOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { Alert, Button, Dropdown, Space } from 'antd';
import type { ReactNode } from 'react';
import { t } from '../../locale/zh-CN';

const L = t.renderer.toolbar;

export interface ToolbarButtonSpec {
  key: string;
  title: string;
  danger?: boolean;
  primary?: boolean;
  onClick: () => void;
}

/** An analysis export: Excel or CSV, option values as text or as the stored codes. */
export interface ExportChoice {
  format: 'xlsx' | 'csv';
  formValues: 'text' | 'code';
}

const CHOICES: Array<{ key: string; choice: ExportChoice }> = [
  { key: 'xlsx-code', choice: { format: 'xlsx', formValues: 'code' } },
  { key: 'csv-text', choice: { format: 'csv', formValues: 'text' } },
  { key: 'csv-code', choice: { format: 'csv', formValues: 'code' } },
];

export interface ToolbarProps {
  add?: { title?: string; onClick: () => void } | null;
  batchDelete?: { title?: string; onClick: () => void } | null;
  /** With `choices`, a menu beside the button offers the other formats (the button: Excel, texts). */
  exportXls?: { title?: string; choices?: boolean; onClick: (choice?: ExportChoice) => void } | null;
  importXls?: { title?: string; onClick: () => void } | null;
  custom: ToolbarButtonSpec[];
  /** The advanced query button, when the page has one. */
  superQuery?: ReactNode;
  /** A quick filter (a workflow's 待我处理). */
  filter?: ReactNode;
  selectedCount: number;
  onClearSelection: () => void;
  /** The icons at the right (refresh, density, column settings, full screen). */
  tools?: ReactNode;
}

/** The buttons above the table, then the selection count (spec §2). */
export function Toolbar({
  add,
  batchDelete,
  exportXls,
  importXls,
  custom,
  superQuery,
  filter,
  selectedCount,
  onClearSelection,
  tools,
}: ToolbarProps) {
  return (
    <div className="renderer-toolbar" style={{ marginBottom: 12 }}>
      <div className="renderer-toolbar-row">
        <Space wrap>
          {add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={add.onClick}>
              {add.title ?? L.add}
            </Button>
          )}
          {exportXls &&
            (exportXls.choices ? (
              <Space.Compact>
                <Button icon={<DownloadOutlined />} onClick={() => exportXls.onClick()}>
                  {exportXls.title ?? L.export}
                </Button>
                <Dropdown
                  trigger={['click']}
                  menu={{
                    items: CHOICES.map(({ key }) => ({
                      key,
                      label: L.exportChoices[key as keyof typeof L.exportChoices],
                    })),
                    onClick: ({ key }) => exportXls.onClick(CHOICES.find((c) => c.key === key)?.choice),
                  }}
                >
                  <Button icon={<DownOutlined />} aria-label={L.exportMore} />
                </Dropdown>
              </Space.Compact>
            ) : (
              <Button icon={<DownloadOutlined />} onClick={() => exportXls.onClick()}>
                {exportXls.title ?? L.export}
              </Button>
            ))}
          {importXls && (
            <Button icon={<UploadOutlined />} onClick={importXls.onClick}>
              {importXls.title ?? L.import}
            </Button>
          )}
          {custom.map((b) => (
            <Button
              key={b.key}
              danger={b.danger}
              type={b.primary ? 'primary' : 'default'}
              onClick={b.onClick}
            >
              {b.title}
            </Button>
          ))}
          {superQuery}
          {filter}
          {batchDelete && (
            <Button danger icon={<DeleteOutlined />} onClick={batchDelete.onClick}>
              {batchDelete.title ?? L.batchDelete}
            </Button>
          )}
        </Space>
        {tools}
      </div>
      {selectedCount > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          message={
            <span>
              {L.selected(selectedCount)}
              <a style={{ marginLeft: 24 }} onClick={onClearSelection}>
                {L.clearSelection}
              </a>
            </span>
          }
        />
      )}
    </div>
  );
}
