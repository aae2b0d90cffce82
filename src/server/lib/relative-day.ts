import { formatDate } from '../../shared/time.js';

const DAY_MS = 86_400_000;
const RELATIVE = /^\$today(?:([+-])(\d{1,4}))?$/;

/**
 * `$today`, `$today-N` or `$today+N` as the date N days from today on the configured time zone's
 * calendar (overdue: `dueDate_end=$today-1`), resolved per request so a saved filter never keeps
 * yesterday's date; null for any other text. Definitions' fixed filters and list requests share it.
 */
export function relativeDay(text: string, today: string = formatDate()): string | null {
  const m = RELATIVE.exec(text);
  if (!m) return null;
  const [y, mo, d] = today.split('-').map(Number);
  const ms = Date.UTC(y, mo - 1, d) + (m[1] === '-' ? -1 : 1) * Number(m[2] ?? 0) * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}
