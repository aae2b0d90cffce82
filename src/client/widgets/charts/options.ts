/**
 * ECharts options from a stat result: pure functions (no echarts import), so the rules of the spec —
 * a slider past 10 categories, bars 30 wide — and the formats are unit-tested without a canvas.
 */
import type { ChartKind, DateBucket, StatDimension, StatResult, StatRow } from './types';
import { axisFormatter, dimensionLabel, formatMeasure, formatNumber } from './format';

/** Spec §9: a category axis gets a slider when it has more than this many categories. */
export const SLIDER_AFTER = 10;
/** Spec §9: bar width in pixels. */
export const BAR_WIDTH = 30;

/** Colours taken from the antd theme (ChartFrame reads them from the token), so charts follow light and dark. */
export interface ChartTheme {
  dark: boolean;
  text: string;
  subtleText: string;
  split: string;
  background: string;
  palette: string[];
  /** False when the user asks for reduced motion: charts draw without animation. */
  motion: boolean;
}

/** The list filter of one drawn point: dimension key → value, as the list page reads it from the URL. */
export type DrillFilter = Record<string, string>;

export interface BuiltChart {
  option: Record<string, unknown>;
  /** The group behind series `seriesIndex`, item `dataIndex` (what a click drills into). */
  filterAt(seriesIndex: number, dataIndex: number): DrillFilter | null;
  /** The data behind the chart as rows of text, for the accessible table. */
  table: { head: string[]; body: string[][] };
}

export interface ChartOptions {
  /** Measure to draw (default: the first). */
  measure?: string;
  /** Gauge maximum (default 100). */
  max?: number;
  /** Horizontal bars (category axis on the left). */
  horizontal?: boolean;
}

const rawValue = (row: StatRow, key: string) => {
  const v = row[key];
  return v === null || v === undefined ? '' : String(v);
};
/** A group as list filters: a date bucket becomes the range `<key>_begin`/`<key>_end` (weeks are not drilled). */
export function groupFilter(dim: StatDimension, value: string): DrillFilter | null {
  if (!dim.bucket) return { [dim.key]: value };
  const range = bucketRange(value, dim.bucket);
  return range ? { [`${dim.key}_begin`]: range[0], [`${dim.key}_end`]: range[1] } : null;
}

function bucketRange(value: string, bucket: DateBucket): [string, string] | null {
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
  const month = (y: number, from: number, to: number): [string, string] => [
    `${y}-${pad(from)}-01`,
    `${y}-${pad(to)}-${pad(lastDay(y, to))}`,
  ];
  let m: RegExpExecArray | null;
  if (bucket === 'day' && (m = /^\d{4}-\d{2}-\d{2}/.exec(value))) return [m[0], m[0]];
  if (bucket === 'month' && (m = /^(\d{4})-(\d{1,2})$/.exec(value)))
    return month(Number(m[1]), Number(m[2]), Number(m[2]));
  if (bucket === 'quarter' && (m = /^(\d{4})-?Q?(\d)$/i.exec(value)))
    return month(Number(m[1]), Number(m[2]) * 3 - 2, Number(m[2]) * 3);
  if (bucket === 'year' && /^\d{4}$/.test(value)) return month(Number(value), 1, 12);
  return null;
}

/** The drill filter of rows[i]: the server's (it knows fields, fixed filters and parameters), else the group's own values. */
export function rowFilter(result: StatResult, i: number): DrillFilter | null {
  const row = result.rows[i];
  if (!row) return null;
  const fromServer = result.drill?.filters?.[i];
  if (fromServer) return fromServer;
  const out: DrillFilter = {};
  for (const d of result.dimensions) {
    const f = groupFilter(d, rawValue(row, d.key));
    if (!f) return null;
    Object.assign(out, f);
  }
  return out;
}

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** The rows as a text table: one column per dimension (its label) and per measure (formatted). */
export function dataTable(result: StatResult): BuiltChart['table'] {
  return {
    head: [...result.dimensions.map((d) => d.title), ...result.measures.map((m) => m.title)],
    body: result.rows.map((row) => [
      ...result.dimensions.map((d) => dimensionLabel(row, d)),
      ...result.measures.map((m) => formatMeasure(row[m.key], m)),
    ]),
  };
}

