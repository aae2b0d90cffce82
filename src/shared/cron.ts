/**
 * Quartz-style 7-field cron expressions (second minute hour day month week year) as the cron editor
 * models them (spec §4, §5): each plain field has four modes, the day and week fields together have eleven
 * "day modes". `parseCron` turns text into that state, `printCron` turns it back, and `checkCron` applies
 * the spec's input bounds plus the Quartz rules the editor relies on. Pure: no DOM, no dates.
 */

export type PlainFieldName = 'second' | 'minute' | 'hour' | 'month' | 'year';
export type CronFieldName = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'week' | 'year';
export const CRON_FIELDS: CronFieldName[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];

/** 1 every (`*`), 2 increment (`start/step`), 3 specific list (`a,b`), 4 range (`a-b`). */
export type PlainMode = 1 | 2 | 3 | 4;

export interface PlainField {
  mode: PlainMode;
  incrementStart: number;
  incrementIncrement: number;
  specific: number[];
  rangeStart: number;
  rangeEnd: number;
}

/**
 * Day modes (spec §4): 1 every day; 2 every N days from weekday (week `a/b`); 3 every N days from day
 * (`a/b`); 4 specific weekdays; 5 specific days; 6 last day (`L`); 7 last workday (`LW`); 8 last given
 * weekday (week `nL`); 9 N days before month end (`L-n`); 10 nearest workday to day N (`nW`);
 * 11 Nth weekday of the month (week `d#n`).
 */
export type DayMode = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;

export interface DayField {
  mode: DayMode;
  /** Mode 3: first day and step. */
  incrementStart: number;
  incrementIncrement: number;
  /** Mode 5: days of the month. */
  specific: number[];
  /** Mode 9: days before the end of the month. */
  daysBeforeEnd: number;
  /** Mode 10: day whose nearest workday fires. */
  nearestWeekday: number;
}

export interface WeekField {
  /** Mode 2: first weekday (Quartz 1 = Sunday … 7 = Saturday) and step. */
  incrementStart: number;
  incrementIncrement: number;
  /** Mode 4: weekdays. */
  specific: number[];
  /** Mode 8: the weekday whose last occurrence fires. */
  lastWeekday: number;
  /** Mode 11: weekday and which occurrence (1-5). */
  nthWeekday: number;
  nth: number;
}

export interface CronState {
  second: PlainField;
  minute: PlainField;
  hour: PlainField;
  day: DayField;
  month: PlainField;
  week: WeekField;
  year: PlainField;
}

interface Range {
  min: number;
  max: number;
}
interface PlainBounds {
  /** Values a specific list or a range may hold. */
  value: Range;
  incrementStart: Range;
  incrementIncrement: Range;
}

/**
 * The editor's input bounds (spec §5). Month keeps the spec's 0-12 for its increment inputs; `checkCron`
 * still refuses a zero step or month 0, which Quartz cannot run.
 */
export const CRON_BOUNDS: Record<PlainFieldName, PlainBounds> & {
  day: { incrementStart: Range; incrementIncrement: Range; specific: Range; daysBeforeEnd: Range; nearestWeekday: Range };
  week: { incrementStart: Range; incrementIncrement: Range; specific: Range; weekday: Range; nth: Range };
} = {
  second: { value: { min: 0, max: 59 }, incrementStart: { min: 0, max: 59 }, incrementIncrement: { min: 1, max: 59 } },
  minute: { value: { min: 0, max: 59 }, incrementStart: { min: 0, max: 59 }, incrementIncrement: { min: 1, max: 60 } },
  hour: { value: { min: 0, max: 23 }, incrementStart: { min: 0, max: 23 }, incrementIncrement: { min: 0, max: 23 } },
  month: { value: { min: 1, max: 12 }, incrementStart: { min: 0, max: 12 }, incrementIncrement: { min: 0, max: 12 } },
  year: {
    value: { min: 2019, max: 2119 },
    incrementStart: { min: 2019, max: 2119 },
    incrementIncrement: { min: 1, max: 99 },
  },
  day: {
    incrementStart: { min: 1, max: 31 },
    incrementIncrement: { min: 1, max: 31 },
    specific: { min: 1, max: 31 },
    daysBeforeEnd: { min: 1, max: 31 },
    nearestWeekday: { min: 1, max: 31 },
  },
  week: {
    incrementStart: { min: 1, max: 7 },
    incrementIncrement: { min: 1, max: 7 },
    specific: { min: 1, max: 7 },
    weekday: { min: 1, max: 7 },
    nth: { min: 1, max: 5 },
  },
};

