import { Input } from 'antd';

export interface JInputIntegerProps {
  value?: number | string | null;
  onChange?: (value: number | undefined) => void;
  onBlur?: () => void;
  /** Smallest value; default 0 (spec §5). */
  min?: number;
  max?: number;
  prefix?: string;
  suffix?: string;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
}

/** Integer input: anything but digits is dropped as it is typed; min (default 0) and max apply on blur. */
export function JInputInteger({ value, onChange, onBlur, min = 0, max, prefix, suffix, placeholder, disabled, readOnly }: JInputIntegerProps) {
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Input
      inputMode="numeric"
      value={text}
      prefix={prefix}
      suffix={suffix}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readOnly}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '');
        onChange?.(digits === '' ? undefined : Number(digits));
      }}
      onBlur={() => {
        if (text !== '') {
          let n = Number(text);
          if (n < min) n = min;
          if (max !== undefined && n > max) n = max;
          if (n !== Number(text)) onChange?.(n);
        }
        onBlur?.();
      }}
    />
  );
}
