import { List, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { DashboardTodoCard } from '../../../shared/schema-types';
import { http, type Envelope } from '../../api';
import { t } from '../../locale/zh-CN';
import { MY_ANNOUNCEMENTS_PATH } from '../../notices/config';
import { useNoticeStore } from '../../notices/store';
import { hasPermission } from '../../session';

/** The feedback handling page and the permission its count needs (feedback module). */
const FEEDBACK = {
  path: '/system/feedback/List',
  permission: 'feedback:list',
  url: '/api/sys/feedback/pendingCount',
};

/**
 * The user's pending items. For now: unread messages and feedback waiting to be handled (for those who
 * handle it); pending workflow transitions and audits join when the workflow module exists.
 */
export function TodoCard({ card }: { card: DashboardTodoCard }) {
  const unread = useNoticeStore((s) => s.count);
  const [feedback, setFeedback] = useState<number | null>(null);
  const navigate = useNavigate();
  const d = t.charts.dashboard;
  useEffect(() => {
    if (!hasPermission(FEEDBACK.permission)) return;
    let alive = true;
    // Quiet: a failed count leaves the row out rather than raising an error pop-up on the home page.
    http
      .get<Envelope<number>>(FEEDBACK.url, { silent: true })
      .then((res) => alive && res.data.success && setFeedback(Number(res.data.result) || 0))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, []);
  const items = [
    { key: 'messages', title: d.todoMessages, count: unread, path: MY_ANNOUNCEMENTS_PATH },
    ...(feedback !== null
      ? [{ key: 'feedback', title: d.todoFeedback, count: feedback, path: FEEDBACK.path }]
      : []),
  ];
  return (
    <>
      <Typography.Text strong>{card.title ?? d.todo}</Typography.Text>
      <List
        size="small"
        dataSource={items}
        renderItem={(i) => (
          <List.Item>
            <a href={i.path} onClick={(e) => (e.preventDefault(), navigate(i.path))}>
              {i.title}
            </a>
            <Typography.Text strong data-testid={`todo-${i.key}`}>
              {i.count}
            </Typography.Text>
          </List.Item>
        )}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {d.todoWorkflowLater}
      </Typography.Text>
    </>
  );
}
