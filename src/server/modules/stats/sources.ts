import type { FastifyRequest } from 'fastify';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { grantedDataRules, type MenuMatch } from '../../auth/data-rules.js';
import type { Definitions } from '../../definitions/load.js';
import type { Access } from '../../http/access.js';
import type { FieldMap } from '../../lib/list-query.js';
import { sensitiveFields } from '../../lib/sensitive.js';
import { ANNOUNCEMENT_FIELDS } from '../announcement/fields.js';
import { visibleDeparts } from '../depart/depart-access.js';
import { entityModel } from '../online/entity-model.js';
import { requestScope } from '../online/entity-scope.js';
import { readAccess } from '../online/routes.js';
import { visibleUsers } from '../user/user-access.js';
import { USER_FIELDS } from '../user/user-fields.js';

// Statistics read tables chosen by definitions, so the builders are untyped; every identifier still
// comes from this registry or an entity definition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEB = ExpressionBuilder<any, any>;
export type RowFilter = (eb: AnyEB) => Expression<SqlBool>;

/** The rows one request may aggregate, and what that reach depends on (the cache key's scope part). */
export interface Visible {
  where: RowFilter;
  scopeKey: string;
}

/**
 * A table statistics may aggregate: its fields (personal data left out, so it can be neither a group
 * nor a measure), the read permission a definition defaults to, and the rows a request may see —
 * the same predicate the source's own list uses (tenant, data scope, data rules).
 */
export interface StatSource {
  name: string;
  /** Table name as the CamelCasePlugin spells it. */
  table: string;
  fields: FieldMap;
  access: Access;
  entity?: EntityDefinition;
  /** The menus whose data rules apply to this source's lists. */
  rules?: MenuMatch;
  visible(request: FastifyRequest): Promise<RowFilter>;
}

const withoutPersonal = (fields: FieldMap, table: string, defs: Definitions): FieldMap => {
  const personal = new Set(sensitiveFields(defs, table).map((f) => f.field));
  // Birthdays are personal data too (lib/sensitive PERSONAL_COLUMN_PARTS); no statistic needs them.
  return Object.fromEntries(Object.entries(fields).filter(([k]) => !personal.has(k) && k !== 'birthday'));
};

/** The system tables statistics may read (DESIGN §4: identifiers only from allow-lists). */
function systemSources(defs: Definitions): StatSource[] {
  return [
    {
      name: 'sys_user',
      table: 'sysUser',
      // The main department reads as its name, as the user list shows it.
      fields: withoutPersonal(
        { ...USER_FIELDS, orgCode: { type: 'string', dict: 'sys_depart,depart_name,org_code' } },
        'sys_user',
        defs,
      ),
      access: 'user:list',
      rules: { component: 'system/UserList' },
      visible: async (request) => (await visibleUsers(request)) as unknown as RowFilter,
    },
    {
      name: 'sys_depart',
      table: 'sysDepart',
      fields: withoutPersonal(
        {
          orgCode: { type: 'string', dict: 'sys_depart,depart_name,org_code' },
          orgCategory: { type: 'string', dict: 'org_category' },
          orgType: { type: 'string' },
          parentId: { type: 'string', dict: 'sys_depart,depart_name,id' },
          status: { type: 'string' },
          createTime: { type: 'datetime' },
        },
        'sys_depart',
        defs,
      ),
      // The department tree is readable by every signed-in user (its routes are 'login'), within scope.
      access: 'login',
      visible: async (request) => (await visibleDeparts(request)) as unknown as RowFilter,
    },
    {
      name: 'sys_announcement',
      table: 'sysAnnouncement',
      fields: ANNOUNCEMENT_FIELDS,
      access: 'announcement:list',
      // As the administration list: the caller's tenant, not deleted.
      visible: async (request) => {
        const tenantId = request.user().tenantId;
        return (eb) =>
          eb.and([
            eb(eb.ref('sysAnnouncement.tenantId'), '=', tenantId),
            eb(eb.ref('sysAnnouncement.delFlag'), '=', 0),
          ]);
      },
    },
  ];
}

/**
 * An entity as a source: its list's fields, read permission and row scope (entity-scope.requestScope).
 * A child entity (order lines) has no list of its own: it is read with its parent's permission, and its
 * rows carry the parent's tenant and department.
 */
function entitySource(entity: EntityDefinition, defs: Definitions): StatSource {
  const model = entityModel(entity);
  const parentCode = entity.fields.find((f) => f.name === entity.parent?.field)?.ref?.entity;
  const owner = (parentCode && defs.entities?.find((e) => e.code === parentCode)) || entity;
  return {
    name: entity.code,
    table: model.table,
    fields: withoutPersonal(model.fields, entity.code, defs),
    access: readAccess(owner),
    entity,
    rules: { url: `/online/cgformList/${entity.code}` },
    visible: (request) => requestScope(request, entity),
  };
}

const cache = new WeakMap<Definitions, Map<string, StatSource>>();

/** Every source by name: the allow-listed system tables and the entities of the loaded definitions. */
export function statSources(defs: Definitions): Map<string, StatSource> {
  let map = cache.get(defs);
  if (!map) {
    map = new Map(systemSources(defs).map((s) => [s.name, s]));
    for (const e of defs.entities ?? []) if (!map.has(e.code)) map.set(e.code, entitySource(e, defs));
    cache.set(defs, map);
  }
  return map;
}

/**
 * The rows a request may aggregate and a key naming that reach: tenant, department, data scope and
 * the granted data rules (with the user when rules apply, since their values may name the session).
 * Two callers share cached answers only when all of these are equal.
 */
export async function visibleRows(request: FastifyRequest, source: StatSource): Promise<Visible> {
  const session = request.user();
  const scope = await request.scope();
  const rules = source.rules
    ? await grantedDataRules(request.server.ctx.db.kysely, session.userId, source.rules)
    : [];
  const ruleKey = rules.length
    ? `${rules
        .map((r) => r.id)
        .sort()
        .join(',')}@${session.userId}`
    : '';
  return {
    where: await source.visible(request),
    // A via entity's rows follow the target's data rules too, which ruleKey does not name: per user.
    scopeKey: JSON.stringify([session.tenantId, session.orgCode, scope, ruleKey, source.entity?.scope?.via ? session.userId : '']),
  };
}
