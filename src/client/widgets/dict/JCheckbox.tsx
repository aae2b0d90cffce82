import { Checkbox } from 'antd';
import { joinValues, splitValues } from '../picker-kit/values';
import { DictCodeMissing } from './DictCodeMissing';
import { useDictOptions } from './useDictOptions';

export interface JCheckboxProps {
  /** Checked values, comma-joined. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Static options, or use dictCode. */
  options?: Array<{ value: string | number; label?: string; text?: string }>;
  dictCode?: string;
  disabled?: boolean;
}

/** Checkbox group whose value is comma-joined (spec §2, §9). */
export function JCheckbox({ value, onChange, options, dictCode, disabled }: JCheckboxProps) {
  const dict = useDictOptions(dictCode, options);
  if (dict.missingCode) return <DictCodeMissing />;
  return (
    <Checkbox.Group
      value={splitValues(value)}
      disabled={disabled}
      options={dict.options}
      onChange={(checked) => onChange?.(joinValues((checked as string[]).map(String)))}
    />
  );
}
