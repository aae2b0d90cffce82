import { Type, type Static } from '@sinclair/typebox';
import type { FieldMap } from '../../lib/list-query.js';

const Text = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

/**
 * A department form (protocol §10 SysDepart). id, orgCode, orgType, tenant and the parent of an
 * existing department are the server's to decide; anything else a client posts is stripped.
 */
export const DepartBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    parentId: Text(64),
    departName: Type.String({ minLength: 1, maxLength: 100 }),
    departNameEn: Text(200),
    departNameAbbr: Text(100),
    departOrder: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 1_000_000 }), Type.Null()])),
    description: Text(500),
    orgCategory: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('2'), Type.Literal('3')])),
    mobile: Text(30),
    fax: Text(30),
    address: Text(200),
    memo: Text(500),
    status: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
  },
  { additionalProperties: false },
);
export type DepartBodyT = Static<typeof DepartBody>;

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());

/** The editable columns of a form; `undefined` leaves a column as it is. */
export function departValues(body: DepartBodyT) {
  const out: {
    departName: string;
    departNameEn?: string | null;
    departNameAbbr?: string | null;
    departOrder?: number;
    description?: string | null;
    orgCategory?: string;
    mobile?: string | null;
    fax?: string | null;
    address?: string | null;
    memo?: string | null;
    status?: string;
  } = { departName: body.departName.trim() };
  const set = <K extends keyof typeof out>(key: K, value: (typeof out)[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('departNameEn', blankToNull(body.departNameEn));
  set('departNameAbbr', blankToNull(body.departNameAbbr));
  set('departOrder', body.departOrder === null ? 0 : body.departOrder);
  set('description', blankToNull(body.description));
  set('orgCategory', body.orgCategory);
  set('mobile', blankToNull(body.mobile));
  set('fax', blankToNull(body.fax));
  set('address', blankToNull(body.address));
  set('memo', blankToNull(body.memo));
  set('status', body.status);
  return out;
}

/** What a department export filters and sorts on (the tree page sends the list's usual parameters). */
export const DEPART_FIELDS: FieldMap = {
  id: { type: 'string' },
  departName: { type: 'string' },
  departNameEn: { type: 'string' },
  departNameAbbr: { type: 'string' },
  departOrder: { type: 'number' },
  description: { type: 'string' },
  orgCategory: { type: 'string', dict: 'org_category' },
  orgCode: { type: 'string' },
  mobile: { type: 'string' },
  fax: { type: 'string' },
  address: { type: 'string' },
  memo: { type: 'string' },
  status: { type: 'string', dict: 'depart_status' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
  updateTime: { type: 'datetime' },
};

export const DEPART_ROLE_FIELDS: FieldMap = {
  id: { type: 'string' },
  roleName: { type: 'string' },
  roleCode: { type: 'string' },
  description: { type: 'string' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
  updateTime: { type: 'datetime' },
};

export const DepartRoleBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    departId: Type.Optional(Type.String({ maxLength: 64 })),
    roleName: Type.String({ minLength: 1, maxLength: 100 }),
    roleCode: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,49}$' }),
    description: Text(500),
  },
  { additionalProperties: false },
);
