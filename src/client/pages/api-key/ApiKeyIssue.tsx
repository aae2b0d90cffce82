import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Typography } from 'antd';
import { getAction, postAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import type { ActionPartProps } from '../../renderer/parts/registry';

const L = t.apiKey;

interface Option {
  value: string;
  text: string;
}
interface Options {
  organisations: Option[];
  entities: Option[];
}
interface IssueForm {
  name: string;
  orgId: string;
  entities: string[];
}

const choices = (options: Option[]) => options.map((o) => ({ value: o.value, label: o.text }));

/**
 * 新建密钥 on the device key page (part ApiKeyIssue): name, organisation and entities, then the new key
 * shown once with a copy button — the server keeps only its hash, so closing the dialog loses it.
 */
export default function ApiKeyIssue({ config, onClose, onDone }: ActionPartProps) {
  const [form] = Form.useForm<IssueForm>();
  const [options, setOptions] = useState<Options | null>(null);
  const [saving, setSaving] = useState(false);
  const [key, setKey] = useState<string | null>(null);

  useEffect(() => {
    let alive = true;
    void getAction<Options>('/sys/apiKey/options').then((res) => {
      if (!alive) return;
      if (!res.success || !res.result) {
        feedback().message.error(res.message || L.loadFailed);
        onClose();
        return;
      }
      setOptions(res.result);
      // One organisation (an organisation's manager) is chosen for him.
      if (res.result.organisations.length === 1) form.setFieldValue('orgId', res.result.organisations[0].value);
    });
    return () => {
      alive = false;
    };
  }, [form, onClose]);

  const submit = async (values: IssueForm) => {
    setSaving(true);
    try {
      const res = await postAction<{ id: string; key: string }>('/sys/apiKey/add', values);
      if (res.success && res.result) {
        setKey(res.result.key);
        onDone();
      } else feedback().message.error(res.message);
    } finally {
      setSaving(false);
    }
  };

  if (key)
    return (
      <Modal open title={L.createdTitle} width={config.width ?? 560} onCancel={onClose} maskClosable={false} footer={<Button type="primary" onClick={onClose}>{L.close}</Button>}>
        <Alert type="warning" showIcon message={L.createdHint} style={{ marginBottom: 16 }} />
        <Typography.Paragraph code copyable={{ text: key, tooltips: [L.copy, L.copied] }} data-testid="api-key-value" style={{ wordBreak: 'break-all' }}>
          {key}
        </Typography.Paragraph>
      </Modal>
    );

  return (
    <Modal
      open
      title={config.title ?? L.issueTitle}
      width={config.width ?? 560}
      onCancel={onClose}
      okText={L.create}
      confirmLoading={saving}
      onOk={() => form.submit()}
      loading={!options}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="name" label={L.name} rules={[{ required: true, whitespace: true, message: L.nameRequired }, { max: 50 }]}>
          <Input placeholder={L.namePlaceholder} maxLength={50} />
        </Form.Item>
        <Form.Item name="orgId" label={L.organisation} rules={[{ required: true, message: L.organisationRequired }]}>
          <Select options={choices(options?.organisations ?? [])} />
        </Form.Item>
        <Form.Item name="entities" label={L.entities} rules={[{ required: true, message: L.entitiesRequired }]}>
          <Select mode="multiple" options={choices(options?.entities ?? [])} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
