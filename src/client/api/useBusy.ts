import { useCallback, useState } from 'react';

/**
 * A busy flag around one request at a time (for a button's loading state). A failed request was
 * already shown to the user by the HTTP client's error catalogue, so it ends here quietly.
 */
export function useBusy(): [boolean, (work: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // Shown by the HTTP client.
    } finally {
      setBusy(false);
    }
  }, []);
  return [busy, run];
}
