import { Button, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { t } from '../../locale/zh-CN';
import { CronEditor } from './CronEditor';

export interface JEasyCronProps {
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

/** The cron field: the expression as text, and a dialog with the full editor. Loaded on first use. */
export default function JEasyCron({ value, onChange, placeholder, disabled, readOnly }: JEasyCronProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value ?? '');
  const c = t.widgets.cron;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={value ?? ''}
          placeholder={placeholder ?? '* * * * * ? *'}
          disabled={disabled}
          readOnly={readOnly}
          onChange={(e) => onChange?.(e.target.value)}
        />
        <Button
          disabled={disabled || readOnly}
          onClick={() => {
            setDraft(value ?? '');
            setOpen(true);
          }}
        >
          {c.open}
        </Button>
      </Space.Compact>
      <Modal
        title={c.title}
        open={open}
        width={800}
        destroyOnHidden
        onCancel={() => setOpen(false)}
        onOk={() => {
          onChange?.(draft);
          setOpen(false);
        }}
      >
        <CronEditor value={value ?? ''} onChange={setDraft} />
      </Modal>
    </>
  );
}
