import { Type, type Static } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { FieldMap } from '../../lib/list-query.js';

/** The tenants whose roles a caller sees (lists, pickers, export): the global roles (tenant 0) and the session's. */
export const roleTenants = (request: FastifyRequest) => [0, request.user().tenantId];

export const ROLE_FIELDS: FieldMap = {
  id: { type: 'string' },
  roleName: { type: 'string' },
  roleCode: { type: 'string' },
  description: { type: 'string' },
  workClass: { type: 'string', dict: 'work_class' },
  createBy: { type: 'string' },
  createTime: { type: 'datetime' },
  updateBy: { type: 'string' },
  updateTime: { type: 'datetime' },
};

/** A role form; nothing else (tenant, audit columns) can be set by a client (AC-05). */
export const RoleBody = Type.Object(
  {
    id: Type.Optional(Type.String({ maxLength: 64 })),
    roleName: Type.String({ minLength: 1, maxLength: 100 }),
    roleCode: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,49}$' }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Null()])),
    /** '2' organisation manager, '3' unrestricted, '4' doctor; empty for ordinary roles. */
    workClass: Type.Optional(Type.Union([Type.Literal('2'), Type.Literal('3'), Type.Literal('4'), Type.Literal(''), Type.Null()])),
  },
  { additionalProperties: false },
);
export type RoleBodyT = Static<typeof RoleBody>;
