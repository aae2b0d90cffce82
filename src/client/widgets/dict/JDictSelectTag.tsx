import { Radio, Select } from 'antd';
import { t } from '../../locale/zh-CN';
import { joinValues, splitValues } from '../picker-kit/values';
import { DictCodeMissing } from './DictCodeMissing';
import { useDictOptions } from './useDictOptions';

export interface JDictSelectTagProps {
  value?: string | number | null;
  onChange?: (value: string | undefined) => void;
  /** Dictionary code, or a table dictionary 'table,text,code'. */
  dictCode?: string;
  /** 'select' (default), 'radio' or 'radioButton'. */
  type?: 'select' | 'radio' | 'radioButton' | 'list';
  /** Static options instead of a dictionary. */
  options?: Array<{ value: string | number; label?: string; text?: string }>;
  /** Several values, comma-joined (select only). */
  multiple?: boolean;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
}

/** Dictionary select as a drop-down, radios or radio buttons (spec §2). */
export function JDictSelectTag({ value, onChange, dictCode, type = 'select', options, multiple, placeholder, disabled, allowClear = true }: JDictSelectTagProps) {
  const dict = useDictOptions(dictCode, options);
  if (dict.missingCode) return <DictCodeMissing />;
  const current = value === null || value === undefined || value === '' ? undefined : String(value);
  if (type === 'radio' || type === 'radioButton') {
    const Item = type === 'radioButton' ? Radio.Button : Radio;
    return (
      <Radio.Group value={current} disabled={disabled} onChange={(e) => onChange?.(e.target.value as string)}>
        {dict.options.map((o) => (
          <Item key={o.value} value={o.value}>
            {o.label}
          </Item>
        ))}
      </Radio.Group>
    );
  }
  return (
    <Select
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? splitValues(current) : current}
      loading={dict.loading}
      disabled={disabled}
      allowClear={allowClear}
      showSearch
      optionFilterProp="label"
      listHeight={200}
      placeholder={placeholder ?? t.widgets.pleaseSelect}
      options={dict.options}
      onChange={(v: string | string[] | undefined) => onChange?.(Array.isArray(v) ? joinValues(v) : v)}
    />
  );
}
