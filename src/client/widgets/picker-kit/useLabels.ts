import { useEffect, useState } from 'react';

/**
 * Labels for stored values, looked up once per missing value set; `remember` adds labels the dialog
 * already knows. A failed lookup leaves the raw values showing.
 */
export function useLabels(values: string[], lookup: (missing: string[]) => Promise<Record<string, string>>) {
  const [labels, setLabels] = useState<Record<string, string>>({});
  const missingKey = values.filter((v) => labels[v] === undefined).join(',');
  useEffect(() => {
    if (!missingKey) return;
    let alive = true;
    lookup(missingKey.split(','))
      .then((found) => alive && setLabels((prev) => ({ ...prev, ...found })))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
    // The lookup function is stable in meaning; only the missing values decide a new request.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missingKey]);
  const remember = (more: Record<string, string>) => setLabels((prev) => ({ ...prev, ...more }));
  return { labels, remember };
}
