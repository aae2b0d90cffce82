import { Input } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { useRef } from 'react';
import { t } from '../../locale/zh-CN';
import { nextPlaceholder } from './placeholders';

export interface JTemplateTextareaProps {
  value?: string;
  onChange?: (value: string) => void;
  onBlur?: () => void;
  rows?: number;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  maxLength?: number;
}

/** A textarea for templates: Tab jumps to and selects the next `{placeholder}`, cycling (spec §5). */
export function JTemplateTextarea({ value, onChange, onBlur, rows = 4, placeholder, disabled, readOnly, maxLength }: JTemplateTextareaProps) {
  const ref = useRef<TextAreaRef>(null);
  return (
    <Input.TextArea
      ref={ref}
      value={value ?? ''}
      rows={rows}
      maxLength={maxLength}
      disabled={disabled}
      readOnly={readOnly}
      placeholder={placeholder ?? t.widgets.template.placeholder}
      onChange={(e) => onChange?.(e.target.value)}
      onBlur={onBlur}
      onKeyDown={(e) => {
        if (e.key !== 'Tab') return;
        const area = ref.current?.resizableTextArea?.textArea;
        if (!area) return;
        const target = nextPlaceholder(area.value, area.selectionStart, area.selectionEnd, e.shiftKey);
        if (!target) return;
        e.preventDefault();
        area.setSelectionRange(target[0], target[1]);
      }}
    />
  );
}
