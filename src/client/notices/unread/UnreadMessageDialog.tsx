import { Button, Empty, Modal, Space, Typography } from 'antd';
import { t } from '../../locale/zh-CN';
import { titleColor } from '../bell/colors';
import { UNREAD_MODAL_WIDTH } from '../config';
import type { Notice } from '../types';
import { canMarkAll, canNext, canPrevious } from './rules';

interface Props {
  list: Notice[];
  index: number;
  busy: boolean;
  onClose: () => void;
  onGo: (index: number) => void;
  onMarkAll: () => void;
}

/** The dialog of 近三天未读消息: one message at a time, previous / next, mark all read. */
export function UnreadMessageDialog({ list, index, busy, onClose, onGo, onMarkAll }: Props) {
  const u = t.notices.unread;
  const current = list[index];
  return (
    <Modal
      open
      title={u.title(list.length)}
      width={UNREAD_MODAL_WIDTH}
      onCancel={onClose}
      footer={
        <Space>
          <Button disabled={!canPrevious(index)} onClick={() => onGo(index - 1)}>
            {u.previous}
          </Button>
          <Button type="primary" loading={busy} disabled={!canMarkAll(list)} onClick={onMarkAll}>
            {u.markAll}
          </Button>
          <Button disabled={!canNext(index, list.length)} onClick={() => onGo(index + 1)}>
            {u.next}
          </Button>
        </Space>
      }
    >
      {current ? (
        <div className="notices-unread" data-read={current.readFlag}>
          <Typography.Title level={5} style={{ color: titleColor(current.msgColor) }}>
            {current.title}
          </Typography.Title>
          <Typography.Paragraph className="notices-unread-content">{current.content}</Typography.Paragraph>
          <Typography.Text type="secondary">
            {u.createTime}：{current.createTime}
          </Typography.Text>
          <Typography.Text type="secondary" className="notices-unread-position">
            {u.position(index + 1, list.length)}
          </Typography.Text>
        </div>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Modal>
  );
}
