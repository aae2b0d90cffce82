import { t } from '../../locale/zh-CN';
import { formatDate, hourIn } from '../../../shared/time';

/** Greeting by hour (spec §9): before 9, to 11, to 13, before 20, then evening. */
export function greetingFor(hour: number): string {
  const g = t.shell.greetings;
  if (hour < 9) return g.morning;
  if (hour <= 11) return g.forenoon;
  if (hour <= 13) return g.noon;
  if (hour < 20) return g.afternoon;
  return g.evening;
}

/**
 * The greeting for this moment on the server's clock (TZ from `/config.json`), not the browser's: staff
 * whose computer is set to another zone are still greeted by the hospital's time of day.
 */
export function greetingNow(now: number = Date.now()): string {
  return greetingFor(hourIn(now));
}

/** Today's date (`YYYY-MM-DD`) on the server's clock, for defaults such as an order date. */
export function serverToday(now: number = Date.now()): string {
  return formatDate(now);
}

/** The name a user is greeted with. */
export function displayName(info: { realname?: string | null; username?: string } | null | undefined): string {
  return info?.realname || info?.username || '';
}
