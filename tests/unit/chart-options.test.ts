import {
  BAR_WIDTH,
  buildChart,
  drillUrl,
  groupFilter,
  SLIDER_AFTER,
  type ChartTheme,
} from '../../src/client/widgets/charts/options';
import {
  dimensionLabel,
  formatAxisNumber,
  formatBucket,
  formatNumber,
  periodChange,
} from '../../src/client/widgets/charts/format';
import type { StatResult } from '../../src/client/widgets/charts/types';

const theme: ChartTheme = {
  dark: false,
  text: '#000',
  subtleText: '#666',
  split: '#eee',
  background: '#fff',
  palette: ['#1677ff', '#52c41a'],
  motion: true,
};

/** A stat result as GET /sys/stats/<code> answers it, with `n` groups. */
function byType(n: number): StatResult {
  return {
    code: 'customer_by_type',
    title: '客户类型分布',
    dimensions: [{ key: 'type', title: '客户类型' }],
    measures: [{ key: 'count', title: '数量' }],
    rows: Array.from({ length: n }, (_, i) => ({
      type: String(i + 1),
      type_dictText: `类型${i + 1}`,
      count: (i + 1) * 1000,
    })),
    drill: { page: '/online/cgformList/erp_customer' },
  };
}

type Series = { type: string; barWidth?: number; stack?: string; areaStyle?: unknown; data: unknown[] };
const series = (option: Record<string, unknown>) => option.series as Series[];

describe('category charts', () => {
  test('bars are 30 wide and a slider appears only past 10 categories', () => {
    const ten = buildChart('bar', byType(SLIDER_AFTER), theme)!;
    expect(series(ten.option)[0].barWidth).toBe(BAR_WIDTH);
    expect(BAR_WIDTH).toBe(30);
    expect(ten.option.dataZoom).toBeUndefined();

    const eleven = buildChart('bar', byType(SLIDER_AFTER + 1), theme)!;
    const zoom = eleven.option.dataZoom as Array<{ type: string; end: number; xAxisIndex?: number }>;
    expect(zoom.map((z) => z.type)).toEqual(['slider', 'inside']);
    expect(zoom[0].xAxisIndex).toBe(0);
    expect(zoom[0].end).toBe(91); // 10 of 11 categories in view
    expect((eleven.option.xAxis as { data: string[] }).data).toHaveLength(11);
  });

  test('a horizontal bar puts the slider on the category (y) axis', () => {
    const zoom = buildChart('bar', byType(12), theme, { horizontal: true })!.option.dataZoom as Array<{
      yAxisIndex?: number;
    }>;
    expect(zoom[0].yAxisIndex).toBe(0);
  });

  test('categories show dictionary text; the value axis uses Chinese units', () => {
    const chart = buildChart('line', byType(3), theme)!;
    expect((chart.option.xAxis as { data: string[] }).data).toEqual(['类型1', '类型2', '类型3']);
    const yAxis = chart.option.yAxis as { axisLabel: { formatter: (v: number) => string } };
    expect(yAxis.axisLabel.formatter(30000)).toBe('3万');
    expect(series(chart.option)[0]).toMatchObject({ type: 'line', data: [1000, 2000, 3000] });
    expect(series(chart.option)[0].barWidth).toBeUndefined();
  });

  test('a second dimension becomes stacked series; a click names both groups', () => {
    const result: StatResult = {
      code: 'customer_by_type_level',
      title: '客户类型与等级',
      dimensions: [
        { key: 'type', title: '类型' },
        { key: 'level', title: '等级' },
      ],
      measures: [{ key: 'count', title: '数量' }],
      rows: [
        { type: '1', type_dictText: '医院', level: 'A', level_dictText: '重点', count: 2 },
        { type: '1', type_dictText: '医院', level: 'B', level_dictText: '普通', count: 3 },
        { type: '2', type_dictText: '诊所', level: 'B', level_dictText: '普通', count: 4 },
      ],
    };
    const chart = buildChart('stackedBar', result, theme)!;
    const s = series(chart.option);
    expect(s.map((x) => [x.stack, x.data])).toEqual([
      ['total', [2, 0]],
      ['total', [3, 4]],
    ]);
    expect(chart.filterAt(1, 1)).toEqual({ type: '2', level: 'B' });
    expect(chart.table.body[0]).toEqual(['医院', '重点', '2']);
  });

  test('area charts fill; a click on a bar gives the group filter and its list URL', () => {
    expect(series(buildChart('area', byType(2), theme)!.option)[0].areaStyle).toBeTruthy();
    const chart = buildChart('bar', byType(3), theme)!;
    expect(chart.filterAt(0, 1)).toEqual({ type: '2' });
    expect(chart.filterAt(0, 9)).toBeNull();
    expect(drillUrl('/online/cgformList/erp_customer', { type: '2' })).toBe(
      '/online/cgformList/erp_customer?type=2',
    );
  });

  test("the server's drill filters win: they name the field and carry the parameters", () => {
    const result = byType(3);
    result.drill!.filters = result.rows.map((r) => ({
      customerType: String(r.type),
      createTime_begin: '2026-01-01',
    }));
    const chart = buildChart('bar', result, theme)!;
    expect(chart.filterAt(0, 2)).toEqual({ customerType: '3', createTime_begin: '2026-01-01' });
    const funnel = buildChart('funnel', result, theme)!;
    expect(funnel.filterAt(0, 0)).toEqual({ customerType: '3', createTime_begin: '2026-01-01' });
  });
});

