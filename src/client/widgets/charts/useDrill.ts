import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { drillUrl, type DrillFilter } from './options';
import type { StatResult } from './types';

/**
 * Opens the stat's drill page (its list) with a group's filter in the query; the router opens it as a
 * tab of the workspace like any other link. Undefined when the stat has no drill page or drilling is off.
 */
export function useDrill(
  result: StatResult | undefined,
  enabled: boolean,
): ((filter: DrillFilter) => void) | undefined {
  const navigate = useNavigate();
  const page = enabled ? result?.drill?.page : undefined;
  const open = useCallback(
    (filter: DrillFilter) => page && navigate(drillUrl(page, filter)),
    [navigate, page],
  );
  return page ? open : undefined;
}
