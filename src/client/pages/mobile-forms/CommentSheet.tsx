import { Input, Modal } from 'antd';
import { useState } from 'react';
import type { PageAction } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';

const L = t.mobileForms;

export interface CommentSheetProps {
  action: PageAction;
  required: boolean;
  onCancel: () => void;
  onOk: (comment: string) => void;
}

/** The comment a transition takes (未访视 and its reason), asked on the phone before it is fired. */
export function CommentSheet({ action, required, onCancel, onOk }: CommentSheetProps) {
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const ok = () => {
    const comment = text.trim();
    if (required && !comment) {
      setMissing(true);
      return;
    }
    onOk(comment);
  };
  return (
    <Modal
      open
      centered
      title={action.title}
      okText={action.title}
      onOk={ok}
      onCancel={onCancel}
      width="92vw"
      style={{ maxWidth: 480 }}
    >
      <Input.TextArea
        autoFocus
        rows={4}
        maxLength={500}
        value={text}
        status={missing ? 'error' : undefined}
        placeholder={L.commentPlaceholder(action.title)}
        onChange={(e) => {
          setText(e.target.value);
          setMissing(false);
        }}
      />
      {missing && <div className="mobile-forms-comment-error">{L.commentRequired}</div>}
    </Modal>
  );
}
