import { DownOutlined } from '@ant-design/icons';
import { Divider, Dropdown } from 'antd';
import { Fragment } from 'react';
import { t } from '../../locale/zh-CN';

export interface RowActionItem {
  key: string;
  label: string;
  danger?: boolean;
  onClick: () => void;
}

/** A row's links: the first `inline` ones shown, the rest under 更多. */
export function RowActions({ items, inline = 2 }: { items: RowActionItem[]; inline?: number }) {
  if (items.length === 0) return null;
  const shown = items.length <= inline ? items : items.slice(0, inline);
  const rest = items.length <= inline ? [] : items.slice(inline);
  return (
    <span className="renderer-row-actions">
      {shown.map((item, i) => (
        <Fragment key={item.key}>
          {i > 0 && <Divider type="vertical" />}
          <a onClick={item.onClick} style={item.danger ? { color: 'var(--ant-color-error)' } : undefined}>
            {item.label}
          </a>
        </Fragment>
      ))}
      {rest.length > 0 && (
        <>
          <Divider type="vertical" />
          <Dropdown
            menu={{
              items: rest.map((item) => ({ key: item.key, label: item.label, danger: item.danger })),
              onClick: ({ key }) => rest.find((item) => item.key === key)?.onClick(),
            }}
          >
            <a>
              {t.renderer.table.more} <DownOutlined />
            </a>
          </Dropdown>
        </>
      )}
    </span>
  );
}
