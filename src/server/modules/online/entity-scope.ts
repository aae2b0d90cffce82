import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { EntityDefinition } from '../../../shared/schema-types.js';
import { dataScope, ORG_CODE_STEP, type DataScope } from '../../auth/scope.js';
import type { Session } from '../../auth/sessions.js';
import type { Database } from '../../db/tables.js';
import { prefixRange } from '../../lib/like.js';
import { dataRulePredicate, grantedDataRules } from '../../auth/data-rules.js';
import { entityModel } from './entity-model.js';
import { memoized, scopeKey } from '../../http/caller-memo.js';

// Entity tables are not in the typed Database; their columns come from the definition.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type EntityEB = ExpressionBuilder<any, any>;
export type ScopePredicate = (eb: EntityEB) => Expression<SqlBool>;

const NOTHING = sql<SqlBool>`1 = 0`;

/** Rows of the organisation (top-level unit) that a department code belongs to. */
const inOrganisation = (eb: EntityEB, orgCode: string) =>
  eb(
    eb.ref('orgId'),
    'in',
    eb
      .selectFrom('sysDepart')
      .select('sysDepart.id')
      .where('sysDepart.orgCode', '=', orgCode.slice(0, ORG_CODE_STEP)),
  );

/**
 * The rows of an entity a caller may see and change (AC-04/AC-06), from the session only: the caller's
 * tenant when the entity is tenant-scoped, then the data scope (spec §6) through the scope columns the
 * entity declares. A department-scoped caller reads sys_org_code under their department; an organisation
 * one the rows of their organisation; a PD-D doctor their own doctor_id rows. When the entity lacks the
 * column the caller's scope needs, the nearest declared one is used; with none that fits, nothing.
 * scope.doctorField puts the doctor's username in a field instead of doctor_id; scope.via (which needs
 * `entities` to find its target) keeps the rows whose ref names a target row in scope.
 */
export function scopePredicate(
  entity: EntityDefinition,
  session: Session,
  scope: DataScope,
  entities?: readonly EntityDefinition[],
): ScopePredicate {
  const s = entity.scope ?? {};
  const target = viaTarget(entity, entities);
  // A via entity without its target at hand (a caller that cannot follow it) sees nothing scoped.
  if (s.via && !target) return (eb) => (scope.kind === 'all' ? tenantPart(eb, entity, session) : NOTHING);
  // Seeing every row of the target is seeing every row of the tenant: no subquery to pay for.
  if (target && s.via)
    return scope.kind === 'all'
      ? (eb) => tenantPart(eb, entity, session)
      : inheritedScope(entity, s.via, target, scopePredicate(target, session, scope), session);
  const rowScoped = !!(s.department || s.doctor || s.organisation);
  return (eb) => {
    const parts: Expression<SqlBool>[] = [tenantPart(eb, entity, session)];
    if (rowScoped && scope.kind !== 'all') parts.push(rowPredicate(eb, s, session, scope));
    return eb.and(parts);
  };
}

const tenantPart = (eb: EntityEB, entity: EntityDefinition, session: Session): Expression<SqlBool> =>
  entity.scope?.tenant ? eb(eb.ref('tenantId'), '=', session.tenantId) : eb.and([]);

/** The entity whose scope an entity with `scope.via` takes (definitions are checked: it exists). */
export function viaTarget(entity: EntityDefinition, entities?: readonly EntityDefinition[]): EntityDefinition | undefined {
  const via = entity.scope?.via;
  if (!via || !entities) return undefined;
  const code = entity.fields.find((f) => f.name === via)?.ref?.entity;
  return entities.find((e) => e.code === code);
}

/**
 * scope.via: the entity's rows are those whose ref names a target row the caller may see — one
 * subquery on the target's own predicate (scope and data rules), so every read path agrees with it.
 */
function inheritedScope(
  entity: EntityDefinition,
  via: string,
  target: EntityDefinition,
  targetWhere: ScopePredicate,
  session: Session,
): ScopePredicate {
  return (eb) =>
    eb.and([
      tenantPart(eb, entity, session),
      eb(eb.ref(via), 'in', eb.selectFrom(target.code).select(sql.ref('id').as('id')).where(targetWhere)),
    ]);
}

