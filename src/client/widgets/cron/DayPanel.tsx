import { Checkbox, InputNumber, Radio, Select, Space } from 'antd';
import { CRON_BOUNDS, type DayField, type DayMode, type WeekField } from '../../../shared/cron';
import { t } from '../../locale/zh-CN';

export interface DayPanelProps {
  day: DayField;
  week: WeekField;
  onChange: (day: DayField, week: WeekField) => void;
}

/** The day tab: the eleven day modes, which write the day and week fields together (spec §4). */
export function DayPanel({ day, week, onChange }: DayPanelProps) {
  const c = t.widgets.cron;
  const d = c.day;
  const db = CRON_BOUNDS.day;
  const wb = CRON_BOUNDS.week;
  const weekdayOptions = c.weekdays.map((label, i) => ({ label, value: i + 1 }));
  const setDay = (patch: Partial<DayField>) => onChange({ ...day, ...patch }, week);
  const setWeek = (patch: Partial<WeekField>) => onChange(day, { ...week, ...patch });
  const dayNum = (key: 'incrementStart' | 'incrementIncrement' | 'daysBeforeEnd' | 'nearestWeekday', b: { min: number; max: number }) => (
    <InputNumber size="small" aria-label={`day-${key}`} min={b.min} max={b.max} precision={0} value={day[key]} onChange={(n) => setDay({ [key]: n ?? b.min })} />
  );
  const weekNum = (key: 'incrementIncrement' | 'nth', b: { min: number; max: number }) => (
    <InputNumber size="small" aria-label={`week-${key}`} min={b.min} max={b.max} precision={0} value={week[key]} onChange={(n) => setWeek({ [key]: n ?? b.min })} />
  );
  const weekday = (key: 'incrementStart' | 'lastWeekday' | 'nthWeekday') => (
    <Select size="small" aria-label={`week-${key}`} style={{ width: 96 }} value={week[key]} options={weekdayOptions} onChange={(v: number) => setWeek({ [key]: v })} />
  );
  return (
    <Radio.Group value={day.mode} onChange={(e) => setDay({ mode: e.target.value as DayMode })} style={{ width: '100%' }}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio value={1}>{d[1]}</Radio>
        <Radio value={2}>
          {d[2]} {weekday('incrementStart')} {d[2.1]} {weekNum('incrementIncrement', wb.incrementIncrement)} {d[2.2]}
        </Radio>
        <Radio value={3}>
          {d[3]} {dayNum('incrementStart', db.incrementStart)} {d[3.1]} {dayNum('incrementIncrement', db.incrementIncrement)} {d[3.2]}
        </Radio>
        <Radio value={4}>{d[4]}</Radio>
        <Checkbox.Group
          disabled={day.mode !== 4}
          value={week.specific}
          options={weekdayOptions}
          style={{ paddingLeft: 24 }}
          onChange={(v) => setWeek({ specific: (v as number[]).slice().sort((a, z) => a - z) })}
        />
        <Radio value={5}>{d[5]}</Radio>
        <Checkbox.Group
          disabled={day.mode !== 5}
          value={day.specific}
          style={{ display: 'grid', gridTemplateColumns: 'repeat(10, minmax(44px, 1fr))', paddingLeft: 24 }}
          options={Array.from({ length: db.specific.max }, (_, i) => ({ label: String(i + 1).padStart(2, '0'), value: i + 1 }))}
          onChange={(v) => setDay({ specific: (v as number[]).slice().sort((a, z) => a - z) })}
        />
        <Radio value={6}>{d[6]}</Radio>
        <Radio value={7}>{d[7]}</Radio>
        <Radio value={8}>
          {d[8]} {weekday('lastWeekday')}
        </Radio>
        <Radio value={9}>
          {d[9]} {dayNum('daysBeforeEnd', db.daysBeforeEnd)} {d[9.1]}
        </Radio>
        <Radio value={10}>
          {d[10]} {dayNum('nearestWeekday', db.nearestWeekday)} {d[10.1]}
        </Radio>
        <Radio value={11}>
          {d[11]} {weekNum('nth', wb.nth)} {d[11.1]} {weekday('nthWeekday')}
        </Radio>
      </Space>
    </Radio.Group>
  );
}
