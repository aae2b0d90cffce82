import { TimePicker } from 'antd';
import { t } from '../../locale/zh-CN';
import { TIME_FORMAT, toDayjs } from './formats';

export interface JTimeProps {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Default HH:mm:ss. */
  timeFormat?: string;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
}

export function JTime({ value, onChange, timeFormat = TIME_FORMAT, placeholder, disabled, allowClear = true }: JTimeProps) {
  return (
    <TimePicker
      style={{ width: '100%' }}
      value={toDayjs(value, timeFormat)}
      format={timeFormat}
      placeholder={placeholder ?? t.widgets.date.time}
      disabled={disabled}
      allowClear={allowClear}
      onChange={(d) => onChange?.(d ? d.format(timeFormat) : undefined)}
    />
  );
}
