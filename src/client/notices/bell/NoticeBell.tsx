import { BellOutlined } from '@ant-design/icons';
import { Badge, Popover, Spin } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { t } from '../../locale/zh-CN';
import { MY_ANNOUNCEMENTS_PATH, POPOVER_WIDTH } from '../config';
import { refreshNotices, useNoticeStore } from '../store';
import type { Notice } from '../types';
import { onDemand } from '../../router/lazy';
import { OnDemand } from '../../router/OnDemand';
import { openNotice } from './open-notice';

// The popover's list (tabs, list, empty state) loads when the bell is first opened; pointing at the
// bell starts the load. The badge with the unread count is here from the start.
const NoticePanel = onDemand(() => import('./NoticePanel'), 'NoticePanel');

/** The popover while its list's code loads. */
function PanelLoading() {
  return (
    <Spin tip={t.notices.bell.loading}>
      <div className="notices-panel-loading" />
    </Spin>
  );
}

/**
 * The header bell: unread badge and the notice popover. Clicking a message follows its redirect,
 * marks it read and refreshes the count (spec §4).
 */
export function NoticeBell() {
  const groups = useNoticeStore((s) => s.groups);
  const count = useNoticeStore((s) => s.count);
  const loading = useNoticeStore((s) => s.loading);
  const failed = useNoticeStore((s) => s.failed);
  const connected = useNoticeStore((s) => s.connected);
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (next) void refreshNotices();
  };

  const onPick = async (notice: Notice) => {
    setOpen(false);
    await openNotice(notice, navigate);
  };

  const onViewMore = () => {
    setOpen(false);
    navigate(MY_ANNOUNCEMENTS_PATH);
  };

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottomRight"
      styles={{ root: { width: POPOVER_WIDTH } }}
      content={
        <OnDemand when={open} fallback={<PanelLoading />} onFailed={() => setOpen(false)}>
          <NoticePanel groups={groups} loading={loading} failed={failed} onPick={(n) => void onPick(n)} onViewMore={onViewMore} />
        </OnDemand>
      }
    >
      <button
        type="button"
        className="notices-bell"
        onPointerEnter={() => NoticePanel.preload().catch(() => undefined)}
        aria-label={t.notices.bell.ariaLabel(count)}
        title={connected ? undefined : t.notices.bell.polling}
        data-live={connected ? 'on' : 'off'}
      >
        <Badge count={count} size="small" overflowCount={99}>
          <BellOutlined className="notices-bell-icon" />
        </Badge>
      </button>
    </Popover>
  );
}
