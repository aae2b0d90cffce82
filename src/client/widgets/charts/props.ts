import type { StatParams } from './types';

/** The props every stat widget takes (x-component-props in a page, `options` of a dashboard card). */
export interface StatWidgetProps {
  /** Stat definition code (schemas/stats). */
  stat: string;
  /** Parameters: dateRange_begin/_end, department, dictionary values. */
  params?: StatParams;
  /** Shown above the widget; the stat's title when left out (a dashboard card titles it instead). */
  title?: string;
  height?: number;
  /** Measure to show (default: the first). */
  measure?: string;
  /** Clicking a group opens the filtered list (default true). */
  drill?: boolean;
}
