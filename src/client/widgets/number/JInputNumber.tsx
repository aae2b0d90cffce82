import { Input } from 'antd';
import { useState } from 'react';
import { formatThousands, isTypingNumber, normaliseNumber } from './number-text';

export interface JInputNumberProps {
  value?: number | string | null;
  onChange?: (value: number | undefined) => void;
  onBlur?: () => void;
  min?: number;
  max?: number;
  /** Decimal places kept on blur. */
  precision?: number;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  prefix?: string;
  suffix?: string;
}

/** Numeric input: free typing, then on blur empty/clamp/round; thousands separators when not editing. */
export function JInputNumber({ value, onChange, onBlur, min, max, precision, placeholder, disabled, readOnly, prefix, suffix }: JInputNumberProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const current = value === null || value === undefined || value === '' ? undefined : Number(value);
  const display = editing ?? formatThousands(Number.isFinite(current) ? current : undefined, precision);
  return (
    <Input
      inputMode="decimal"
      value={display}
      placeholder={placeholder}
      disabled={disabled}
      readOnly={readOnly}
      prefix={prefix}
      suffix={suffix}
      onFocus={() => setEditing(current === undefined || !Number.isFinite(current) ? '' : String(current))}
      onChange={(e) => {
        const text = e.target.value.replace(/,/g, '');
        setEditing(text);
        if (isTypingNumber(text) && text !== '' && text !== '-' && !text.endsWith('.')) onChange?.(Number(text));
        else if (text === '') onChange?.(undefined);
      }}
      onBlur={() => {
        const next = normaliseNumber(editing ?? current, { min, max, precision });
        setEditing(null);
        if (next !== current) onChange?.(next);
        onBlur?.();
      }}
    />
  );
}
