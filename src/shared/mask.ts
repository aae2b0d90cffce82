import type { EntityField } from './schema-types.js';

/**
 * Masking of personal data (数据脱敏, issue 11 §6): pure functions shared by the server (which masks)
 * and the console (which recognises a masked value it loaded). The kinds are the meta-schema's
 * (`sensitive` of an entity field), so a new kind cannot be declared without a mask here.
 */
export type SensitiveKind = NonNullable<EntityField['sensitive']>;

export const MASK_CHAR = '*';

const stars = (n: number) => MASK_CHAR.repeat(Math.max(n, 0));

/** Keeps `head` leading and `tail` trailing characters; short values keep less so something is hidden. */
function keepEnds(value: string, head: number, tail: number): string {
  const chars = [...value];
  if (chars.length <= head + tail) {
    // Too short for the usual shape: keep the first character at most.
    return chars.length <= 1 ? stars(chars.length) : chars[0] + stars(chars.length - 1);
  }
  return chars.slice(0, head).join('') + stars(chars.length - head - tail) + chars.slice(chars.length - tail).join('');
}

const MASKS: Record<SensitiveKind, (value: string) => string> = {
  // 13800000000 → 138****0000
  phone: (v) => keepEnds(v, 3, 4),
  // 110101199001011234 → 1101**********1234
  idCard: (v) => keepEnds(v, 4, 4),
  // 6222020200112233 → 6222********2233
  bankCard: (v) => keepEnds(v, 4, 4),
  // zhangwei@example.cn → z***@example.cn (the domain says where, not who)
  email: (v) => {
    const at = v.lastIndexOf('@');
    if (at <= 0) return keepEnds(v, 1, 0);
    return `${[...v.slice(0, at)][0]}${stars(3)}${v.slice(at)}`;
  },
  // 张伟 → 张*, 欧阳娜娜 → 欧***
  name: (v) => keepEnds(v, 1, 0),
  // 浙江省杭州市解放路1号 → 浙江省杭州市****
  address: (v) => {
    const chars = [...v];
    return chars.length <= 6 ? keepEnds(v, 1, 0) : `${chars.slice(0, 6).join('')}${stars(4)}`;
  },
  // 1980-05-17 → 1980-**-**
  birthday: (v) => (/^\d{4}-/.test(v) ? `${v.slice(0, 4)}-**-**` : keepEnds(v, 1, 0)),
};

/** The masked form of a value; empty values stay empty (there is nothing to hide). */
export function maskValue(kind: SensitiveKind, value: unknown): unknown {
  if (value === null || value === undefined || value === '') return value;
  return MASKS[kind](String(value).trim());
}

/** Whether a text contains the mask character (a value the console loaded masked and may send back). */
export const looksMasked = (value: unknown): boolean => typeof value === 'string' && value.includes(MASK_CHAR);

/**
 * The value to store for a submitted one: a form that loaded a masked value and saves it back sends
 * the mask, which must not replace the stored value. Anything else is the new value.
 */
export function keepStoredValue(kind: SensitiveKind, submitted: unknown, stored: unknown): unknown {
  if (!looksMasked(submitted) || stored === null || stored === undefined || stored === '') return submitted;
  return (submitted as string).trim() === maskValue(kind, stored) ? stored : submitted;
}

/** The permission that reveals values of a kind: `sensitive:phone`, `sensitive:idCard` … */
export const revealPermission = (kind: SensitiveKind) => `sensitive:${kind}`;

/** Every kind, for the permission buttons and the definitions check. */
export const SENSITIVE_KINDS = Object.keys(MASKS) as SensitiveKind[];
