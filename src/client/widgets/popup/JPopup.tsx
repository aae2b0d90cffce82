import { SearchOutlined } from '@ant-design/icons';
import { isField } from '@formily/core';
import { useField } from '@formily/react';
import { Input } from 'antd';
import { useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { popupConfigError, popupFillValues } from './popup-config';
import { PopupReportModal, type PopupRecord } from './PopupReportModal';

export interface JPopupProps {
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** Report code (schemas/reports). */
  code?: string;
  /** Report fields, comma-joined, copied into… */
  orgFields?: string;
  /** …these form fields (siblings of this one), in the same order. */
  destFields?: string;
  multi?: boolean;
  param?: Record<string, unknown>;
  sorter?: string;
  groupId?: string;
  placeholder?: string;
  disabled?: boolean;
  /**
   * A sibling field holding the shown text (a ref's `<field>_dictText`, filled by destFields too): the
   * value itself, the picked id, is then stored but not shown.
   */
  textField?: string;
  /** Outside a Formily form: receives the destField → value map. */
  onFill?: (values: Record<string, string>) => void;
}

/**
 * The popup report picker as a form field (spec §4): a read-only input that opens the report dialog and
 * fills destFields from orgFields of the chosen record(s).
 */
export function JPopup({
  value,
  onChange,
  code,
  orgFields,
  destFields,
  multi,
  param,
  sorter,
  groupId,
  placeholder,
  disabled,
  textField,
  onFill,
}: JPopupProps) {
  const field = useField();
  const [open, setOpen] = useState(false);
  const inForm = field && isField(field);
  const shown = !textField
    ? (value ?? '')
    : value && inForm
      ? String(field.form.getValuesIn(field.path.parent().concat(textField)) ?? '')
      : '';

  const openDialog = () => {
    if (disabled) return;
    const problem = popupConfigError({ code, orgFields, destFields });
    if (problem) {
      feedback().message.error(problem);
      return;
    }
    setOpen(true);
  };

  const fill = (records: PopupRecord[]) => {
    const values = popupFillValues(records, orgFields as string, destFields as string);
    onFill?.(values);
    if (inForm) {
      const own = String(field.props.name ?? field.path.segments[field.path.segments.length - 1]);
      const parent = field.path.parent();
      for (const [dest, v] of Object.entries(values)) {
        if (dest === own) continue;
        field.form.setValuesIn(parent.concat(dest), v);
      }
      if (own in values) onChange?.(values[own]);
    } else if (destFields) {
      const first = destFields.split(',')[0].trim();
      onChange?.(values[first]);
    }
    setOpen(false);
  };

  return (
    <>
      <Input
        readOnly
        value={shown}
        placeholder={placeholder ?? t.editable.popup.placeholder}
        disabled={disabled}
        onClick={openDialog}
        suffix={<SearchOutlined onClick={openDialog} />}
        allowClear={!disabled}
        onChange={(e) => {
          // Only the clear button can change a read-only input.
          if (e.target.value !== '') return;
          if (textField && inForm) field.form.setValuesIn(field.path.parent().concat(textField), undefined);
          onChange?.(undefined);
        }}
      />
      {open ? (
        <PopupReportModal
          open
          code={code as string}
          multi={multi}
          param={param}
          sorter={sorter}
          groupId={groupId}
          onOk={fill}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}
