import { Form, Input } from 'antd';
import { useDevice } from '../../layout/device';
import { t } from '../../locale/zh-CN';

const L = t.dataApply.form;

/** 申请原因 under an application's form (at most 500 characters, as the server takes it). */
export function ReasonInput({
  value,
  onChange,
  required,
  error,
  grid,
}: {
  value: string;
  onChange: (v: string) => void;
  required?: boolean;
  error?: boolean;
  /** Under a definition's form: its label and input columns (of 24), so the reason lines up with the fields. */
  grid?: { label: number; wrapper: number };
}) {
  const phone = useDevice() === 'mobile';
  const aligned = grid && !phone;
  return (
    <Form
      component="div"
      {...(aligned
        ? {
            layout: 'horizontal' as const,
            labelCol: { span: grid.label },
            wrapperCol: { span: grid.wrapper },
          }
        : { layout: 'vertical' as const })}
    >
      <Form.Item
        label={L.reason}
        required={required}
        validateStatus={error ? 'error' : undefined}
        help={error ? L.reasonRequired : undefined}
      >
        <Input.TextArea
          rows={3}
          maxLength={500}
          showCount
          value={value}
          placeholder={L.reasonPlaceholder}
          onChange={(e) => onChange(e.target.value)}
        />
      </Form.Item>
    </Form>
  );
}
