import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

/** Date formats of spec §9. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

/** Reads a stored text value in the given format; anything unreadable is treated as empty. */
export function toDayjs(value: string | null | undefined, format: string): Dayjs | null {
  if (!value) return null;
  const d = dayjs(value, format, true);
  if (d.isValid()) return d;
  const loose = dayjs(value);
  return loose.isValid() ? loose : null;
}
