import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { MAX_BATCH_IDS } from '../../lib/id-list.js';
import { badRequest } from '../../http/errors.js';
import { email as emailCheck, mobile as mobileCheck, username as usernameCheck } from '../../../shared/validators.js';

const Text = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));
const Code = Type.Optional(Type.Union([Type.String({ maxLength: 4 }), Type.Integer(), Type.Null()]));

/**
 * What a user form may send (protocol §10 add/edit). Anything else the console posts back (dictText,
 * orgCodeTxt, status, delFlag, passwordHash, createTime …) is stripped by the schema and never copied:
 * only the allow-list below reaches the database (AC-01/AC-02 mass assignment).
 */
export const UserBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    username: Text(32),
    realname: Text(50),
    password: Text(128),
    confirmpassword: Text(128),
    avatar: Text(500),
    birthday: Text(19),
    sex: Code,
    email: Text(100),
    phone: Text(20),
    workNo: Text(50),
    post: Text(100),
    telephone: Text(50),
    userIdentity: Code,
    departIds: Text(4000),
    relTenantIds: Text(200),
    selectedroles: Text(4000),
    selecteddeparts: Text(4000),
  },
  { additionalProperties: false },
);
export type UserBodyT = Static<typeof UserBody>;

const LIST_FIELDS = ['selectedroles', 'selecteddeparts', 'relTenantIds', 'departIds'] as const;

/**
 * A user form's multi-selects (roles, departments, tenants, charged departments) as the protocol's
 * `a,b` text: the Vue 3 client's form sends them as arrays. Run before validation; anything but a
 * bounded array of plain values is left for the schema to refuse.
 */
export async function joinListFields(request: Pick<FastifyRequest, 'body'>): Promise<void> {
  const body = request.body as Record<string, unknown> | null;
  if (!body || typeof body !== 'object') return;
  for (const key of LIST_FIELDS) {
    const v = body[key];
    if (Array.isArray(v) && v.length <= MAX_BATCH_IDS && v.every((x) => typeof x === 'string' || typeof x === 'number'))
      body[key] = v.join(',');
  }
}

/** Profile columns an add or edit copies from the form; password, username, status and links are handled apart. */
export interface ProfilePatch {
  realname?: string;
  avatar?: string | null;
  birthday?: string | null;
  sex?: number | null;
  email?: string | null;
  phone?: string | null;
  workNo?: string | null;
  post?: string | null;
  telephone?: string | null;
  userIdentity?: number | null;
}

/** `undefined` = not sent (unchanged on edit); `''`/null = cleared. */
const clean = (v: string | null | undefined): string | null | undefined =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();

function small(v: string | number | null | undefined, allowed: number[], field: string): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  const n = Number(v);
  if (!allowed.includes(n)) throw badRequest(`请求体 ${field} 的取值不在允许范围内`);
  return n;
}

function checked(v: string | null | undefined, check: (x: unknown) => string | undefined) {
  const c = clean(v);
  if (c) {
    const problem = check(c);
    if (problem) throw badRequest(problem);
  }
  return c;
}

/** The allow-listed profile fields of a form, normalised and format-checked (HTTP 400 names the field). */
export function profilePatch(body: UserBodyT): ProfilePatch {
  const out: ProfilePatch = {};
  const realname = clean(body.realname);
  if (realname === null) throw badRequest('请输入用户姓名');
  if (realname !== undefined) out.realname = realname;
  let birthday = clean(body.birthday);
  if (birthday) {
    birthday = birthday.slice(0, 10);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(birthday)) throw badRequest('请求体 birthday 格式不正确，应为 YYYY-MM-DD');
  }
  const set = <K extends keyof ProfilePatch>(key: K, value: ProfilePatch[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('birthday', birthday);
  set('avatar', clean(body.avatar));
  set('sex', small(body.sex, [1, 2], 'sex'));
  set('userIdentity', small(body.userIdentity, [1, 2], 'userIdentity'));
  set('email', checked(body.email, emailCheck));
  set('phone', checked(body.phone, mobileCheck));
  set('workNo', clean(body.workNo));
  set('post', clean(body.post));
  set('telephone', clean(body.telephone));
  return out;
}

/** A new account name: 4-18 letters, digits or underscores (spec §5). */
export function checkedUsername(raw: string | null | undefined): string {
  const name = clean(raw);
  if (!name) throw badRequest('请输入用户名');
  const problem = usernameCheck(name);
  if (problem) throw badRequest(problem);
  return name;
}

/** Tenant ids from `relTenantIds` ("1,2"). */
export function tenantIdList(raw: string | null | undefined): number[] | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw.trim() === '') return [];
  const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))].map(Number);
  if (ids.some((n) => !Number.isInteger(n) || n <= 0) || ids.length > 50) throw badRequest('请求体 relTenantIds 含有非法的租户编号');
  return ids;
}
