import { Button, Empty, List, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DashboardNoticesCard } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';
import { openNotice } from '../../notices/bell/open-notice';
import { MY_ANNOUNCEMENTS_PATH } from '../../notices/config';
import { refreshNotices, useNoticeStore } from '../../notices/store';

/** The user's unread notices (the bell's store, so the two agree), newest first; a click opens one like the bell does. */
export function NoticesCard({ card }: { card: DashboardNoticesCard }) {
  const groups = useNoticeStore((s) => s.groups);
  const failed = useNoticeStore((s) => s.failed);
  const navigate = useNavigate();
  const d = t.charts.dashboard;
  useEffect(() => void refreshNotices(), []);
  const notices = groups
    .flatMap((g) => g.msgList)
    .sort((a, b) => b.createTime.localeCompare(a.createTime))
    .slice(0, card.limit ?? 5);
  return (
    <>
      <div style={{ display: 'flex', alignItems: 'center' }}>
        <Typography.Text strong style={{ marginRight: 'auto' }}>
          {card.title ?? d.notices}
        </Typography.Text>
        <Button type="link" size="small" onClick={() => navigate(MY_ANNOUNCEMENTS_PATH)}>
          {d.viewAllNotices}
        </Button>
      </div>
      {notices.length ? (
        <List
          size="small"
          dataSource={notices}
          renderItem={(n) => (
            <List.Item>
              <a
                href={MY_ANNOUNCEMENTS_PATH}
                onClick={(e) => {
                  e.preventDefault();
                  void openNotice(n, navigate);
                }}
                style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
              >
                {n.title}
              </a>
              <Typography.Text type="secondary" style={{ flex: 'none', marginLeft: 8 }}>
                {n.createTime.slice(0, 10)}
              </Typography.Text>
            </List.Item>
          )}
        />
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={failed ? t.notices.bell.loadFailed : d.noNotices}
        />
      )}
    </>
  );
}
