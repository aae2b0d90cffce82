/** The reply of GET /sys/stats/<code> (the stats module's envelope result) and the chart kinds drawn from it. */
export type DateBucket = 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface StatDimension {
  key: string;
  title: string;
  bucket?: DateBucket;
}

export interface StatMeasure {
  key: string;
  title: string;
  /** Shown as a percentage (0.44 → 44%). */
  percent?: boolean;
}

/** One group: dimension values (`<key>_dictText` beside them), measures (`<key>_previous` with a comparison). */
export type StatRow = Record<string, string | number | null | undefined>;

export interface StatResult {
  code: string;
  title: string;
  dimensions: StatDimension[];
  measures: StatMeasure[];
  rows: StatRow[];
  /** The list a group opens; filters[i] is the list query of rows[i]'s group (the server derives it). */
  drill?: { page: string; filters?: Array<Record<string, string>> };
}

/** Chart kinds drawn with ECharts; number, ranking and table cards are plain antd. */
export type ChartKind = 'bar' | 'stackedBar' | 'line' | 'area' | 'pie' | 'donut' | 'funnel' | 'gauge';

/** Parameters sent with a stat request (dateRange_begin/_end, department, dictionary values). */
export type StatParams = Record<string, string | undefined>;
