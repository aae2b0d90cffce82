import { DatePicker } from 'antd';
import { t } from '../../locale/zh-CN';
import { DATE_FORMAT, DATETIME_FORMAT, toDayjs } from './formats';

export interface JDateProps {
  /** The date as text in `dateFormat`. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Default YYYY-MM-DD, or YYYY-MM-DD HH:mm:ss with showTime. */
  dateFormat?: string;
  showTime?: boolean;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  allowClear?: boolean;
}

/** Date or date-time picker whose value is text (spec §9 formats). */
export function JDate({ value, onChange, dateFormat, showTime, placeholder, disabled, readOnly, allowClear = true }: JDateProps) {
  const format = dateFormat ?? (showTime ? DATETIME_FORMAT : DATE_FORMAT);
  return (
    <DatePicker
      style={{ width: '100%' }}
      value={toDayjs(value, format)}
      format={format}
      showTime={showTime}
      placeholder={placeholder ?? (showTime ? t.widgets.date.datetime : t.widgets.date.date)}
      disabled={disabled}
      inputReadOnly={readOnly}
      open={readOnly ? false : undefined}
      allowClear={allowClear}
      onChange={(d) => onChange?.(d ? d.format(format) : undefined)}
    />
  );
}
