import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';

interface FormOption {
  value: string;
  text: string;
}

export interface JSelectFormProps {
  /** The chosen form's code. */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
}

/**
 * Form picker (a visit schedule's form, entity view sel_form): the published forms of the tenant and the
 * file forms from GET /online/form/options, searched by title or code; keeps the code. A code that is not
 * offered (a form since withdrawn) still shows as itself.
 */
export function JSelectForm({ value, onChange, placeholder, disabled }: JSelectFormProps) {
  const [forms, setForms] = useState<FormOption[] | null>(null);
  useEffect(() => {
    let live = true;
    void getAction<FormOption[]>('/online/form/options')
      .then((res) => {
        if (live) setForms(res.success && Array.isArray(res.result) ? res.result : []);
      })
      .catch(() => live && setForms([]));
    return () => {
      live = false;
    };
  }, []);
  // Options name the code too (two forms may share a title); the chosen one shows its title only.
  const options = useMemo(() => {
    const list = (forms ?? []).map((f) => ({
      value: f.value,
      label: `${f.text}（${f.value}）`,
      title: f.text,
    }));
    if (value && !list.some((o) => o.value === value)) list.unshift({ value, label: value, title: value });
    return list;
  }, [forms, value]);
  const titles = useMemo(() => new Map(options.map((o) => [o.value, o.title])), [options]);
  return (
    <Select
      showSearch
      allowClear
      value={value || undefined}
      onChange={(v?: string) => onChange?.(v ?? undefined)}
      options={options}
      loading={forms === null}
      disabled={disabled}
      placeholder={placeholder ?? t.widgets.formPicker.placeholder}
      notFoundContent={forms === null ? t.widgets.formPicker.loading : t.widgets.formPicker.empty}
      optionFilterProp="label"
      labelRender={({ value: v, label }) => titles.get(String(v)) ?? label}
      style={{ width: '100%' }}
    />
  );
}
