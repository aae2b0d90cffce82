import { Button, Select, Space } from 'antd';
import { t } from '../../locale/zh-CN';

export interface PickerInputProps {
  /** Chosen values in order. */
  values: string[];
  /** Label per value; values without one show as they are. */
  labels: Record<string, string>;
  onRemove: (value: string) => void;
  onOpen: () => void;
  placeholder?: string;
  disabled?: boolean;
  /** Text of the open button. */
  buttonText?: string;
}

/** What a picker field shows in the form: the chosen items as removable tags and a button that opens the dialog. */
export function PickerInput({ values, labels, onRemove, onOpen, placeholder, disabled, buttonText }: PickerInputProps) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Select
        mode="multiple"
        open={false}
        style={{ width: '100%' }}
        value={values}
        placeholder={placeholder ?? t.widgets.pleaseSelect}
        disabled={disabled}
        options={values.map((v) => ({ value: v, label: labels[v] ?? v }))}
        onDeselect={(v: string) => onRemove(v)}
        onClick={() => !disabled && onOpen()}
        removeIcon={disabled ? null : undefined}
        suffixIcon={null}
      />
      <Button disabled={disabled} onClick={onOpen}>
        {buttonText ?? t.widgets.choose}
      </Button>
    </Space.Compact>
  );
}