/** Chinese names of the fields, used in error messages. */
export const CRON_FIELD_TITLES: Record<CronFieldName, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];

function plainDefault(field: PlainFieldName): PlainField {
  const b = CRON_BOUNDS[field];
  const first = field === 'month' ? 1 : b.value.min;
  return {
    mode: 1,
    incrementStart: field === 'month' ? 1 : b.incrementStart.min,
    incrementIncrement: 1,
    specific: [],
    rangeStart: first,
    rangeEnd: first + 1,
  };
}

/** The state of `* * * * * ? *`: every second. */
export function defaultCronState(): CronState {
  return {
    second: plainDefault('second'),
    minute: plainDefault('minute'),
    hour: plainDefault('hour'),
    day: { mode: 1, incrementStart: 1, incrementIncrement: 1, specific: [], daysBeforeEnd: 1, nearestWeekday: 1 },
    month: plainDefault('month'),
    week: { incrementStart: 1, incrementIncrement: 1, specific: [], lastWeekday: 1, nthWeekday: 1, nth: 1 },
    year: plainDefault('year'),
  };
}

export class CronParseError extends Error {}

function fail(field: CronFieldName, text: string): never {
  throw new CronParseError(`${CRON_FIELD_TITLES[field]}字段无法识别：${text}`);
}

function toInt(field: CronFieldName, text: string): number {
  const upper = text.toUpperCase();
  if (field === 'week') {
    const i = WEEK_NAMES.indexOf(upper);
    if (i >= 0) return i + 1;
  }
  if (field === 'month') {
    const i = MONTH_NAMES.indexOf(upper);
    if (i >= 0) return i + 1;
  }
  if (!/^\d+$/.test(text)) fail(field, text);
  return Number(text);
}

function parseList(field: CronFieldName, text: string): number[] {
  const values = text.split(',').map((v) => toInt(field, v));
  return [...new Set(values)].sort((a, b) => a - b);
}

function parsePlain(name: PlainFieldName, text: string): PlainField {
  const f = plainDefault(name);
  if (text === '*' || text === '?') return f;
  let m = /^(\*|\w+)\/(\d+)$/.exec(text);
  if (m) {
    f.mode = 2;
    f.incrementStart = m[1] === '*' ? CRON_BOUNDS[name].value.min : toInt(name, m[1]);
    f.incrementIncrement = Number(m[2]);
    return f;
  }
  m = /^(\w+)-(\w+)$/.exec(text);
  if (m) {
    f.mode = 4;
    f.rangeStart = toInt(name, m[1]);
    f.rangeEnd = toInt(name, m[2]);
    return f;
  }
  if (/^\w+(,\w+)*$/.test(text)) {
    f.mode = 3;
    f.specific = parseList(name, text);
    return f;
  }
  return fail(name, text);
}

