import { Checkbox, InputNumber, Radio, Select, Space } from 'antd';
import { CRON_BOUNDS, type PlainField, type PlainFieldName, type PlainMode } from '../../../shared/cron';
import { t } from '../../locale/zh-CN';

export interface PlainFieldPanelProps {
  name: PlainFieldName;
  value: PlainField;
  onChange: (value: PlainField) => void;
}

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** One of the second/minute/hour/month/year tabs: every, increment, specific values, range (modes 1-4). */
export function PlainFieldPanel({ name, value, onChange }: PlainFieldPanelProps) {
  const b = CRON_BOUNDS[name];
  const unit = t.widgets.cron.units[name];
  const c = t.widgets.cron;
  const set = (patch: Partial<PlainField>) => onChange({ ...value, ...patch });
  const num = (key: 'incrementStart' | 'incrementIncrement' | 'rangeStart' | 'rangeEnd', bounds: { min: number; max: number }) => (
    <InputNumber
      size="small"
      aria-label={`${c.tabs[name]}-${key}`}
      min={bounds.min}
      max={bounds.max}
      precision={0}
      value={value[key]}
      onChange={(n) => set({ [key]: typeof n === 'number' ? n : bounds.min })}
      onClick={(e) => e.stopPropagation()}
    />
  );
  const options = range(b.value.min, b.value.max).map((v) => ({ label: String(v).padStart(name === 'year' ? 4 : 2, '0'), value: v }));
  return (
    <Radio.Group value={value.mode} onChange={(e) => set({ mode: e.target.value as PlainMode })} style={{ width: '100%' }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio value={1}>{c.every(unit)}</Radio>
        <Radio value={2}>
          {c.incrementFrom} {num('incrementStart', b.incrementStart)} {c.incrementStartUnit(unit)} {num('incrementIncrement', b.incrementIncrement)}{' '}
          {c.incrementStepUnit(unit)}
        </Radio>
        <Radio value={4}>
          {c.rangeFrom} {num('rangeStart', b.value)} {c.rangeTo} {num('rangeEnd', b.value)} {unit}
        </Radio>
        <Radio value={3}>{c.specific}</Radio>
        {name === 'year' ? (
          <Select
            mode="multiple"
            aria-label={`${c.tabs[name]}-specific`}
            style={{ width: '100%' }}
            disabled={value.mode !== 3}
            value={value.specific}
            options={options}
            onChange={(v: number[]) => set({ specific: v })}
          />
        ) : (
          <Checkbox.Group
            disabled={value.mode !== 3}
            value={value.specific}
            onChange={(v) => set({ specific: (v as number[]).slice().sort((a, z) => a - z) })}
            style={{ display: 'grid', gridTemplateColumns: 'repeat(10, minmax(48px, 1fr))', paddingLeft: 24 }}
            options={options}
          />
        )}
      </Space>
    </Radio.Group>
  );
}
