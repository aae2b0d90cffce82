import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { putAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';

interface Values {
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

/** 修改密码 (spec §5): old, new and confirmation required; confirmation must match. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const p = t.shell.password;

  const submit = async () => {
    // Invalid fields show their messages in the form.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      const res = await putAction<string>('/sys/user/updatePassword', values);
      if (res.success) {
        feedback().message.success(res.message || p.done);
        form.resetFields();
        onClose();
      } else {
        feedback().message.warning(res.message);
      }
    } catch {
      // The error catalogue has told the user.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={p.title} width={520} confirmLoading={busy} onOk={submit} onCancel={onClose} destroyOnHidden>
      <Form form={form} labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} preserve={false}>
        <Form.Item name="oldpassword" label={p.old} rules={[{ required: true, message: p.oldRequired }]}>
          <Input.Password autoComplete="current-password" placeholder={p.oldRequired} />
        </Form.Item>
        <Form.Item
          name="password"
          label={p.new}
          rules={[
            { required: true, message: p.newRequired },
            { min: 8, message: p.minLength },
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder={p.newRequired} />
        </Form.Item>
        <Form.Item
          name="confirmpassword"
          label={p.confirm}
          dependencies={['password']}
          rules={[
            { required: true, message: p.confirmRequired },
            ({ getFieldValue }) => ({
              validator: (_r, v: string) =>
                !v || v === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(p.mismatch)),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" placeholder={p.confirmRequired} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
