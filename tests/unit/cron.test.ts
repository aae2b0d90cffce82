import {
  CRON_BOUNDS,
  checkCron,
  checkCronState,
  defaultCronState,
  parseCron,
  printCron,
  type CronState,
} from '../../src/shared/cron';
import { describeCron, nextRunTimes } from '../../src/client/widgets/cron/schedule';

const FROM = new Date('2026-11-22T00:00:00+08:00'); // a Sunday

describe('parse and print', () => {
  const canonical = [
    '* * * * * ? *',
    '0/5 1/10 2/3 ? * 2/1 *',
    '0 0 12 1/5 * ? *',
    '0 0 12 ? * 2,4,6 *',
    '0 0 12 1,15,31 * ? *',
    '0 15 10 L * ? *',
    '0 15 10 LW * ? *',
    '0 15 10 ? * 6L *',
    '0 15 10 L-3 * ? *',
    '0 15 10 15W * ? *',
    '0 15 10 ? * 6#3 *',
    '1,2,3 4-8 0-23 * 1-6 ? 2019-2119',
    '0 0 0 * 3/2 ? 2020/5',
  ];
  test.each(canonical)('%s survives a round trip', (expr) => {
    const state = parseCron(expr);
    expect(printCron(state)).toBe(expr);
    expect(parseCron(printCron(state))).toEqual(state);
  });

  test('maps each day expression to its day mode (spec §4)', () => {
    const mode = (day: string, week: string) => parseCron(`0 0 0 ${day} * ${week} *`).day.mode;
    expect(mode('*', '?')).toBe(1);
    expect(mode('?', '2/3')).toBe(2);
    expect(mode('1/2', '?')).toBe(3);
    expect(mode('?', '1,7')).toBe(4);
    expect(mode('5,6', '?')).toBe(5);
    expect(mode('L', '?')).toBe(6);
    expect(mode('LW', '?')).toBe(7);
    expect(mode('?', '5L')).toBe(8);
    expect(mode('L-2', '?')).toBe(9);
    expect(mode('20W', '?')).toBe(10);
    expect(mode('?', '2#1')).toBe(11);
  });

  test('missing fields default to * and the week to ?', () => {
    expect(printCron(parseCron(''))).toBe('* * * * * ? *');
    expect(printCron(parseCron('0 30 9'))).toBe('0 30 9 * * ? *');
  });

  test('reads weekday and month names and */n', () => {
    expect(printCron(parseCron('0 0 9 ? JAN,MAR MON,FRI'))).toBe('0 0 9 ? 1,3 2,6 *');
    expect(printCron(parseCron('*/10 * * * * ?'))).toBe('0/10 * * * * ? *');
  });

  test('refuses what Quartz cannot run', () => {
    expect(checkCron('0 0 0 1 * 2 *')).toEqual({ ok: false, error: '日和周字段必须有且只有一个为“?”' });
    expect(checkCron('0 0 0 ? * ? *').ok).toBe(false);
    expect(checkCron('0 0 0 1-5 * ? *')).toMatchObject({ ok: false, error: expect.stringContaining('日字段无法识别') });
    expect(checkCron('1 2 3 4 5 ? 2020 9').ok).toBe(false);
  });

  test('prints state changed by the editor', () => {
    const s: CronState = defaultCronState();
    s.second = { ...s.second, mode: 3, specific: [30, 0] };
    s.minute = { ...s.minute, mode: 4, rangeStart: 10, rangeEnd: 20 };
    s.day.mode = 11;
    s.week.nthWeekday = 2;
    s.week.nth = 1;
    expect(printCron(s)).toBe('0,30 10-20 * ? * 2#1 *');
  });
});

