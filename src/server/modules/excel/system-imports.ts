import type { FastifyRequest } from 'fastify';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { AppContext } from '../../context.js';
import { parseRules } from '../check-rule/rule-check.js';
import { trackSystemWrite } from '../history/system-change.js';
import type { ImportTarget, PreparedRow } from './import-engine.js';
import { dictLookup, refuseRepeats, RowReader } from './list-sheet.js';
import type { SheetColumn, SheetRow } from './workbook.js';

/**
 * Imports of the flat system lists (roles, positions, check rules): each row checked as the page's
 * add form checks it, codes unique in the file and among stored rows, and the records inserted in one
 * transaction with their change history. What the form would refuse the caller, the row refuses too.
 */

/** Rows per insert statement: far below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 200;

export const chunks = <T>(xs: T[]) =>
  Array.from({ length: Math.ceil(xs.length / CHUNK) }, (_, i) => xs.slice(i * CHUNK, (i + 1) * CHUNK));

/** Reads every row with `read` (after loading what it needs once), then refuses repeated codes. */
export async function readRows<R, L>(
  ctx: AppContext,
  rows: SheetRow[],
  columns: SheetColumn[],
  load: () => Promise<L>,
  read: (row: RowReader, lookups: L) => R | null,
  unique?: { table: string; column: string; title: string; key: (r: R) => string | null },
): Promise<Array<PreparedRow<R>>> {
  const lookups = await load();
  const prepared = rows.map((r): PreparedRow<R> => {
    const reader = new RowReader(r.values, columns);
    const record = read(reader, lookups);
    return reader.errors.length || record === null
      ? { errors: reader.errors.length ? reader.errors : ['数据不完整'] }
      : { record };
  });
  if (unique) await refuseRepeats(ctx.db.kysely, prepared, unique);
  return prepared;
}

/** Inserts system rows in chunks inside one transaction, recording each as imported. */
async function insertTracked<T extends { id: string }>(
  ctx: AppContext,
  request: FastifyRequest,
  table: 'sys_role' | 'sys_position' | 'sys_check_rule',
  rows: T[],
): Promise<void> {
  const into = (
    { sys_role: 'sysRole', sys_position: 'sysPosition', sys_check_rule: 'sysCheckRule' } as const
  )[table];
  await ctx.db.kysely.transaction().execute(async (trx) => {
    for (const part of chunks(rows))
      await trackSystemWrite(
        trx,
        request,
        table,
        part.map((r) => r.id),
        'import',
        () =>
          // The rows are built from the table's own columns below.
          trx
            .insertInto(into)
            .values(part as never)
            .execute(),
      );
  });
  request.log.info({ table, count: rows.length, by: request.user().userId }, 'system records imported');
}

const audit = (request: FastifyRequest) => ({
  createBy: request.user().username,
  createTime: formatDateTime(),
  updateBy: null,
  updateTime: null,
});

/** A role row in and out (the export adds its times); the same for positions and check rules below. */
export const ROLE_COLUMNS: SheetColumn[] = [
  { key: 'roleName', title: '角色名称', width: 20 },
  { key: 'roleCode', title: '角色编码', width: 20 },
  { key: 'workClass', title: '工作类别' },
  { key: 'description', title: '描述', width: 30 },
];

interface NewRole {
  roleName: string;
  roleCode: string;
  workClass: string | null;
  description: string | null;
}

/**
 * Roles: name, code (a letter, then letters, digits or `_`), 工作类别 by its text, description. A role
 * not limited to an organisation (平台运营) only for callers who are not limited either, as the form.
 * New roles belong to the session's tenant and hold no permissions until authorised.
 */
