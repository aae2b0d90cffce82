import { Avatar, Card, Descriptions, Space, Typography } from 'antd';
import { useDevice } from '../../layout/device';
import { Cell, displayText } from '../list/cells';
import type { PageDefinition } from '../definition/types';
import { headerItems } from './record-page';

type Row = Record<string, unknown>;

/** The record's header card: an avatar (image field or first letter), the page title and the header fields. */
export function RecordHeader({ page, row }: { page: PageDefinition; row: Row }) {
  const mobile = useDevice() === 'mobile';
  const items = headerItems(page);
  const avatarField = page.record?.avatarField;
  const hasImage = !!avatarField && !!row[avatarField];
  const first = items[0] ? displayText(row, items[0].name) : '';
  return (
    <Card size="small" className="record-header" data-testid="record-header">
      <Space align="start" size={16} style={{ width: '100%' }}>
        {hasImage ? (
          <div className="record-avatar-image">
            <Cell row={row} field={avatarField} format="image" />
          </div>
        ) : (
          <Avatar size={mobile ? 48 : 64} style={{ flex: 'none' }}>
            {first.slice(0, 1)}
          </Avatar>
        )}
        <div style={{ minWidth: 0, flex: 1 }}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {page.title}
          </Typography.Title>
          <Descriptions size="small" column={mobile ? 1 : { xs: 1, sm: 2, md: 3, xl: 4 }}>
            {items.map((item) => (
              <Descriptions.Item key={item.name} label={item.title}>
                <Cell row={row} field={item.name} dict={item.dict} format={item.format} ellipsis={false} />
              </Descriptions.Item>
            ))}
          </Descriptions>
        </div>
      </Space>
    </Card>
  );
}
