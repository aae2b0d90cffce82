import { Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { getDictItems, type DictItem } from '../../session';
import { JImageUpload } from '../../widgets/upload/JImageUpload';
import { submitFeedback, type FeedbackInput } from '../api';

const CONTENT_MAX = 2000;

/** 意见反馈: type, what happened, an optional contact and screenshots; sent to the administrators. */
export function FeedbackDialog({ open, onClose, onSubmitted }: { open: boolean; onClose: () => void; onSubmitted?: () => void }) {
  const f = t.notices.feedback;
  const [form] = Form.useForm<FeedbackInput>();
  const [types, setTypes] = useState<DictItem[]>([]);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (open) void getDictItems('feedback_type').then(setTypes);
  }, [open]);

  const submit = async () => {
    let values: FeedbackInput;
    try {
      values = await form.validateFields();
    } catch {
      // The form shows what is missing.
      return;
    }
    setSaving(true);
    try {
      feedback().message.success((await submitFeedback({ ...values, content: values.content.trim() })) || f.submitted);
      form.resetFields();
      onSubmitted?.();
      onClose();
    } catch (e) {
      if (e instanceof Error && e.message) feedback().message.error(e.message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={f.dialogTitle} okText={t.common.submit} confirmLoading={saving} onOk={() => void submit()} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="fbType" label={f.type} rules={[{ required: true, message: f.typeRequired }]}>
          <Radio.Group options={types.map((i) => ({ value: i.value, label: i.text }))} />
        </Form.Item>
        <Form.Item name="content" label={f.content} rules={[{ required: true, whitespace: true, message: f.contentRequired }]}>
          <Input.TextArea rows={5} maxLength={CONTENT_MAX} showCount placeholder={f.contentPlaceholder} />
        </Form.Item>
        <Form.Item name="contact" label={f.contact}>
          <Input maxLength={100} placeholder={f.contactPlaceholder} />
        </Form.Item>
        <Form.Item name="images" label={f.images}>
          <JImageUpload biz="notice" number={3} multiple />
        </Form.Item>
      </Form>
    </Modal>
  );
}
