import { Switch } from 'antd';
import { t } from '../../locale/zh-CN';

export interface JSwitchProps {
  value?: string | number | boolean | null;
  onChange?: (value: string | number | boolean) => void;
  /** [on, off] values; default ['Y', 'N'] (spec §9: on equals the first). */
  options?: [string | number | boolean, string | number | boolean];
  disabled?: boolean;
  checkedChildren?: string;
  unCheckedChildren?: string;
}

export function JSwitch({ value, onChange, options = ['Y', 'N'], disabled, checkedChildren, unCheckedChildren }: JSwitchProps) {
  const [on, off] = options;
  return (
    <Switch
      checked={value === on}
      disabled={disabled}
      checkedChildren={checkedChildren ?? t.widgets.switch.on}
      unCheckedChildren={unCheckedChildren ?? t.widgets.switch.off}
      onChange={(checked) => onChange?.(checked ? on : off)}
    />
  );
}
