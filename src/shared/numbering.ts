/**
 * Numbering rules (填值规则) as text: parsing a field's pattern such as `KH{yyyyMMdd}{seq:4}`, the period
 * its sequence restarts in, and the value for a sequence number at an instant. Pure, so the definition
 * check, the server and the tests share one reading; the sequences themselves live in the database
 * (server/modules/online/numbering.ts).
 */
import type { EntityDefinition, EntityField } from './schema-types.js';
import { formatDateTime } from './time.js';

export type NumberingRule = NonNullable<EntityField['numbering']>;
export type NumberingReset = NonNullable<NumberingRule['reset']>;

/** One piece of a pattern: literal text, a date part, or the sequence (padded to `width` digits). */
export type NumberingPart =
  { kind: 'text'; text: string } | { kind: 'date'; format: string } | { kind: 'seq'; width: number };

const DATE_TOKEN = /^(yyyy|yy|MM|dd)+$/;
const SEQ_TOKEN = /^seq(?::(\d{1,2}))?$/;
export const MAX_SEQ_WIDTH = 12;

/** The pattern's parts, or a Chinese message naming what is wrong with it. */
export function parseNumberingPattern(pattern: string): { parts: NumberingPart[] } | { error: string } {
  const parts: NumberingPart[] = [];
  let seqs = 0;
  const re = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
  for (let m = re.exec(pattern); m; m = re.exec(pattern)) {
    const [, token, text, stray] = m;
    if (stray) return { error: `编号规则 "${pattern}" 的花括号不成对` };
    if (text !== undefined) {
      parts.push({ kind: 'text', text });
      continue;
    }
    const seq = SEQ_TOKEN.exec(token);
    if (seq) {
      const width = seq[1] === undefined ? 1 : Number(seq[1]);
      if (width < 1 || width > MAX_SEQ_WIDTH)
        return { error: `编号规则 "${pattern}" 的 {seq:N} 位数应为 1 到 ${MAX_SEQ_WIDTH}` };
      parts.push({ kind: 'seq', width });
      seqs += 1;
    } else if (DATE_TOKEN.test(token)) parts.push({ kind: 'date', format: token });
    else
      return {
        error: `编号规则 "${pattern}" 含未知的占位符 {${token}}（可用 {yyyy} {yy} {MM} {dd} 及其组合如 {yyyyMMdd}，和 {seq:N}）`,
      };
  }
  if (seqs !== 1) return { error: `编号规则 "${pattern}" 应含且只含一个序号占位符 {seq:N}` };
  return { parts };
}

/** The date parts a pattern writes, for the check that its numbers cannot repeat after a reset. */
function writtenDateParts(parts: NumberingPart[]): Set<'year' | 'month' | 'day'> {
  const found = new Set<'year' | 'month' | 'day'>();
  for (const p of parts) {
    if (p.kind !== 'date') continue;
    if (p.format.includes('yy')) found.add('year');
    if (p.format.includes('MM')) found.add('month');
    if (p.format.includes('dd')) found.add('day');
  }
  return found;
}

const RESET_NEEDS: Record<NumberingReset, Array<'year' | 'month' | 'day'>> = {
  never: [],
  year: ['year'],
  month: ['year', 'month'],
  day: ['year', 'month', 'day'],
};
const PART_TOKEN = { year: '{yyyy}', month: '{MM}', day: '{dd}' } as const;

/**
 * What is wrong with a field's numbering rule inside its entity, as `[path, message]` pairs (the path of
 * the property inside the field the message is about), empty when nothing is.
 */
export function numberingProblems(
  entity: Pick<EntityDefinition, 'scope'>,
  field: EntityField,
): Array<[string[], string]> {
  const rule = field.numbering;
  if (!rule) return [];
  const out: Array<[string[], string]> = [];
  if (field.type !== 'string') out.push([['type'], '编号字段的类型应为 string']);
  if (field.required) out.push([['required'], '编号由服务器在保存时生成，编号字段不能设为 required']);
  if (field.default !== undefined) out.push([['default'], '编号字段不能有默认值']);
  const parsed = parseNumberingPattern(rule.pattern);
  if ('error' in parsed) return [...out, [['numbering', 'pattern'], parsed.error]];
  // Without the period's date parts in the value, a restarted sequence would repeat earlier numbers.
  const written = writtenDateParts(parsed.parts);
  const missing = RESET_NEEDS[rule.reset ?? 'never'].filter((p) => !written.has(p));
  if (missing.length)
    out.push([
      ['numbering', 'pattern'],
      `按${RESET_LABEL[rule.reset ?? 'never']}重新编号时，编号规则须含 ${missing.map((p) => PART_TOKEN[p]).join(' ')}，否则编号会重复`,
    ]);
  const length = formatNumber(parsed.parts, 1, 0).length;
  if (field.type === 'string' && length > (field.length ?? 255))
    out.push([['numbering', 'pattern'], `编号长度 ${length} 超过字段长度 ${field.length ?? 255}`]);
  if (rule.per === 'tenant' && !entity.scope?.tenant)
    out.push([['numbering', 'per'], '实体没有租户范围（scope.tenant），编号不能按租户分别计数']);
  return out;
}

const RESET_LABEL: Record<NumberingReset, string> = { never: '不重置', year: '年', month: '月', day: '日' };

/** Formats date parts such as `yyyyMMdd` on the configured zone's wall clock. */
function formatDatePart(format: string, wall: string): string {
  const [y, mo, d] = [wall.slice(0, 4), wall.slice(5, 7), wall.slice(8, 10)];
  return format.replace(/yyyy|yy|MM|dd/g, (t) =>
    t === 'yyyy' ? y : t === 'yy' ? y.slice(2) : t === 'MM' ? mo : d,
  );
}

/** The value of sequence number `seq` at instant `now` (ms); the sequence outgrows its padding rather than wrap. */
export function formatNumber(parts: NumberingPart[], seq: number, now: number, timeZone?: string): string {
  const wall = formatDateTime(now, timeZone);
  return parts
    .map((p) =>
      p.kind === 'text'
        ? p.text
        : p.kind === 'date'
          ? formatDatePart(p.format, wall)
          : String(seq).padStart(p.width, '0'),
    )
    .join('');
}

/** The period a sequence counts in: `20261125` (day), `202611` (month), `2026` (year) or '' (never). */
export function numberingPeriod(reset: NumberingReset | undefined, now: number, timeZone?: string): string {
  const wall = formatDateTime(now, timeZone);
  const ymd = wall.slice(0, 10).replaceAll('-', '');
  return reset === 'day'
    ? ymd
    : reset === 'month'
      ? ymd.slice(0, 6)
      : reset === 'year'
        ? ymd.slice(0, 4)
        : '';
}

/** Whether the rule counts per tenant: as declared, else per tenant exactly when the entity is tenant-scoped. */
export const numberingPerTenant = (entity: Pick<EntityDefinition, 'scope'>, rule: NumberingRule): boolean =>
  (rule.per ?? (entity.scope?.tenant ? 'tenant' : 'global')) === 'tenant';