function parseDayWeek(dayText: string, weekText: string, state: CronState) {
  const day = state.day;
  const week = state.week;
  const dayFree = dayText === '?';
  const weekFree = weekText === '?';
  if (dayFree === weekFree) {
    // Quartz runs only when exactly one of the two is '?'; "* *" is read as "every day".
    if (dayText === '*' && weekText === '*') return;
    throw new CronParseError('日和周字段必须有且只有一个为“?”');
  }
  if (weekFree) {
    let m: RegExpExecArray | null;
    if (dayText === '*') day.mode = 1;
    else if (dayText === 'L') day.mode = 6;
    else if (dayText === 'LW') day.mode = 7;
    else if ((m = /^L-(\d+)$/.exec(dayText))) {
      day.mode = 9;
      day.daysBeforeEnd = Number(m[1]);
    } else if ((m = /^(\d+)W$/.exec(dayText))) {
      day.mode = 10;
      day.nearestWeekday = Number(m[1]);
    } else if ((m = /^(\*|\d+)\/(\d+)$/.exec(dayText))) {
      day.mode = 3;
      day.incrementStart = m[1] === '*' ? 1 : Number(m[1]);
      day.incrementIncrement = Number(m[2]);
    } else if (/^\d+(,\d+)*$/.test(dayText)) {
      day.mode = 5;
      day.specific = parseList('day', dayText);
    } else fail('day', dayText);
    return;
  }
  let m: RegExpExecArray | null;
  if (weekText === '*') day.mode = 1;
  else if ((m = /^(\w+)L$/.exec(weekText))) {
    day.mode = 8;
    week.lastWeekday = toInt('week', m[1]);
  } else if ((m = /^(\w+)#(\d+)$/.exec(weekText))) {
    day.mode = 11;
    week.nthWeekday = toInt('week', m[1]);
    week.nth = Number(m[2]);
  } else if ((m = /^(\*|\w+)\/(\d+)$/.exec(weekText))) {
    day.mode = 2;
    week.incrementStart = m[1] === '*' ? 1 : toInt('week', m[1]);
    week.incrementIncrement = Number(m[2]);
  } else if (/^\w+(,\w+)*$/.test(weekText)) {
    day.mode = 4;
    week.specific = parseList('week', weekText);
  } else fail('week', weekText);
}

/**
 * Reads an expression into editor state. Missing trailing fields default to `*` (week to `?`); an empty
 * string is "every second". Throws CronParseError for what the editor cannot represent (e.g. day ranges).
 */
export function parseCron(expression: string): CronState {
  const parts = (expression ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length > 7) throw new CronParseError('表达式最多 7 个字段（秒 分 时 日 月 周 年）');
  const [second = '*', minute = '*', hour = '*', day = '*', month = '*', week = '?', year = '*'] = parts;
  const state = defaultCronState();
  state.second = parsePlain('second', second);
  state.minute = parsePlain('minute', minute);
  state.hour = parsePlain('hour', hour);
  state.month = parsePlain('month', month);
  state.year = parsePlain('year', year);
  parseDayWeek(day, week, state);
  return state;
}

function printPlain(f: PlainField): string {
  switch (f.mode) {
    case 2:
      return `${f.incrementStart}/${f.incrementIncrement}`;
    case 3:
      return f.specific.length ? [...f.specific].sort((a, b) => a - b).join(',') : '*';
    case 4:
      return `${f.rangeStart}-${f.rangeEnd}`;
    default:
      return '*';
  }
}

function printDay(s: CronState): [string, string] {
  const d = s.day;
  const w = s.week;
  const list = (values: number[]) => [...values].sort((a, b) => a - b).join(',');
  switch (d.mode) {
    case 2:
      return ['?', `${w.incrementStart}/${w.incrementIncrement}`];
    case 3:
      return [`${d.incrementStart}/${d.incrementIncrement}`, '?'];
    case 4:
      return ['?', w.specific.length ? list(w.specific) : '*'];
    case 5:
      return [d.specific.length ? list(d.specific) : '*', '?'];
    case 6:
      return ['L', '?'];
    case 7:
      return ['LW', '?'];
    case 8:
      return ['?', `${w.lastWeekday}L`];
    case 9:
      return [`L-${d.daysBeforeEnd}`, '?'];
    case 10:
      return [`${d.nearestWeekday}W`, '?'];
    case 11:
      return ['?', `${w.nthWeekday}#${w.nth}`];
    default:
      return ['*', '?'];
  }
}

/** Writes editor state as the 7-field expression. An empty specific list prints as `*`. */
export function printCron(s: CronState): string {
  const [day, week] = printDay(s);
  return [printPlain(s.second), printPlain(s.minute), printPlain(s.hour), day, printPlain(s.month), week, printPlain(s.year)].join(
    ' ',
  );
}

function within(r: Range, v: number) {
  return Number.isInteger(v) && v >= r.min && v <= r.max;
}

function boundMessage(field: CronFieldName, what: string, r: Range) {
  return `${CRON_FIELD_TITLES[field]}的${what}取值范围为 ${r.min}-${r.max}`;
}

function checkPlain(name: PlainFieldName, f: PlainField, errors: string[]) {
  const b = CRON_BOUNDS[name];
  if (f.mode === 2) {
    if (!within(b.incrementStart, f.incrementStart)) errors.push(boundMessage(name, '起始值', b.incrementStart));
    if (!within(b.incrementIncrement, f.incrementIncrement)) errors.push(boundMessage(name, '间隔', b.incrementIncrement));
    if (f.incrementIncrement === 0) errors.push(`${CRON_FIELD_TITLES[name]}的间隔必须大于 0`);
    if (name === 'month' && f.incrementStart === 0) errors.push('月的起始值必须在 1-12 之间');
  } else if (f.mode === 3) {
    if (f.specific.some((v) => !within(b.value, v))) errors.push(boundMessage(name, '指定值', b.value));
  } else if (f.mode === 4) {
    if (!within(b.value, f.rangeStart) || !within(b.value, f.rangeEnd)) errors.push(boundMessage(name, '区间', b.value));
    else if (f.rangeStart > f.rangeEnd) errors.push(`${CRON_FIELD_TITLES[name]}的区间起始值不能大于结束值`);
  }
}

function checkDayWeek(s: CronState, errors: string[]) {
  const d = s.day;
  const w = s.week;
  const db = CRON_BOUNDS.day;
  const wb = CRON_BOUNDS.week;
  switch (d.mode) {
    case 2:
      if (!within(wb.incrementStart, w.incrementStart)) errors.push(boundMessage('week', '起始值', wb.incrementStart));
      if (!within(wb.incrementIncrement, w.incrementIncrement)) errors.push(boundMessage('week', '间隔', wb.incrementIncrement));
      break;
    case 3:
      if (!within(db.incrementStart, d.incrementStart)) errors.push(boundMessage('day', '起始值', db.incrementStart));
      if (!within(db.incrementIncrement, d.incrementIncrement)) errors.push(boundMessage('day', '间隔', db.incrementIncrement));
      break;
    case 4:
      if (w.specific.some((v) => !within(wb.specific, v))) errors.push(boundMessage('week', '指定值', wb.specific));
      break;
    case 5:
      if (d.specific.some((v) => !within(db.specific, v))) errors.push(boundMessage('day', '指定值', db.specific));
      break;
    case 8:
      if (!within(wb.weekday, w.lastWeekday)) errors.push(boundMessage('week', '星期', wb.weekday));
      break;
    case 9:
      if (!within(db.daysBeforeEnd, d.daysBeforeEnd)) errors.push(boundMessage('day', '月末前天数', db.daysBeforeEnd));
      break;
    case 10:
      if (!within(db.nearestWeekday, d.nearestWeekday)) errors.push(boundMessage('day', '最近工作日', db.nearestWeekday));
      break;
    case 11:
      if (!within(wb.weekday, w.nthWeekday)) errors.push(boundMessage('week', '星期', wb.weekday));
      if (!within(wb.nth, w.nth)) errors.push(boundMessage('week', '第几周', wb.nth));
      break;
    default:
      break;
  }
}

/** Every bound and Quartz rule the expression breaks, in Chinese; empty when it is valid. */
export function checkCronState(s: CronState): string[] {
  const errors: string[] = [];
  for (const name of ['second', 'minute', 'hour', 'month', 'year'] as PlainFieldName[]) checkPlain(name, s[name], errors);
  checkDayWeek(s, errors);
  return errors;
}

/** Parses and checks text; returns the state or the first problem. */
export function checkCron(expression: string): { ok: true; state: CronState } | { ok: false; error: string } {
  try {
    const state = parseCron(expression);
    const errors = checkCronState(state);
    return errors.length ? { ok: false, error: errors[0] } : { ok: true, state };
  } catch (e) {
    return { ok: false, error: e instanceof CronParseError ? e.message : String(e) };
  }
}

/** Highest value of each field, used to spell Quartz `a/b` as the `a-max/b` other engines expect. */
export const CRON_FIELD_MAX: Record<CronFieldName, number> = {
  second: 59,
  minute: 59,
  hour: 23,
  day: 31,
  month: 12,
  week: 7,
  year: 2299,
};
