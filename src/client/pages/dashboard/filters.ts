import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import dayjs from 'dayjs';
import type { DashboardDefinition } from '../../../shared/schema-types';
import type { SharedFilter } from './dashboard-api';
import { serverToday } from '../../layout/header/greeting';
import type { StatParams } from '../../widgets/charts/types';

/** The shared filters' current values. */
export interface SharedValues {
  dateRange?: [string, string];
  department?: string;
}

/** A stat card's parameters: each shared filter its stat takes, under the stat's own parameter name. */
export function cardParams(
  values: SharedValues,
  accepts: Partial<Record<SharedFilter, string>> | undefined,
): StatParams {
  const p: StatParams = {};
  if (accepts?.dateRange && values.dateRange)
    [p[`${accepts.dateRange}_begin`], p[`${accepts.dateRange}_end`]] = values.dateRange;
  if (accepts?.department && values.department) p[accepts.department] = values.department;
  return p;
}

/** The URL keys of the shared filters. */
export const FILTER_KEYS = {
  begin: 'dateRange_begin',
  end: 'dateRange_end',
  department: 'department',
} as const;

/** The default range of a dashboard, counted from today on the server's clock. */
export function defaultRange(
  kind: DashboardDefinition['defaultDateRange'],
  today = serverToday(),
): [string, string] | null {
  const d = dayjs(today);
  switch (kind) {
    case 'thisMonth':
      return [d.startOf('month').format('YYYY-MM-DD'), today];
    case 'last30Days':
      return [d.subtract(29, 'day').format('YYYY-MM-DD'), today];
    case 'thisYear':
      return [d.startOf('year').format('YYYY-MM-DD'), today];
    default:
      return null;
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The shared filters, kept in the URL (a link or a refresh shows the same numbers): the params every
 * stat card gets, and setters that replace the URL's filter keys.
 */
export function useDashboardFilters(def: Pick<DashboardDefinition, 'filters' | 'defaultDateRange'> | null) {
  const [search, setSearch] = useSearchParams();
  const fallback = useMemo(() => defaultRange(def?.defaultDateRange), [def?.defaultDateRange]);
  const hasDate = def?.filters?.includes('dateRange') ?? false;
  const hasDepartment = def?.filters?.includes('department') ?? false;

  const begin = search.get(FILTER_KEYS.begin);
  const end = search.get(FILTER_KEYS.end);
  // An explicit empty range in the URL ("all time") wins over the default.
  const cleared = search.has(FILTER_KEYS.begin) && !begin;
  const range: [string, string] | null =
    begin && end && DATE.test(begin) && DATE.test(end) ? [begin, end] : cleared ? null : fallback;
  const department = search.get(FILTER_KEYS.department) || undefined;

  const [from, to] = range ?? [];
  const values = useMemo<SharedValues>(
    () => ({
      dateRange: hasDate && from && to ? [from, to] : undefined,
      department: hasDepartment ? department : undefined,
    }),
    [hasDate, hasDepartment, from, to, department],
  );

  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes))
            if (v === null) next.delete(k);
            else next.set(k, v);
          return next;
        },
        { replace: true },
      ),
    [setSearch],
  );

  return {
    hasDate,
    hasDepartment,
    range,
    department,
    values,
    setRange: (r: [string, string] | null) =>
      update({ [FILTER_KEYS.begin]: r ? r[0] : '', [FILTER_KEYS.end]: r ? r[1] : '' }),
    setDepartment: (code: string | undefined) => update({ [FILTER_KEYS.department]: code || null }),
    reset: () =>
      update({ [FILTER_KEYS.begin]: null, [FILTER_KEYS.end]: null, [FILTER_KEYS.department]: null }),
  };
}