function base(theme: ChartTheme) {
  return {
    backgroundColor: 'transparent',
    animation: theme.motion,
    color: theme.palette,
    textStyle: { color: theme.text, fontFamily: 'inherit' },
    tooltip: { valueFormatter: (v: unknown) => formatNumber(v) },
    legend: { top: 0, textStyle: { color: theme.subtleText }, type: 'scroll' },
  };
}

/** Category charts (bar, stacked bar, line, area): categories from the first dimension; series from the
 *  second dimension when there is one (pivot), else one per measure. */
function axisChart(kind: ChartKind, result: StatResult, theme: ChartTheme, opts: ChartOptions): BuiltChart {
  const [dim, seriesDim] = result.dimensions;
  const categories: string[] = [];
  const categoryValue: string[] = [];
  for (const row of result.rows) {
    const v = rawValue(row, dim.key);
    if (!categoryValue.includes(v)) {
      categoryValue.push(v);
      categories.push(dimensionLabel(row, dim));
    }
  }
  /** rows[] index behind each drawn value, for drilling. */
  type Series = { name: string; value: string | null; measure: string; data: number[]; rowAt: number[] };
  const series: Series[] = [];
  if (seriesDim) {
    const measure = opts.measure ?? result.measures[0].key;
    for (const row of result.rows) {
      const sv = rawValue(row, seriesDim.key);
      let s = series.find((x) => x.value === sv);
      if (!s) {
        s = {
          name: dimensionLabel(row, seriesDim),
          value: sv,
          measure,
          data: categories.map(() => 0),
          rowAt: categories.map(() => -1),
        };
        series.push(s);
      }
      const at = categoryValue.indexOf(rawValue(row, dim.key));
      s.data[at] = num(row[measure]);
      s.rowAt[at] = result.rows.indexOf(row);
    }
  } else {
    const measures = opts.measure ? result.measures.filter((m) => m.key === opts.measure) : result.measures;
    const rowAt = categoryValue.map((cv) => result.rows.findIndex((r) => rawValue(r, dim.key) === cv));
    for (const m of measures)
      series.push({
        name: m.title,
        value: null,
        measure: m.key,
        data: rowAt.map((i) => num(result.rows[i][m.key])),
        rowAt,
      });
  }

  const bar = kind === 'bar' || kind === 'stackedBar';
  const stacked = kind === 'stackedBar' || (kind === 'area' && series.length > 1);
  const slider = categories.length > SLIDER_AFTER;
  const categoryAxis = {
    type: 'category',
    data: categories,
    axisLabel: { color: theme.subtleText, hideOverlap: true },
    axisLine: { lineStyle: { color: theme.split } },
    boundaryGap: bar,
  };
  const measureOf = (key: string | undefined) => result.measures.find((m) => m.key === key);
  const valueAxis = {
    type: 'value',
    axisLabel: { color: theme.subtleText, formatter: axisFormatter(measureOf(series[0]?.measure)) },
    splitLine: { lineStyle: { color: theme.split } },
  };
  const horizontal = bar && opts.horizontal === true;
  const axisIndex = horizontal ? { yAxisIndex: 0 } : { xAxisIndex: 0 };
  const option: Record<string, unknown> = {
    ...base(theme),
    grid: { left: 8, right: 16, top: 36, bottom: slider ? 48 : 8, containLabel: true },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => formatNumber(v) },
    series: series.map((s) => ({
      type: bar ? 'bar' : 'line',
      name: s.name,
      data: s.data,
      tooltip: { valueFormatter: (v: unknown) => formatMeasure(v, measureOf(s.measure)) },
      ...(bar ? { barWidth: BAR_WIDTH, barMaxWidth: BAR_WIDTH } : {}),
      ...(stacked ? { stack: 'total' } : {}),
      ...(kind === 'area' ? { areaStyle: { opacity: 0.25 } } : {}),
      ...(bar ? {} : { smooth: false, showSymbol: categories.length <= 31 }),
      emphasis: { focus: 'series' },
    })),
  };
  if (slider)
    option.dataZoom = [
      {
        type: 'slider',
        ...axisIndex,
        start: 0,
        end: Math.round((SLIDER_AFTER / categories.length) * 100),
        height: 18,
        bottom: 8,
      },
      { type: 'inside', ...axisIndex },
    ];
  return {
    option,
    filterAt: (seriesIndex, dataIndex) => rowFilter(result, series[seriesIndex]?.rowAt[dataIndex] ?? -1),
    table: dataTable(result),
  };
}