describe('slices and gauge', () => {
  test('pie and donut slices carry the dictionary text; funnel sorts largest first', () => {
    const pie = buildChart('pie', byType(3), theme)!;
    const data = (series(pie.option)[0].data as Array<{ name: string; value: number }>).map((d) => d.name);
    expect(data).toEqual(['类型1', '类型2', '类型3']);
    expect(
      (series(buildChart('donut', byType(3), theme)!.option)[0] as unknown as { radius: string[] }).radius,
    ).toHaveLength(2);
    const funnel = buildChart('funnel', byType(3), theme)!;
    expect((series(funnel.option)[0].data as Array<{ value: number }>).map((d) => d.value)).toEqual([
      3000, 2000, 1000,
    ]);
    expect(funnel.filterAt(0, 0)).toEqual({ type: '3' });
  });

  test('a gauge sums the measure and takes its maximum', () => {
    const gauge = buildChart('gauge', byType(3), theme, { max: 10000 })!;
    const s = series(gauge.option)[0] as unknown as { max: number; data: Array<{ value: number }> };
    expect(s.max).toBe(10000);
    expect(s.data[0].value).toBe(6000);
  });

  test('a percent measure reads as a percentage: gauge from 0 to 1, detail, axis, tooltip and table', () => {
    const rate: StatResult = {
      code: 'rate',
      title: '控制率',
      dimensions: [{ key: 'type', title: '类型' }],
      measures: [{ key: 'rate', title: '控制率', percent: true }],
      rows: [{ type: '1', type_dictText: '类型1', rate: 0.4412 }],
    };
    const gauge = buildChart('gauge', rate, theme)!;
    const s = series(gauge.option)[0] as unknown as {
      max: number;
      detail: { formatter: (v: number) => string };
      axisLabel: { formatter: (v: number) => string };
    };
    expect(s.max).toBe(1);
    expect(s.detail.formatter(0.4412)).toBe('44.1%');
    expect(s.axisLabel.formatter(0.5)).toBe('50%');
    expect(gauge.table.body[0]).toEqual(['类型1', '44.1%']);
    const bar = buildChart('bar', rate, theme)!;
    const tip = (series(bar.option)[0] as unknown as { tooltip: { valueFormatter: (v: number) => string } }).tooltip;
    expect(tip.valueFormatter(0.25)).toBe('25%');
  });
});

describe('empty data', () => {
  test('no rows draws nothing (the widget shows its empty state)', () => {
    for (const kind of ['bar', 'stackedBar', 'line', 'area', 'pie', 'donut', 'funnel', 'gauge'] as const)
      expect(buildChart(kind, byType(0), theme), kind).toBeNull();
  });
  test('a missing group value is labelled, not blank', () => {
    expect(dimensionLabel({ type: null, count: 1 }, { key: 'type', title: '类型' })).toBe('未填写');
  });
});

describe('Chinese formats', () => {
  test('numbers group by thousands and use 万/亿 on axes', () => {
    expect(formatNumber(1234567.891)).toBe('1,234,567.89');
    expect(formatNumber(null)).toBe('-');
    expect(formatAxisNumber(9999)).toBe('9,999');
    expect(formatAxisNumber(125000)).toBe('12.5万');
    expect(formatAxisNumber(300000000)).toBe('3亿');
  });

  test('date buckets read as Chinese dates and drill as ranges', () => {
    expect(formatBucket('2026-03-05', 'day')).toBe('2026年3月5日');
    expect(formatBucket('2026-W09', 'week')).toBe('2026年第9周');
    expect(formatBucket('2026-03', 'month')).toBe('2026年3月');
    expect(formatBucket('2026-Q2', 'quarter')).toBe('2026年第2季度');
    expect(formatBucket('2026', 'year')).toBe('2026年');
    expect(groupFilter({ key: 'purchaseDate', title: '', bucket: 'month' }, '2024-02')).toEqual({
      purchaseDate_begin: '2024-02-01',
      purchaseDate_end: '2024-02-29',
    });
    expect(groupFilter({ key: 'd', title: '', bucket: 'quarter' }, '2026-Q4')).toEqual({
      d_begin: '2026-10-01',
      d_end: '2026-12-31',
    });
    expect(groupFilter({ key: 'd', title: '', bucket: 'week' }, '2026-W09')).toBeNull();
  });

  test('period-over-period change: arrow, percent, direction', () => {
    expect(periodChange(120, 100)).toEqual({ direction: 'up', text: '↑20%' });
    expect(periodChange(75, 100)).toEqual({ direction: 'down', text: '↓25%' });
    expect(periodChange(5, 0)).toBeNull();
    expect(periodChange(5, undefined)).toBeNull();
  });
});
