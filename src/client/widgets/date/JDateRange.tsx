import { DatePicker } from 'antd';
import { t } from '../../locale/zh-CN';
import { DATE_FORMAT, DATETIME_FORMAT, toDayjs } from './formats';

export interface JDateRangeProps {
  /** [start, end] as text, or 'start,end' with valueType 'string'. */
  value?: [string, string] | string | null;
  onChange?: (value: [string, string] | string | undefined) => void;
  dateFormat?: string;
  showTime?: boolean;
  /** 'array' (default) or 'string' (comma-joined). */
  valueType?: 'array' | 'string';
  placeholder?: [string, string];
  disabled?: boolean;
}

export function JDateRange({ value, onChange, dateFormat, showTime, valueType = 'array', placeholder, disabled }: JDateRangeProps) {
  const format = dateFormat ?? (showTime ? DATETIME_FORMAT : DATE_FORMAT);
  const parts = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const start = toDayjs(parts[0], format);
  const end = toDayjs(parts[1], format);
  return (
    <DatePicker.RangePicker
      style={{ width: '100%' }}
      value={start && end ? [start, end] : null}
      format={format}
      showTime={showTime}
      disabled={disabled}
      placeholder={placeholder ?? [t.widgets.date.start, t.widgets.date.end]}
      onChange={(range) => {
        if (!range || !range[0] || !range[1]) return onChange?.(undefined);
        const pair: [string, string] = [range[0].format(format), range[1].format(format)];
        onChange?.(valueType === 'string' ? pair.join(',') : pair);
      }}
    />
  );
}