function rowPredicate(
  eb: EntityEB,
  s: NonNullable<EntityDefinition['scope']>,
  session: Session,
  scope: DataScope,
): Expression<SqlBool> {
  const byDepartment = (prefix: string | null) =>
    prefix ? prefixRange(eb.ref('sysOrgCode'), prefix) : NOTHING;
  const byOrganisation = (code: string | null) => (code ? inOrganisation(eb, code) : NOTHING);
  // scope.doctorField: the responsible doctor named in a field (a username), not the creator's id.
  const byDoctor = () =>
    s.doctorField ? eb(eb.ref(s.doctorField), '=', session.username) : eb(eb.ref('doctorId'), '=', session.userId);
  switch (scope.kind) {
    case 'dept':
      if (s.department) return byDepartment(scope.orgCodePrefix);
      if (s.organisation) return byOrganisation(scope.orgCodePrefix);
      return byDoctor();
    case 'org':
      if (s.organisation) return byOrganisation(scope.orgCodePrefix);
      if (s.department) return byDepartment(scope.orgCodePrefix);
      return byDoctor();
    case 'doctor':
      if (s.doctor) return byDoctor();
      if (s.department) return byDepartment(session.orgCode);
      return byOrganisation(session.orgCode);
    default:
      return NOTHING;
  }
}

/**
 * The caller's rows of an entity, computed once per request: tenant and data scope, then the data
 * rules their roles carry on the entity's menu (/online/cgformList/<code>). Lists, exports, reads,
 * edits and deletes all go through it, so a row a rule hides cannot be reached another way. Inside a
 * write's transaction pass its handle as `db`: on a single-connection database (SQLite, PGlite) a
 * query on another handle would wait for the transaction forever.
 */
export async function requestScope(
  request: FastifyRequest,
  entity: EntityDefinition,
  db?: Kysely<Database>,
): Promise<ScopePredicate> {
  const session = request.user();
  const target = viaTarget(entity, request.server.ctx.defs.entities);
  const kind = db ? await memoized(request.server, scopeKey(session), () => dataScope(db, session), { untilWritten: !db.isTransaction }) : await request.scope();
  let scope: ScopePredicate;
  if (target && entity.scope?.via) {
    // A caller who sees every target row of his tenant needs no subquery (a full scan of the target).
    const open = kind.kind === 'all' && !(await rulesPredicate(request, target, db)) && !target.scope?.via;
    scope = open
      ? scopePredicate(entity, session, kind, request.server.ctx.defs.entities)
      : inheritedScope(entity, entity.scope.via, target, await requestScope(request, target, db), session);
  } else scope = scopePredicate(entity, session, kind);
  const ruled = await rulesPredicate(request, entity, db);
  return ruled ? (eb) => eb.and([scope(eb), ruled(eb)]) : scope;
}

/** The data rules the caller's roles carry on the entity's menu (/online/cgformList/<code>), as a predicate. */
async function rulesPredicate(
  request: FastifyRequest,
  entity: EntityDefinition,
  db?: Kysely<Database>,
): Promise<ScopePredicate | undefined> {
  const session = request.user();
  const url = `/online/cgformList/${entity.code}`;
  const rules = await grantedDataRules(db ?? request.server.ctx.db.kysely, session.userId, { url });
  return (
    dataRulePredicate(rules, entityModel(entity).fields, session, (rule, reason) =>
      request.log.warn({ ruleId: rule.id, entity: entity.code, reason }, 'data rule unusable: rows hidden'),
    ) ?? undefined
  );
}

/** Scope columns of a new row, from the session (never from the request body). */
export async function scopeValues(
  db: Kysely<Database>,
  entity: EntityDefinition,
  session: Session,
): Promise<Record<string, string | number | null>> {
  const s = entity.scope ?? {};
  const out: Record<string, string | number | null> = {};
  if (s.tenant) out.tenantId = session.tenantId;
  // A via entity's rows take their scope from the row they name: no scope columns of their own.
  if (s.via) return out;
  if (s.department) out.sysOrgCode = session.orgCode;
  if (s.doctor) out.doctorId = session.userId;
  if (s.organisation) {
    const org = session.orgCode
      ? await db
          .selectFrom('sysDepart')
          .select('id')
          .where('orgCode', '=', session.orgCode.slice(0, ORG_CODE_STEP))
          .executeTakeFirst()
      : undefined;
    out.orgId = org?.id ?? null;
  }
  return out;
}
