import { Form, Input, Modal } from 'antd';
import { t } from '../../locale/zh-CN';
import { designerForm } from './api';

const L = t.formDesign;
/** As form.schema.json's `code`. */
const CODE = /^[a-z][a-z0-9_]{1,39}$/;

export interface NewForm {
  code: string;
  title: string;
}

/** 新建 / 复制为新表单: the new form's code and title (the server refuses a code already used). */
export function NewFormDialog({
  copyOf,
  onOk,
  onCancel,
}: {
  copyOf?: { code: string; title: string };
  onOk: (v: NewForm) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<NewForm>();
  return (
    <Modal
      open
      title={copyOf ? L.copyTitle : L.newTitle}
      onCancel={onCancel}
      // A refusal is shown under its field.
      onOk={() => void form.validateFields().then(onOk, () => undefined)}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={copyOf ? { code: `${copyOf.code}_copy`.slice(0, 40), title: copyOf.title } : {}}
      >
        <Form.Item
          name="code"
          label={L.code}
          extra={L.codeHint}
          rules={[
            { required: true, message: L.codeRequired },
            { pattern: CODE, message: L.codeInvalid },
            {
              // 新建 must not open (and then overwrite) a form that exists: the code is the form's identity.
              validator: async (_, code: string) => {
                if (code && CODE.test(code) && (await designerForm(code))) throw new Error(L.codeUsed);
              },
            },
          ]}
          validateTrigger="onBlur"
        >
          <Input autoFocus />
        </Form.Item>
        <Form.Item
          name="title"
          label={L.title}
          rules={[{ required: true, whitespace: true, message: L.titleRequired }]}
        >
          <Input maxLength={60} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
