import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { t } from '../../locale/zh-CN';
import type { Depart, Tenant } from '../../session/types';

interface Props {
  open: boolean;
  title: string;
  departs: Depart[];
  tenants?: Tenant[];
  current?: string | null;
  /** At sign-in the choice is required: no cancel. */
  required?: boolean;
  onOk: (choice: { orgCode?: string; tenantId?: string | number }) => Promise<void> | void;
  onCancel?: () => void;
}

/** Picks the current department (and tenant when there are several) — spec §6, protocol §2.4. */
export function DepartSelectModal({ open, title, departs, tenants = [], current, required, onOk, onCancel }: Props) {
  const [form] = Form.useForm<{ orgCode?: string; tenantId?: string | number }>();
  const [busy, setBusy] = useState(false);
  const askDepart = departs.length > 1;
  const askTenant = tenants.length > 1;

  useEffect(() => {
    if (open) form.setFieldsValue({ orgCode: current ?? undefined, tenantId: undefined });
  }, [open, current, form]);

  const submit = async () => {
    // Invalid fields show their messages in the form.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setBusy(true);
    try {
      await onOk(values);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={500}
      closable={!required}
      maskClosable={false}
      keyboard={!required}
      cancelButtonProps={required ? { style: { display: 'none' } } : undefined}
      confirmLoading={busy}
      onOk={submit}
      onCancel={() => onCancel?.()}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        {askDepart || !askTenant ? (
          <Form.Item name="orgCode" label={t.shell.depart.label} rules={[{ required: true, message: t.shell.depart.required }]}>
            <Select
              placeholder={t.shell.depart.placeholder}
              options={departs.map((d) => ({ value: d.orgCode, label: d.departName }))}
            />
          </Form.Item>
        ) : null}
        {askTenant ? (
          <Form.Item name="tenantId" label={t.shell.depart.tenant} rules={[{ required: true, message: t.shell.depart.tenantRequired }]}>
            <Select placeholder={t.shell.depart.tenantPlaceholder} options={tenants.map((x) => ({ value: x.id, label: x.name }))} />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
