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

interface Item {
  key: string;
  title: string;
  count: number;
  path: string;
}

/** Quiet GETs: a failed count leaves its rows out rather than raising an error pop-up on a dashboard. */
const quiet = <T,>(url: string, params?: Record<string, string>) =>
  http
    .get<Envelope<T>>(url, { silent: true, params })
    .then((res) => (res.data.success ? res.data.result : null))
    .catch(() => null);

/** Workflow to-dos (rows waiting on a transition the user holds), applications to audit, feedback to handle. */
async function loadTodos(): Promise<Item[]> {
  const d = t.charts.dashboard;
  const [transitions, audits, feedback] = await Promise.all([
    quiet<Array<{ entity: string; title: string; count: number; path: string }>>('/sys/todo/transitions'),
    quiet<{ total: number }>('/sys/dataApply/list', { box: 'audit', pageSize: '1' }),
    hasPermission(FEEDBACK.permission) ? quiet<number>(FEEDBACK.url) : Promise.resolve(null),
  ]);
  return [
    ...(transitions ?? []).map((r) => ({ key: `wf-${r.entity}`, title: d.todoTransitions(r.title), count: r.count, path: r.path })),
    ...(audits && audits.total > 0
      ? [{ key: 'audits', title: d.todoAudits, count: audits.total, path: '/dynamicForm/dataApplyAudit' }]
      : []),
    ...(feedback !== null ? [{ key: 'feedback', title: d.todoFeedback, count: Number(feedback) || 0, path: FEEDBACK.path }] : []),
  ];
}

/** The user's pending items: unread messages, then what waits on him (transitions, audits, feedback). */
export function TodoCard({ card }: { card: DashboardTodoCard }) {
  const unread = useNoticeStore((s) => s.count);
  const [todos, setTodos] = useState<Item[]>([]);
  const navigate = useNavigate();
  const d = t.charts.dashboard;
  useEffect(() => {
    let alive = true;
    void loadTodos().then((items) => alive && setTodos(items));
    return () => {
      alive = false;
    };
  }, []);
  const items: Item[] = [{ key: 'messages', title: d.todoMessages, count: unread, path: MY_ANNOUNCEMENTS_PATH }, ...todos];
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
    </>
  );
}
