import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { QueryRule } from '../../shared/query-rules.js';
import { ownField } from '../../shared/own-field.js';
import { formatDateTime } from '../../shared/time.js';
import { untilWritten } from '../db/remembered.js';
import type { Database } from '../db/tables.js';
import { condition, type FieldMap } from '../lib/list-query.js';
import type { Session } from './sessions.js';

/** A data rule as stored (sys_permission_data_rule): column, condition and value. */
export interface DataRule {
  id: string;
  ruleColumn: string | null;
  ruleConditions: string | null;
  ruleValue: string | null;
}

/** The menus a list belongs to: by route path (online lists) or by page component (system lists). */
export interface MenuMatch {
  url?: string;
  component?: string;
}

/** The `rule_conditions` dictionary in the list query language. */
const RULES: Record<string, QueryRule> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  IN: 'in',
  LIKE: 'like',
  LEFT_LIKE: 'left_like',
  RIGHT_LIKE: 'right_like',
};

/**
 * The enabled data rules granted to the user on the menus of a list, through their roles and their
 * department roles (protocol §8: data-permission rules are ANDed to every list query). A grant names
 * its rules in data_rule_ids; only rules of that same menu count. Remembered until a table it read is
 * written (db/remembered.ts): every list, export and picker asks.
 */
export function grantedDataRules(db: Kysely<Database>, userId: string, menu: MenuMatch): Promise<DataRule[]> {
  return untilWritten(db, `rules|${userId}|${menu.url ?? ''}|${menu.component ?? ''}`, () =>
    readDataRules(db, userId, menu),
  );
}

async function readDataRules(db: Kysely<Database>, userId: string, menu: MenuMatch): Promise<DataRule[]> {
  // Rules hang off grants, so the common case (no rules granted) costs this one query.
  const menus = db
    .selectFrom('sysPermission')
    .select('id')
    .where('delFlag', '=', 0)
    .where('menuType', 'in', [0, 1])
    .where((eb) =>
      eb.or([
        ...(menu.url ? [eb('url', '=', menu.url)] : []),
        ...(menu.component ? [eb('component', '=', menu.component)] : []),
      ]),
    );
  const grants = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRolePermission as rp', 'rp.roleId', 'ur.roleId')
    .select(['rp.permissionId', 'rp.dataRuleIds'])
    .where('ur.userId', '=', userId)
    .where('rp.permissionId', 'in', menus)
    .where('rp.dataRuleIds', 'is not', null)
    .union(
      db
        .selectFrom('sysDepartRoleUser as du')
        .innerJoin('sysDepartRolePermission as dp', 'dp.roleId', 'du.droleId')
        .select(['dp.permissionId', 'dp.dataRuleIds'])
        .where('du.userId', '=', userId)
        .where('dp.permissionId', 'in', menus)
        .where('dp.dataRuleIds', 'is not', null),
    )
    .execute();
  const ids = [...new Set(grants.flatMap((g) => (g.dataRuleIds ?? '').split(',')).filter(Boolean))];
  if (ids.length === 0) return [];
  return db
    .selectFrom('sysPermissionDataRule')
    .select(['id', 'ruleColumn', 'ruleConditions', 'ruleValue'])
    .where('id', 'in', ids)
    .where('permissionId', 'in', [...new Set(grants.map((g) => g.permissionId))])
    .where('status', '=', '1')
    .orderBy('id')
    .execute();
}

/** The values a rule may name as #{…} (the original's system variables), from the session only. */
function sessionVariables(session: Session): Record<string, string> {
  const now = formatDateTime();
  return {
    sys_user_code: session.username,
    sys_user_id: session.userId,
    sys_user_name: session.realname,
    sys_org_code: session.orgCode ?? '',
    sys_date: now.slice(0, 10),
    sys_time: now,
    tenant_id: String(session.tenantId),
  };
}

const NOTHING = sql<SqlBool>`1 = 0`;
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * The rules as one predicate, all ANDed. A rule is applied only through the list's field map, its
 * value bound after the session variables are filled in. A rule that cannot be applied as written —
 * a column the list does not have, an unknown variable or condition, a value of the wrong type —
 * hides every row rather than none: a restriction that fails must not widen what a user sees.
 */
export function dataRulePredicate(
  rules: readonly DataRule[],
  fields: FieldMap,
  session: Session,
  onUnusable: (rule: DataRule, reason: string) => void,
  // Any table, typed or generated from definitions.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): ((eb: ExpressionBuilder<any, any>) => Expression<SqlBool>) | null {
  if (rules.length === 0) return null;
  const vars = sessionVariables(session);
  return (eb) =>
    eb.and(
      rules.map((rule) => {
        const field = camel(rule.ruleColumn ?? '');
        const op = ownField(RULES, rule.ruleConditions ?? '');
        const spec = ownField(fields, field);
        if (!op || !spec || spec.noFilter) {
          onUnusable(rule, `列 ${rule.ruleColumn ?? ''} 或条件 ${rule.ruleConditions ?? ''} 无法用于该列表`);
          return NOTHING;
        }
        let unknown = '';
        const value = (rule.ruleValue ?? '').replace(/#\{([A-Za-z_]+)\}/g, (_, name: string) => {
          if (!Object.hasOwn(vars, name)) unknown = name;
          return vars[name] ?? '';
        });
        if (unknown) {
          onUnusable(rule, `未知的系统变量 #{${unknown}}`);
          return NOTHING;
        }
        try {
          return condition(eb, fields, field, op, value);
        } catch {
          onUnusable(rule, `规则值 ${value} 与列 ${field} 的类型不符`);
          return NOTHING;
        }
      }),
    );
}
