import type { FastifyRequest } from 'fastify';
import { keepStoredValue, maskValue, revealPermission, type SensitiveKind } from '../../shared/mask.js';
import { securityLog } from '../audit/security-log.js';
import { columnOf } from '../db/entity-sync.js';
import type { Definitions } from '../definitions/load.js';
import type { FieldMap } from './list-query.js';

/**
 * Which fields hold personal data, who may see them whole, and applying that to rows (issue 11 §6).
 * Entities declare `sensitive` per field; the system tables are declared here. Lists, details,
 * exports and popup reports pass their rows through `protectRows`; edits pass the submitted values
 * through `keepStoredValues`.
 */

export interface SensitiveField {
  /** The record key (camelCase, as the API returns it). */
  field: string;
  kind: SensitiveKind;
}

/** The personal columns of the system tables (by table name as the database spells it). */
const SYSTEM_SENSITIVE: Record<string, SensitiveField[]> = {
  sys_user: [
    { field: 'phone', kind: 'phone' },
    { field: 'telephone', kind: 'phone' },
    { field: 'email', kind: 'email' },
  ],
  sys_depart: [{ field: 'mobile', kind: 'phone' }],
};

/** The user table's personal fields (the user write path restores them; no definitions needed). */
export const USER_SENSITIVE = SYSTEM_SENSITIVE.sys_user;
/** The department table's personal fields (its contact number). */
export const DEPART_SENSITIVE = SYSTEM_SENSITIVE.sys_depart;

/** The personal fields of a system table or an entity (empty when it has none). */
export function sensitiveFields(defs: Definitions, table: string): SensitiveField[] {
  if (Object.prototype.hasOwnProperty.call(SYSTEM_SENSITIVE, table)) return SYSTEM_SENSITIVE[table];
  const entity = defs.entities.find((e) => e.code === table);
  return (entity?.fields ?? []).flatMap((f) => (f.sensitive ? [{ field: f.name, kind: f.sensitive }] : []));
}

/**
 * Column names that are personal data wherever they occur (phone, e-mail, ID card, birthday, address,
 * bank card, passport): declared once, matched as parts of a snake_case name (`contact_phone`).
 */
export const PERSONAL_COLUMN_PARTS = ['phone', 'mobile', 'mail', 'id_card', 'idcard', 'id_no', 'birth', 'address', 'bank', 'passport'] as const;

/**
 * Whether a column of a table is personal data: by name, or declared sensitive (system tables here,
 * entities in their definition). Such a column is never readable through a table dictionary.
 */
export function isPersonalColumn(defs: Definitions, table: string, column: string): boolean {
  const name = column.toLowerCase();
  if (PERSONAL_COLUMN_PARTS.some((part) => name.includes(part))) return true;
  return sensitiveFields(defs, table).some((f) => columnOf(f.field) === name);
}

export const personalColumnMessage = (table: string, column: string) =>
  `表字典不允许访问个人信息字段：${table}.${column}（手机号、邮箱、身份证号、生日、地址等只在有权限的列表中脱敏显示）`;

const hasValue = (v: unknown) => v !== null && v !== undefined && v !== '';

/** Requests that already wrote their reveal entry: one entry per request, however many calls. */
const logged = new WeakSet<FastifyRequest>();

/**
 * Masks the fields the caller may not see whole (also their `_dictText`), and writes one
 * `sensitive.reveal` security-log entry per request when full values of the others went out.
 */
export async function protectRows<T extends Record<string, unknown>>(
  request: FastifyRequest,
  table: string,
  fields: SensitiveField[],
  rows: T[],
): Promise<T[]> {
  if (fields.length === 0 || rows.length === 0) return rows;
  const perms = await request.permissions();
  const hidden = fields.filter((f) => !perms.has(revealPermission(f.kind)));
  const shown = fields.filter((f) => perms.has(revealPermission(f.kind)));
  const out = hidden.length
    ? rows.map((row) => {
        const copy: Record<string, unknown> = { ...row };
        for (const f of hidden) {
          if (f.field in copy) copy[f.field] = maskValue(f.kind, copy[f.field]);
          const text = `${f.field}_dictText`;
          if (text in copy) copy[text] = maskValue(f.kind, copy[text]);
        }
        return copy as T;
      })
    : rows;
  const revealed = shown.filter((f) => rows.some((r) => hasValue(r[f.field])));
  if (revealed.length && !logged.has(request)) {
    logged.add(request);
    const count = rows.filter((r) => revealed.some((f) => hasValue(r[f.field]))).length;
    await securityLog(request, {
      event: 'sensitive.reveal',
      content: `显示敏感信息明文：表 ${table}，字段 ${revealed.map((f) => f.field).join('、')}，共 ${count} 行`,
      target: table,
    });
  }
  return out;
}

/**
 * The submitted values with every masked value equal to the mask of the stored one replaced by the
 * stored value, so saving a form that loaded masked values does not overwrite them with the mask.
 */
export function keepStoredValues<T extends Record<string, unknown>>(
  fields: SensitiveField[],
  submitted: T,
  stored: Record<string, unknown>,
): T {
  const out: Record<string, unknown> = { ...submitted };
  for (const f of fields)
    if (Object.prototype.hasOwnProperty.call(submitted, f.field))
      out[f.field] = keepStoredValue(f.kind, submitted[f.field], stored[f.field]);
  return out as T;
}

/**
 * The field map a list request may filter and sort with: fields the caller sees masked allow only
 * whole-value equality (list-query `exactOnly`), so masking cannot be undone by probing.
 */
export async function probeSafeFields<M extends FieldMap>(request: FastifyRequest, fields: M, sensitive: SensitiveField[]): Promise<M> {
  const hidden = (await maskedFor(request, sensitive)).filter((f) => Object.prototype.hasOwnProperty.call(fields, f.field));
  if (hidden.length === 0) return fields;
  const out: FieldMap = { ...fields };
  for (const f of hidden) out[f.field] = { ...fields[f.field], exactOnly: true };
  return out as M;
}

/** The fields of `sensitive` the caller sees masked (lacks their `sensitive:<kind>` permission). */
export async function maskedFor(request: FastifyRequest, sensitive: SensitiveField[]): Promise<SensitiveField[]> {
  if (sensitive.length === 0) return [];
  const perms = await request.permissions();
  return sensitive.filter((f) => !perms.has(revealPermission(f.kind)));
}