/** Pie, donut and funnel: one slice per row of the first dimension, sized by the measure. */
function sliceChart(kind: ChartKind, result: StatResult, theme: ChartTheme, opts: ChartOptions): BuiltChart {
  const [dim] = result.dimensions;
  const measure = opts.measure ?? result.measures[0].key;
  const order = result.rows.map((_, i) => i);
  if (kind === 'funnel') order.sort((a, b) => num(result.rows[b][measure]) - num(result.rows[a][measure]));
  const data = order.map((i) => ({
    name: dimensionLabel(result.rows[i], dim),
    value: num(result.rows[i][measure]),
  }));
  const label = { color: theme.text, formatter: '{b}：{d}%' };
  const series =
    kind === 'funnel'
      ? {
          type: 'funnel',
          top: 36,
          bottom: 8,
          left: '10%',
          width: '80%',
          sort: 'descending',
          gap: 2,
          data,
          label: { color: theme.text, formatter: '{b}' },
        }
      : {
          type: 'pie',
          radius: kind === 'donut' ? ['42%', '68%'] : '68%',
          center: ['50%', '56%'],
          data,
          label,
          itemStyle: { borderColor: theme.background, borderWidth: 1 },
        };
  return {
    option: {
      ...base(theme),
      tooltip: {
        trigger: 'item',
        valueFormatter: (v: unknown) => formatMeasure(v, result.measures.find((m) => m.key === measure)),
      },
      series: [series],
    },
    filterAt: (_s, dataIndex) => rowFilter(result, order[dataIndex] ?? -1),
    table: dataTable(result),
  };
}

/** Gauge: the measure summed over the rows (a stat without dimensions has one row). */
function gaugeChart(result: StatResult, theme: ChartTheme, opts: ChartOptions): BuiltChart {
  const m =
    result.measures.find((x) => x.key === (opts.measure ?? result.measures[0].key)) ?? result.measures[0];
  const value = result.rows.reduce((sum, row) => sum + num(row[m.key]), 0);
  return {
    option: {
      ...base(theme),
      series: [
        {
          type: 'gauge',
          min: 0,
          max: opts.max ?? (m.percent ? 1 : 100),
          progress: { show: true, width: 12 },
          axisLine: { lineStyle: { width: 12, color: [[1, theme.split]] } },
          axisLabel: { color: theme.subtleText, formatter: axisFormatter(m) },
          detail: {
            valueAnimation: false,
            formatter: (v: number) => formatMeasure(v, m),
            color: theme.text,
            fontSize: 22,
          },
          title: { color: theme.subtleText },
          data: [{ name: m.title, value }],
        },
      ],
    },
    filterAt: () => null,
    table: dataTable(result),
  };
}

/** The chart for a stat result, or null when there is nothing to draw (the caller shows the empty state). */
export function buildChart(
  kind: ChartKind,
  result: StatResult,
  theme: ChartTheme,
  opts: ChartOptions = {},
): BuiltChart | null {
  if (!result.measures.length || !result.rows.length) return null;
  if (kind === 'gauge') return gaugeChart(result, theme, opts);
  if (!result.dimensions.length) return null;
  if (kind === 'pie' || kind === 'donut' || kind === 'funnel') return sliceChart(kind, result, theme, opts);
  return axisChart(kind, result, theme, opts);
}

/** The list URL a drill filter opens: the stat's drill page with the group in the query. */
export function drillUrl(page: string, filter: DrillFilter): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v !== '') search.set(k, v);
  const qs = search.toString();
  return qs ? `${page}${page.includes('?') ? '&' : '?'}${qs}` : page;
}
