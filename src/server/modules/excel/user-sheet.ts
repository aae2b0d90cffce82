import type { FastifyRequest } from 'fastify';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { AppContext } from '../../context.js';
import { ApiError } from '../../http/errors.js';
import { attachDictText } from '../../lib/dict-text.js';
import { listFilters, sortKeys } from '../../lib/list-query.js';
import { departInScope } from '../../lib/org-scope.js';
import { probeSafeFields, protectRows, USER_SENSITIVE } from '../../lib/sensitive.js';
import { dictItems } from '../dict/dict-items.js';
import { visibleUsers } from '../user/user-access.js';
import { USER_COLUMNS, USER_FIELDS } from '../user/user-fields.js';
import { replaceTenants } from '../user/user-links.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';
import { trackSystemWrite } from '../history/system-change.js';
import { checkedUsername, profilePatch, type ProfilePatch } from '../user/user-input.js';
import type { ImportTarget, PreparedRow } from './import-engine.js';
import { MAX_EXPORT_ROWS } from '../online/entity-records.js';
import { bizError } from '../../http/errors.js';
import { cellDateText, type CellScalar, type SheetColumn } from './workbook.js';
import { email, mobile } from '../../../shared/validators.js';

/**
 * Imported accounts have no usable password: this marker is not a hash, so no password matches it
 * until an administrator sets one (重置密码) or the user resets it by SMS. Nobody ever knows an
 * initial password, and no plaintext password travels in a spreadsheet.
 */
export const IMPORTED_PASSWORD_LOCK = '!imported-reset-required';

export const USER_EXPORT_COLUMNS: SheetColumn[] = [
  { key: 'username', title: '登录账号' },
  { key: 'realname', title: '用户姓名' },
  { key: 'sex', title: '性别' },
  { key: 'birthday', title: '生日' },
  { key: 'phone', title: '手机号码' },
  { key: 'email', title: '电子邮件' },
  { key: 'workNo', title: '工号' },
  { key: 'post', title: '职务' },
  { key: 'telephone', title: '座机' },
  { key: 'orgCode', title: '所属部门编码' },
  { key: 'status', title: '状态' },
  { key: 'createTime', title: '创建时间', width: 20 },
];

const IMPORT_KEYS = [
  'username',
  'realname',
  'sex',
  'birthday',
  'phone',
  'email',
  'workNo',
  'telephone',
  'orgCode',
];
export const USER_IMPORT_COLUMNS = USER_EXPORT_COLUMNS.filter((c) => IMPORT_KEYS.includes(c.key));

/**
 * Users for an export: the list query (or the selected ids) inside the caller's scope, with dictionary
 * text, personal fields masked as in the list.
 */
export async function userExportRows(
  ctx: AppContext,
  request: FastifyRequest,
  query: Record<string, unknown>,
  selections: string[],
) {
  const db = ctx.db.kysely;
  const visible = await visibleUsers(request);
  let q = db.selectFrom('sysUser').select(USER_COLUMNS).where(visible);
  const fields = await probeSafeFields(request, USER_FIELDS, USER_SENSITIVE);
  q = selections.length
    ? q.where('sysUser.id', 'in', selections)
    : q.where((eb) => listFilters(eb, fields, query));
  for (const [field, dir] of sortKeys(fields, query, ['createTime', 'desc']))
    q = q.orderBy(field as 'sysUser.createTime', dir);
  const rows = await q
    .orderBy('sysUser.id')
    .limit(MAX_EXPORT_ROWS + 1)
    .execute();
  if (rows.length > MAX_EXPORT_ROWS)
    throw bizError(`导出的数据超过 ${MAX_EXPORT_ROWS} 行，请缩小查询范围后再导出`);
  const withText = await attachDictText(db, ctx.defs, rows, USER_FIELDS, request.user().tenantId);
  const shown = await protectRows(request, 'sys_user', USER_SENSITIVE, withText);
  return shown.map((r) => {
    const out: Record<string, unknown> = { ...r };
    for (const [field, spec] of Object.entries(USER_FIELDS))
      if (spec.dict) out[field] = r[`${field}_dictText`] ?? r[field];
    return out;
  });
}

interface NewUser {
  username: string;
  patch: ProfilePatch;
  departId: string | null;
  orgCode: string | null;
}

const text = (v: CellScalar | undefined): string | null =>
  v === null || v === undefined
    ? null
    : v instanceof Date
      ? cellDateText(v, 'date')
      : String(v).trim() || null;

/** Format checks with the column's title, before the user form's own checks (which name request fields). */
const FORMAT_CHECKS: Array<[key: string, title: string, check: (v: unknown) => string | undefined]> = [
  ['phone', '手机号码', mobile],
  ['email', '电子邮件', email],
  [
    'birthday',
    '生日',
    (v) => (/^\d{4}-\d{2}-\d{2}$/.test(String(v)) ? undefined : '日期格式应为 YYYY-MM-DD'),
  ],
];

/**
 * User import: login name and name required, the other profile fields checked as the user form checks
 * them, the department by its code and only inside the caller's scope; names, phones, e-mails and work
 * numbers must not repeat in the file or among existing users. New accounts belong to the caller's
 * tenant, have no roles, and no usable password (IMPORTED_PASSWORD_LOCK).
 */
