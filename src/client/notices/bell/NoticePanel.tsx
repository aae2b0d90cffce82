import { Button, Empty, List, Spin, Tabs, Typography } from 'antd';
import { t } from '../../locale/zh-CN';
import type { Notice, NoticeGroup } from '../types';
import { titleColor } from './colors';

interface Props {
  groups: NoticeGroup[];
  loading: boolean;
  failed: boolean;
  onPick: (notice: Notice) => void;
  onViewMore: () => void;
}

/** The popover of the bell (spec §2): a tab per classification, newest unread messages, "view more". */
export function NoticePanel({ groups, loading, failed, onPick, onViewMore }: Props) {
  const b = t.notices.bell;
  const body =
    groups.length === 0 ? (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={failed ? b.loadFailed : b.empty} />
    ) : (
      <Tabs
        size="small"
        items={groups.map((g) => ({
          key: g.classify,
          label: b.tab(g.classifyName, g.unreadCount),
          children: (
            <List<Notice>
              size="small"
              dataSource={g.msgList}
              renderItem={(n) => (
                <List.Item className="notices-item" onClick={() => onPick(n)} role="button" tabIndex={0} onKeyDown={(e) => e.key === 'Enter' && onPick(n)}>
                  <div className="notices-item-body">
                    <Typography.Text type="secondary" className="notices-item-time">
                      {n.createTime}
                    </Typography.Text>
                    <div className="notices-item-title" style={{ color: titleColor(n.msgColor) }}>
                      {n.title}
                    </div>
                    {n.content ? <div className="notices-item-content">{n.content}</div> : null}
                  </div>
                </List.Item>
              )}
            />
          ),
        }))}
      />
    );
  return (
    <div className="notices-panel">
      <Spin spinning={loading && groups.length === 0} tip={b.loading}>
        {body}
      </Spin>
      <div className="notices-panel-footer">
        <Button type="link" size="small" onClick={onViewMore}>
          {b.viewMore}
        </Button>
      </div>
    </div>
  );
}
