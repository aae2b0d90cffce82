import { Alert, Cascader, Select, Space, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { AREA_ROOT, areaPath, children, loadAreaData, type AreaData } from './area';

export interface JAreaLinkageProps {
  /** The deepest chosen code (county by default). */
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  /** 'cascader' (default) or 'select' (three selects side by side). */
  type?: string;
  /** How deep to choose: 1 province, 2 city, 3 county (default). */
  level?: 1 | 2 | 3;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
}

interface Option {
  value: string;
  label: string;
  children?: Option[];
}

function cascaderOptions(data: AreaData, parent: string, depth: number): Option[] {
  return children(data, parent).map((o) => (depth > 1 && data[o.value] ? { ...o, children: cascaderOptions(data, o.value, depth - 1) } : o));
}

/** Province/city/county picker over the '86'-rooted area data, as a cascader or as selects. */
export function JAreaLinkage({ value, onChange, type = 'cascader', level = 3, placeholder, disabled, allowClear = true }: JAreaLinkageProps) {
  const [data, setData] = useState<AreaData | null>(null);
  useEffect(() => {
    let alive = true;
    void loadAreaData().then((d) => alive && setData(d));
    return () => {
      alive = false;
    };
  }, []);
  const path = useMemo(() => (data ? areaPath(data, value) : []), [data, value]);
  const options = useMemo(() => (data && type === 'cascader' ? cascaderOptions(data, AREA_ROOT, level) : []), [data, type, level]);

  if (type !== 'cascader' && type !== 'select') return <Alert type="error" showIcon message={t.widgets.area.badType(String(type))} />;
  if (!data) return <Spin size="small" />;

  const a = t.widgets.area;
  if (type === 'cascader') {
    return (
      <Cascader
        style={{ width: '100%' }}
        options={options}
        value={path}
        placeholder={placeholder ?? a.placeholder}
        disabled={disabled}
        allowClear={allowClear}
        showSearch
        onChange={(codes) => onChange?.(codes && codes.length ? String(codes[codes.length - 1]) : undefined)}
      />
    );
  }
  const [province, city, county] = path;
  const select = (parent: string | undefined, current: string | undefined, ph: string, label: string) => (
    <Select
      aria-label={label}
      style={{ minWidth: 140 }}
      value={current}
      placeholder={ph}
      disabled={disabled || !parent}
      allowClear={allowClear}
      showSearch
      optionFilterProp="label"
      options={parent ? children(data, parent) : []}
      onChange={(v?: string) => onChange?.(v ?? (parent === AREA_ROOT ? undefined : parent))}
    />
  );
  return (
    <Space wrap>
      {select(AREA_ROOT, province, a.province, a.province)}
      {level >= 2 ? select(province, city, a.city, a.city) : null}
      {level >= 3 ? select(city, county, a.county, a.county) : null}
    </Space>
  );
}
