import { t } from '../../locale/zh-CN';

/** Greeting by hour (spec §9): before 9, to 11, to 13, before 20, then evening. */
export function greetingFor(hour: number): string {
  const g = t.shell.greetings;
  if (hour < 9) return g.morning;
  if (hour <= 11) return g.forenoon;
  if (hour <= 13) return g.noon;
  if (hour < 20) return g.afternoon;
  return g.evening;
}

/** The name a user is greeted with. */
export function displayName(info: { realname?: string | null; username?: string } | null | undefined): string {
  return info?.realname || info?.username || '';
}
