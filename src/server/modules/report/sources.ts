import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { Access } from '../../http/access.js';
import type { DataScope } from '../../auth/scope.js';
import type { Session } from '../../auth/sessions.js';
import type { Definitions } from '../../definitions/load.js';
import type { FieldSpec } from '../../lib/list-query.js';
import { departInScope, userInScope } from '../../lib/org-scope.js';
import { entityModel } from '../online/entity-model.js';
import { readAccess } from '../online/routes.js';
import { scopePredicate } from '../online/entity-scope.js';

// Report queries read tables chosen by definitions, so the builders are untyped here; every identifier
// still comes from this registry.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEB = ExpressionBuilder<any, any>;
export type FieldType = FieldSpec['type'];

export interface ReportJoin {
  /** The joined source (its fields become readable as `<join>.<field>`). */
  source: string;
  /** local field = joined field */
  on: [string, string];
}

/**
 * A table a report may read: the fields it exposes (never secrets), the rows that exist at all (not
 * deleted), the rows the caller may see (tenant and data scope, spec §6, from the session only) and the
 * joins it offers by name. Nothing outside this registry and the entity definitions reaches SQL.
 */
export interface ReportSource {
  name: string;
  /** Table name as the CamelCasePlugin spells it. */
  table: string;
  fields: Record<string, FieldType>;
  exists?: (eb: AnyEB, table: string) => Expression<SqlBool>;
  inScope: (eb: AnyEB, session: Session, scope: DataScope) => Expression<SqlBool>;
  joins?: Record<string, ReportJoin>;
  /** Access the caller needs to read this source besides the report's own (an entity's read permission). */
  access?: Access;
}

const ALL = sql<SqlBool>`1 = 1`;

/** The system tables popup reports may read (DESIGN §4: identifiers only from allow-lists). */
const SYSTEM_SOURCES: ReportSource[] = [
  {
    name: 'sys_user',
    table: 'sysUser',
    fields: {
      id: 'string',
      username: 'string',
      realname: 'string',
      sex: 'number',
      phone: 'string',
      email: 'string',
      birthday: 'date',
      orgCode: 'string',
      workNo: 'string',
      post: 'string',
      status: 'number',
      createTime: 'datetime',
    },
    exists: (eb, t) => eb(eb.ref(`${t}.delFlag`), '=', 0),
    inScope: (eb, session, scope) => userInScope(eb as never, session, scope),
  },
  {
    name: 'sys_depart',
    table: 'sysDepart',
    fields: {
      id: 'string',
      parentId: 'string',
      departName: 'string',
      departNameAbbr: 'string',
      orgCode: 'string',
      orgCategory: 'string',
      orgType: 'string',
      departOrder: 'number',
      mobile: 'string',
      address: 'string',
      status: 'string',
      createTime: 'datetime',
    },
    exists: (eb, t) => eb(eb.ref(`${t}.delFlag`), '=', '0'),
    inScope: (eb, session, scope) => departInScope(eb as never, session, scope),
    joins: { parent: { source: 'sys_depart', on: ['parentId', 'id'] } },
  },
  {
    name: 'sys_position',
    table: 'sysPosition',
    fields: { id: 'string', code: 'string', name: 'string', postRank: 'string', createTime: 'datetime' },
    inScope: (eb, session) => eb(eb.ref('sysPosition.tenantId'), '=', session.tenantId),
  },
  {
    name: 'sys_category',
    table: 'sysCategory',
    fields: {
      id: 'string',
      pid: 'string',
      name: 'string',
      code: 'string',
      hasChild: 'string',
      createTime: 'datetime',
    },
    // The category tree is shared by every tenant and department.
    inScope: () => ALL,
  },
];

/**
 * An entity (schemas/entities) as a source: its fields, its scope columns, its read permission. It
 * declares no joins: its scope predicate names columns without a table.
 */
function entitySource(entity: EntityDefinition, entities: readonly EntityDefinition[]): ReportSource {
  const model = entityModel(entity);
  return {
    name: entity.code,
    table: model.table,
    fields: Object.fromEntries(Object.entries(model.fields).map(([k, f]) => [k, f.type])),
    inScope: (eb, session, scope) => scopePredicate(entity, session, scope, entities)(eb),
    access: readAccess(entity),
  };
}

const cache = new WeakMap<Definitions, Map<string, ReportSource>>();

/** Every source by name: the system tables and the entities of the loaded definitions. */
export function reportSources(defs: Definitions): Map<string, ReportSource> {
  let map = cache.get(defs);
  if (!map) {
    map = new Map(SYSTEM_SOURCES.map((s) => [s.name, s]));
    for (const e of defs.entities ?? []) if (!map.has(e.code)) map.set(e.code, entitySource(e, defs.entities));
    cache.set(defs, map);
  }
  return map;
}
