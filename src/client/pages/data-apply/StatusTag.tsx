import { Tag } from 'antd';
import { t } from '../../locale/zh-CN';
import type { ApplicationStatus } from './api';

const COLORS: Record<ApplicationStatus, string> = {
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
  stale: 'default',
  withdrawn: 'default',
};

/** An application's status as a coloured tag (the server's text when it sends one). */
export function StatusTag({ status, text }: { status: ApplicationStatus; text?: string | null }) {
  return (
    <Tag color={COLORS[status]} data-testid="apply-status">
      {text || t.dataApply.statuses[status] || status}
    </Tag>
  );
}
