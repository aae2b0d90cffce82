import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { greetingNow, serverToday } from '../../src/client/layout/header/greeting';
import { getRuntimeConfig, setRuntimeConfig } from '../../src/client/config/runtime';
import { DEFAULT_TIME_ZONE, formatDateTime, parseDateTime, setTimeZone } from '../../src/shared/time';

// 2026-01-05 23:30 UTC: Monday 07:30 in Shanghai, still Monday 23:30 in London, Monday 18:30 in New York.
const INSTANT = Date.UTC(2026, 0, 5, 23, 30);

afterEach(() => setRuntimeConfig({ timeZone: DEFAULT_TIME_ZONE }));

describe('TZ setting', () => {
  it('defaults to Asia/Shanghai and takes any IANA zone', () => {
    expect(loadConfig({}).timeZone).toBe('Asia/Shanghai');
    expect(loadConfig({ TZ: 'Europe/London' }).timeZone).toBe('Europe/London');
  });
  it('refuses an unknown zone, naming the setting', () => {
    expect(() => loadConfig({ TZ: 'Mars/Olympus' })).toThrow(/TZ/);
  });
});

describe('wall-clock times in the configured zone', () => {
  it('formats and parses in the zone, DST included', () => {
    setTimeZone('Asia/Shanghai');
    expect(formatDateTime(INSTANT)).toBe('2026-01-06 07:30:00');
    expect(parseDateTime('2026-01-06 07:30:00')).toBe(INSTANT);
    setTimeZone('America/New_York');
    expect(formatDateTime(INSTANT)).toBe('2026-01-05 18:30:00');
    // Summer time: four hours behind UTC.
    expect(formatDateTime(Date.UTC(2026, 6, 1, 12))).toBe('2026-07-01 08:00:00');
    expect(parseDateTime('2026-07-01 08:00:00')).toBe(Date.UTC(2026, 6, 1, 12));
  });
});

describe('greeting under the server time zone', () => {
  it('greets by the zone from /config.json, not by the browser clock', () => {
    setRuntimeConfig({ timeZone: 'Asia/Shanghai' });
    expect(greetingNow(INSTANT)).toBe('早上好');
    expect(serverToday(INSTANT)).toBe('2026-01-06');
    setRuntimeConfig({ timeZone: 'Europe/London' });
    expect(greetingNow(INSTANT)).toBe('晚上好');
    expect(serverToday(INSTANT)).toBe('2026-01-05');
    setRuntimeConfig({ timeZone: 'America/New_York' });
    expect(greetingNow(INSTANT)).toBe('下午好');
  });
  it('keeps the previous zone when the server names one the browser does not know', () => {
    setRuntimeConfig({ timeZone: 'Europe/London' });
    setRuntimeConfig({ timeZone: 'Not/AZone' });
    expect(getRuntimeConfig().timeZone).toBe('Europe/London');
    expect(greetingNow(INSTANT)).toBe('晚上好');
  });
});