export function userImportTarget(ctx: AppContext, request: FastifyRequest): ImportTarget<NewUser> {
  const db = ctx.db.kysely;
  const session = request.user();
  return {
    columns: USER_IMPORT_COLUMNS,
    async prepare(rows) {
      const sexes = new Map(
        (await dictItems(db, ctx.defs, 'sex')).flatMap(
          (i) =>
            [
              [i.text, i.value],
              [i.value, i.value],
            ] as const,
        ),
      );
      const scope = await request.scope();
      const departs = new Map(
        (
          await db
            .selectFrom('sysDepart')
            .select(['id', 'orgCode'])
            .where((eb) => departInScope(eb, session, scope))
            .execute()
        ).map((d) => [d.orgCode, d.id]),
      );
      const taken = await takenValues(
        ctx,
        rows.map((r) => r.values),
      );
      const prepared: Array<PreparedRow<NewUser>> = rows.map(({ values }) => {
        const errors: string[] = [];
        const attempt = <T>(fn: () => T): T | undefined => {
          try {
            return fn();
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            errors.push(err.message);
            return undefined;
          }
        };
        for (const [key, title, check] of FORMAT_CHECKS) {
          const v = text(values[key]);
          const problem = v === null ? undefined : check(v);
          if (problem) errors.push(`${title}：${problem}`);
        }
        if (errors.length) return { errors };
        const sexText = text(values.sex);
        const sex = sexText === null ? null : sexes.get(sexText);
        if (sex === undefined) errors.push(`性别：字典中没有“${sexText}”`);
        const username = attempt(() => checkedUsername(text(values.username)));
        const patch = attempt(() =>
          profilePatch({
            realname: text(values.realname) ?? null,
            sex: sex ?? null,
            birthday: text(values.birthday),
            phone: text(values.phone),
            email: text(values.email),
            workNo: text(values.workNo),
            telephone: text(values.telephone),
          }),
        );
        if (patch && !patch.realname) errors.push('请输入用户姓名');
        const orgCode = text(values.orgCode);
        const departId = orgCode ? departs.get(orgCode) : null;
        if (orgCode && !departId) errors.push(`所属部门编码：部门“${orgCode}”不存在或不在您的管理范围内`);
        for (const [key, title] of [
          ['username', '登录账号'],
          ['phone', '手机号码'],
          ['email', '电子邮件'],
          ['workNo', '工号'],
        ] as const) {
          const v = key === 'username' ? username : patch?.[key];
          if (!v) continue;
          if (taken[key].has(v)) errors.push(`${title}：“${v}”已存在`);
          taken[key].add(v);
        }
        if (errors.length || !username || !patch) return { errors };
        return {
          record: { username, patch, departId: departId ?? null, orgCode: departId ? orgCode : null },
        };
      });
      return prepared;
    },
    async insert(users) {
      const now = formatDateTime();
      await db.transaction().execute(async (trx) => {
        for (const u of users) {
          const id = newId();
          await trackSystemWrite(trx, request, 'sys_user', [id], 'import', () => trx
            .insertInto('sysUser')
            .values({
              id,
              username: u.username,
              realname: u.patch.realname as string,
              passwordHash: IMPORTED_PASSWORD_LOCK,
              avatar: null,
              birthday: u.patch.birthday ?? null,
              sex: u.patch.sex ?? null,
              email: u.patch.email ?? null,
              phone: u.patch.phone ?? null,
              orgCode: u.orgCode,
              status: 1,
              delFlag: 0,
              workNo: u.patch.workNo ?? null,
              post: null,
              telephone: u.patch.telephone ?? null,
              userIdentity: 1,
              departIds: null,
              relTenantIds: session.tenantId ? String(session.tenantId) : null,
              userType: null,
              staffId: null,
              createBy: session.username,
              createTime: now,
              updateBy: null,
              updateTime: null,
            })
            .execute());
          const departId = u.departId;
          if (departId)
            await trackLinkWrite(trx, request, [LINKS.userDeparts], [id], () =>
              trx.insertInto('sysUserDepart').values({ id: newId(), userId: id, depId: departId }).execute(),
            );
          await replaceTenants(trx, id, session.tenantId ? [session.tenantId] : []);
        }
      });
      request.log.info({ by: session.userId, count: users.length }, 'users imported');
    },
  };
}

/** Login names (any user, deleted ones too: the column is unique), phones, e-mails and work numbers in use. */
async function takenValues(ctx: AppContext, rows: Array<Record<string, CellScalar>>) {
  const db = ctx.db.kysely;
  const wanted = (key: string) => [...new Set(rows.map((r) => text(r[key])).filter((v): v is string => !!v))];
  const out = {
    username: new Set<string>(),
    phone: new Set<string>(),
    email: new Set<string>(),
    workNo: new Set<string>(),
  };
  for (const key of Object.keys(out) as Array<keyof typeof out>) {
    const values = wanted(key);
    for (let i = 0; i < values.length; i += 200) {
      let q = db
        .selectFrom('sysUser')
        .select(key)
        .where(key, 'in', values.slice(i, i + 200));
      if (key !== 'username') q = q.where('delFlag', '=', 0);
      for (const r of await q.execute()) if (r[key]) out[key].add(String(r[key]));
    }
  }
  return out;
}