describe('bounds of spec §5', () => {
  const err = (expr: string) => {
    const r = checkCron(expr);
    return r.ok ? '' : r.error;
  };
  test('second increment 1-59, start 0-59', () => {
    expect(err('0/59 * * * * ? *')).toBe('');
    expect(err('0/60 * * * * ? *')).toBe('秒的间隔取值范围为 1-59');
    expect(err('60/1 * * * * ? *')).toBe('秒的起始值取值范围为 0-59');
  });
  test('minute increment 1-60, start 0-59', () => {
    expect(err('0 0/60 * * * ? *')).toBe('');
    expect(err('0 0/61 * * * ? *')).toBe('分的间隔取值范围为 1-60');
  });
  test('hour 0-23', () => {
    expect(err('0 0 24 * * ? *')).toBe('时的指定值取值范围为 0-23');
    expect(err('0 0 0/0 * * ? *')).toBe('时的间隔必须大于 0');
  });
  test('day increment and start 1-31, nearest weekday 1-31, days before end', () => {
    expect(err('0 0 0 0/2 * ? *')).toBe('日的起始值取值范围为 1-31');
    expect(err('0 0 0 1/32 * ? *')).toBe('日的间隔取值范围为 1-31');
    expect(err('0 0 0 32W * ? *')).toBe('日的最近工作日取值范围为 1-31');
    expect(err('0 0 0 32 * ? *')).toBe('日的指定值取值范围为 1-31');
  });
  test('week increment 1-7, Nth 1-5', () => {
    expect(err('0 0 0 ? * 1/8 *')).toBe('周的间隔取值范围为 1-7');
    expect(err('0 0 0 ? * 2#6 *')).toBe('周的第几周取值范围为 1-5');
    expect(err('0 0 0 ? * 8L *')).toBe('周的星期取值范围为 1-7');
  });
  test('month 0-12 for increments, 1-12 for ranges', () => {
    expect(CRON_BOUNDS.month.incrementIncrement).toEqual({ min: 0, max: 12 });
    expect(err('0 0 0 1 13/1 ? *')).toBe('月的起始值取值范围为 0-12');
    expect(err('0 0 0 1 0-12 ? *')).toBe('月的区间取值范围为 1-12');
    expect(err('0 0 0 1 0/2 ? *')).toBe('月的起始值必须在 1-12 之间');
  });
  test('year increment 1-99, years 2019-2119', () => {
    expect(err('0 0 0 1 1 ? 2019/99')).toBe('');
    expect(err('0 0 0 1 1 ? 2019/100')).toBe('年的间隔取值范围为 1-99');
    expect(err('0 0 0 1 1 ? 2018-2020')).toBe('年的区间取值范围为 2019-2119');
    expect(err('0 0 0 1 1 ? 2120')).toBe('年的指定值取值范围为 2019-2119');
  });
  test('state checks report every problem', () => {
    const s = defaultCronState();
    s.second.mode = 2;
    s.second.incrementIncrement = 0;
    s.day.mode = 9;
    s.day.daysBeforeEnd = 40;
    expect(checkCronState(s)).toEqual(['秒的间隔取值范围为 1-59', '秒的间隔必须大于 0', '日的月末前天数取值范围为 1-31']);
  });
});

describe('next five runs (croner, Quartz weekdays, CST)', () => {
  test('Quartz 2 is Monday', () => {
    expect(nextRunTimes('0 0 9 ? * 2 *', 2, FROM)).toEqual(['2026-11-23 09:00:00', '2026-11-30 09:00:00']);
  });
  test('start/step means from start to the end of the field', () => {
    expect(nextRunTimes('0 0 12 1/10 * ? *', 5, FROM)).toEqual([
      '2026-12-01 12:00:00',
      '2026-12-11 12:00:00',
      '2026-12-21 12:00:00',
      '2026-12-31 12:00:00',
      '2027-01-01 12:00:00',
    ]);
  });
  test('L-n, LW, nL, n#m and nW', () => {
    expect(nextRunTimes('0 0 8 L-3 * ? *', 3, FROM)).toEqual(['2026-11-27 08:00:00', '2026-12-28 08:00:00', '2027-01-28 08:00:00']);
    expect(nextRunTimes('0 0 8 LW * ? *', 2, FROM)).toEqual(['2026-11-30 08:00:00', '2026-12-31 08:00:00']);
    expect(nextRunTimes('0 0 8 ? * 6L *', 2, FROM)).toEqual(['2026-11-27 08:00:00', '2026-12-25 08:00:00']);
    expect(nextRunTimes('0 0 8 ? * 6#3 *', 2, FROM)).toEqual(['2026-12-18 08:00:00', '2027-01-15 08:00:00']);
    // 2027-01-31 is a Sunday: the nearest workday is Friday the 29th.
    expect(nextRunTimes('0 0 8 31W * ? *', 2, FROM)).toEqual(['2026-12-31 08:00:00', '2027-01-29 08:00:00']);
  });
  test('every second gives five consecutive seconds', () => {
    expect(nextRunTimes('* * * * * ? *', 5, FROM)).toHaveLength(5);
  });
  test('an invalid expression throws its message', () => {
    expect(() => nextRunTimes('0 0 0 1 * 2 *')).toThrow('日和周字段必须有且只有一个为“?”');
  });
});

describe('Chinese description (cronstrue zh_CN)', () => {
  test('describes Nth weekday and times', () => {
    expect(describeCron('0 15 10 ? * 6#3 *')).toBe('在10:15, 限每月的第三个 星期五');
    expect(describeCron('0 0 12 ? * 2,4 *')).toContain('星期一');
  });
});
