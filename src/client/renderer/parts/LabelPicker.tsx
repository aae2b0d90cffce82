import { Alert, Button, Empty, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { getAction, postAction } from '../../api';
import { useBusy } from '../../api/useBusy';
import { t } from '../../locale/zh-CN';
import { report } from '../actions/requests';
import type { ActionPartProps } from './registry';

const L = t.messagesAdmin.labelPicker;

/** A label of /api/sys/label/myLabel with `checked` for the record asked about. */
interface Label {
  id: string;
  name: string;
  color: string | null;
  labelType: 'sys' | 'user';
  checked?: boolean;
}

interface LabelPickerProps {
  /** The kind of record labelled, e.g. "user". */
  bizType: string;
  /** Row field naming the record in the title (default: none). */
  nameField?: string;
}

/**
 * The labels a record carries, chosen among the caller's visible labels (the tenant's system labels and
 * his own): opened from a row action with `{"part": "LabelPicker", "props": {"bizType": "user"}}`.
 * Saving replaces only those labels; other people's private labels on the record stay.
 */
export default function LabelPicker({ config, row, onClose, onDone }: ActionPartProps) {
  const props = (config.props ?? {}) as unknown as LabelPickerProps;
  const bizId = String(row?.id ?? '');
  const [labels, setLabels] = useState<Label[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [saving, run] = useBusy();

  useEffect(() => {
    let alive = true;
    getAction<Label[]>('/api/sys/label/myLabel', { bizType: props.bizType, bizId })
      .then((res) => {
        if (!alive) return;
        if (!res.success || !Array.isArray(res.result)) return setFailed(true);
        setLabels(res.result);
        setChosen(new Set(res.result.filter((l) => l.checked).map((l) => l.id)));
      })
      .catch(() => alive && setFailed(true));
    return () => {
      alive = false;
    };
  }, [props.bizType, bizId]);

  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const save = () =>
    run(async () => {
      const res = await postAction('/api/sys/label/rlat/rlatLabel', { bizType: props.bizType, bizId, labelIds: [...chosen].join(',') });
      if (report(res, L.saved)) {
        onDone();
        onClose();
      }
    });

  const group = (type: Label['labelType'], title: string) => {
    const items = (labels ?? []).filter((l) => l.labelType === type);
    if (items.length === 0) return null;
    return (
      <div style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">{title}</Typography.Text>
        <div style={{ marginTop: 8, display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {items.map((l) => (
            <Tag.CheckableTag
              key={l.id}
              checked={chosen.has(l.id)}
              onChange={(on) => toggle(l.id, on)}
              style={{ border: `1px solid ${l.color || 'var(--ant-color-border)'}`, margin: 0 }}
              data-label-id={l.id}
            >
              {l.name}
            </Tag.CheckableTag>
          ))}
        </div>
      </div>
    );
  };

  const name = props.nameField && row ? String(row[props.nameField] ?? '') : '';
  return (
    <Modal
      open
      title={config.title ?? (name ? L.titleOf(name) : L.title)}
      width={Math.min(config.width ?? 560, window.innerWidth - 32)}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{L.cancel}</Button>
          <Button type="primary" loading={saving} disabled={!labels} onClick={() => void save()}>
            {L.save}
          </Button>
        </Space>
      }
    >
      {failed ? (
        <Alert type="error" showIcon message={L.loadFailed} />
      ) : !labels ? (
        <Spin />
      ) : labels.length === 0 ? (
        <Empty description={L.none} />
      ) : (
        <>
          {group('sys', L.system)}
          {group('user', L.personal)}
          <Typography.Text type="secondary">{L.hint}</Typography.Text>
        </>
      )}
    </Modal>
  );
}