export function roleImportTarget(ctx: AppContext, request: FastifyRequest): ImportTarget<NewRole> {
  return {
    columns: ROLE_COLUMNS,
    prepare: (rows) =>
      readRows(
        ctx,
        rows,
        ROLE_COLUMNS,
        async () => ({
          workClasses: await dictLookup(ctx, 'work_class'),
          unlimited: (await request.scope()).kind === 'all',
        }),
        (row, { workClasses, unlimited }) => {
          const roleName = row.text('roleName', { required: true, max: 100 });
          const roleCode = row.text('roleCode', {
            required: true,
            max: 50,
            pattern: /^[A-Za-z][A-Za-z0-9_]*$/,
            format: '以字母开头，只能包含字母、数字和下划线',
          });
          const workClass = row.dict('workClass', workClasses);
          if (workClass === '3' && !unlimited) row.fail('workClass', '无权设置不受机构范围限制的角色');
          const description = row.text('description', { max: 500 });
          return roleName && roleCode ? { roleName, roleCode, workClass, description } : null;
        },
        { table: 'sys_role', column: 'role_code', title: '角色编码', key: (r) => r.roleCode },
      ),
    insert: (records) =>
      insertTracked(
        ctx,
        request,
        'sys_role',
        records.map((r) => ({ id: newId(), ...r, tenantId: request.user().tenantId, ...audit(request) })),
      ),
  };
}

export const POSITION_COLUMNS: SheetColumn[] = [
  { key: 'code', title: '职务编码', width: 20 },
  { key: 'name', title: '职务名称', width: 20 },
  { key: 'postRank', title: '职级' },
];

interface NewPosition {
  code: string;
  name: string;
  postRank: string | null;
}

/** Positions: code, name and 职级 by its text; they belong to the session's tenant and organisation, as added ones. */
export function positionImportTarget(ctx: AppContext, request: FastifyRequest): ImportTarget<NewPosition> {
  return {
    columns: POSITION_COLUMNS,
    prepare: (rows) =>
      readRows(
        ctx,
        rows,
        POSITION_COLUMNS,
        () => dictLookup(ctx, 'position_rank'),
        (row, ranks) => {
          const code = row.text('code', {
            required: true,
            max: 50,
            pattern: /^[A-Za-z0-9_-]+$/,
            format: '只能包含字母、数字、下划线和短横线',
          });
          const name = row.text('name', { required: true, max: 100 });
          const postRank = row.dict('postRank', ranks);
          return code && name ? { code, name, postRank } : null;
        },
        { table: 'sys_position', column: 'code', title: '职务编码', key: (r) => r.code },
      ),
    insert: (records) => {
      const session = request.user();
      return insertTracked(
        ctx,
        request,
        'sys_position',
        records.map((r) => ({
          id: newId(),
          ...r,
          companyId: null,
          sysOrgCode: session.orgCode,
          tenantId: session.tenantId,
          ...audit(request),
        })),
      );
    },
  };
}

export const RULE_COLUMNS: SheetColumn[] = [
  { key: 'ruleName', title: '规则名称', width: 20 },
  { key: 'ruleCode', title: '规则Code', width: 20 },
  { key: 'ruleJson', title: '规则JSON', width: 60 },
  { key: 'ruleDescription', title: '规则描述', width: 30 },
];

interface NewRule {
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
}

/** Check rules: the rule JSON passes the same checks as the form's (bounded, screened patterns) and is stored normalised. */
export function checkRuleImportTarget(ctx: AppContext, request: FastifyRequest): ImportTarget<NewRule> {
  return {
    columns: RULE_COLUMNS,
    prepare: (rows) =>
      readRows(
        ctx,
        rows,
        RULE_COLUMNS,
        async () => null,
        (row) => {
          const ruleName = row.text('ruleName', { required: true, max: 100 });
          const ruleCode = row.text('ruleCode', {
            required: true,
            max: 100,
            pattern: /^[A-Za-z0-9_-]+$/,
            format: '只能包含字母、数字、下划线和短横线',
          });
          const json = row.text('ruleJson', { required: true, max: 10_000 });
          const parsed = json === null ? null : parseRules(json);
          if (parsed && 'error' in parsed) row.fail('ruleJson', parsed.error);
          const ruleDescription = row.text('ruleDescription', { max: 500 });
          return ruleName && ruleCode && parsed && 'rules' in parsed
            ? { ruleName, ruleCode, ruleJson: JSON.stringify(parsed.rules), ruleDescription }
            : null;
        },
        { table: 'sys_check_rule', column: 'rule_code', title: '规则Code', key: (r) => r.ruleCode },
      ),
    insert: (records) =>
      insertTracked(
        ctx,
        request,
        'sys_check_rule',
        records.map((r) => ({ id: newId(), ...r, ...audit(request) })),
      ),
  };
}
