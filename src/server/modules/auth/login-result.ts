import type { Kysely, Selectable } from 'kysely';
import type { Database, SysUserTable } from '../../db/tables.js';
import { roleInfo } from '../../auth/permissions.js';

export type UserRow = Selectable<SysUserTable>;

/** A user as the API shows it: never the password hash. */
export function publicUser(row: UserRow) {
  const { passwordHash: _hidden, ...rest } = row;
  return rest;
}

export interface DictModel {
  value: string;
  text: string;
  title: string;
  label: string;
}

/** Every enabled dictionary item, grouped by dictionary code (login's `sysAllDictItems`). */
export async function allDictItems(db: Kysely<Database>): Promise<Record<string, DictModel[]>> {
  const rows = await db
    .selectFrom('sysDictItem as i')
    .innerJoin('sysDict as d', 'd.id', 'i.dictId')
    .select(['d.dictCode', 'i.itemValue', 'i.itemText'])
    .where('i.status', '=', 1)
    .where('d.delFlag', '=', 0)
    .orderBy('d.dictCode')
    .orderBy('i.sortOrder')
    .execute();
  const out: Record<string, DictModel[]> = {};
  for (const r of rows) {
    (out[r.dictCode] ??= []).push({ value: r.itemValue, text: r.itemText, title: r.itemText, label: r.itemText });
  }
  return out;
}

export async function userDeparts(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .selectAll('d')
    .where('ud.userId', '=', userId)
    .where('d.delFlag', '=', '0')
    .orderBy('d.orgCode')
    .execute();
}

/** userInfo with the console's extras: role codes, the strongest workClass, current department code. */
export async function userInfo(db: Kysely<Database>, row: UserRow, orgCode: string | null) {
  const { roleCodes, workClass } = await roleInfo(db, row.id);
  const departName = orgCode
    ? (await db.selectFrom('sysDepart').select('departName').where('orgCode', '=', orgCode).executeTakeFirst())
        ?.departName ?? null
    : null;
  return {
    ...publicUser(row),
    orgCode,
    deptCode: orgCode,
    orgCodeTxt: departName,
    roleCodeList: roleCodes,
    workClass,
  };
}

/**
 * The full login result of protocol.md §2.2: token, userInfo, departs, multi_depart, sysAllDictItems
 * and the user's active tenants. With one department it becomes current; with several the last one
 * stays current (or the first) and the console asks the user to choose.
 */
export async function loginResult(db: Kysely<Database>, row: UserRow, token: string, orgCode: string | null) {
  const departs = await userDeparts(db, row.id);
  const tenantIds = (row.relTenantIds ?? '')
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
  const tenantList = tenantIds.length
    ? await db.selectFrom('sysTenant').selectAll().where('id', 'in', tenantIds).where('status', '=', 1).execute()
    : [];
  return {
    token,
    userInfo: await userInfo(db, row, orgCode),
    departs,
    multi_depart: departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2,
    sysAllDictItems: await allDictItems(db),
    ...(tenantIds.length ? { tenantList } : {}),
  };
}

/** The department that becomes current at sign-in. */
export async function initialOrgCode(db: Kysely<Database>, row: UserRow): Promise<string | null> {
  const departs = await userDeparts(db, row.id);
  if (departs.length === 0) return null;
  if (row.orgCode && departs.some((d) => d.orgCode === row.orgCode)) return row.orgCode;
  return departs[0].orgCode;
}
