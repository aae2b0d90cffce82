import type { FastifyRequest } from 'fastify';
import { newId } from '../../../shared/ids.js';
import { looksMasked } from '../../../shared/mask.js';
import { formatDateTime } from '../../../shared/time.js';
import type { AppContext } from '../../context.js';
import { bizError } from '../../http/errors.js';
import { nextCategoryCode } from '../category/codes.js';
import { refreshHasChild, ROOT_PID } from '../category/tree.js';
import { visibleDeparts } from '../depart/depart-access.js';
import { nextOrgCode } from '../depart/org-code.js';
import { trackSystemWrite } from '../history/system-change.js';
import type { ImportTarget, PreparedRow } from './import-engine.js';
import { dictLookup } from './list-sheet.js';
import { chunks, readRows } from './system-imports.js';
import { resolveParents } from './tree-parents.js';
import type { SheetColumn } from './workbook.js';

/**
 * Imports of the tree lists, whose rows name their parent by its code (the column the export writes):
 * categories may also hang under a category of the same file; departments only under a department the
 * caller can see, as 添加下级 does, and top-level ones only for callers without an organisation limit.
 * Codes of new rows are made by the server as the add forms make them.
 */

const CATEGORY_COLUMNS: SheetColumn[] = [
  { key: 'name', title: '分类名称' },
  { key: 'code', title: '分类编码' },
  { key: 'parentCode', title: '上级分类编码' },
];

interface NewCategory {
  id: string;
  name: string;
  /** Null: generated under the parent on insert. */
  code: string | null;
  parentCode: string | null;
  /** Resolved in `prepare`: a stored parent's id, a parent row's id, or ROOT_PID. */
  pid: string;
  /** Parents come first: rows are inserted in this order. */
  order: number;
}

/** The category code levels the server makes (B01, B01A01 …): the original imports a row under its code's prefix. */
const GENERATED_CODE = /^(?:[A-Z]\d{2}){2,}$/;

/** The parent a category row names: its parent code, else its generated code's prefix, else none. */
function categoryParent(r: NewCategory): { code: string; implicit?: boolean } | null {
  if (r.parentCode) return { code: r.parentCode };
  return r.code && GENERATED_CODE.test(r.code) ? { code: r.code.slice(0, -3), implicit: true } : null;
}

/**
 * Categories: name, code (optional; generated under the parent when empty) and the parent's code. A
 * row without a parent code whose code extends a known category's (B01A02 under B01) goes under it, as
 * in the original; otherwise it is a root. A parent may be stored or another row of the file.
 */
export function categoryImportTarget(ctx: AppContext, request: FastifyRequest): ImportTarget<NewCategory> {
  const db = ctx.db.kysely;
  return {
    columns: CATEGORY_COLUMNS,
    async prepare(rows) {
      const prepared = await readRows(
        ctx,
        rows,
        CATEGORY_COLUMNS,
        async () => null,
        (row): NewCategory | null => {
          const name = row.text('name', { required: true, max: 100 });
          const pattern = /^[A-Za-z0-9_-]+$/;
          const format = '只能包含字母、数字、下划线和短横线';
          const code = row.text('code', { max: 64, pattern, format });
          const parentCode = row.text('parentCode', { max: 64, pattern, format });
          if (code && parentCode === code) row.fail('parentCode', '不能是自己');
          return name ? { id: newId(), name, code, parentCode, pid: '', order: 0 } : null;
        },
        { table: 'sys_category', column: 'code', title: '分类编码', key: (r) => r.code },
      );
      // Stored parents, by code.
      const list = [
        ...new Set(
          prepared.flatMap((p) => {
            const code = 'record' in p ? categoryParent(p.record)?.code : undefined;
            return code ? [code] : [];
          }),
        ),
      ];
      const stored = new Map<string, string>();
      for (let i = 0; i < list.length; i += 200)
        for (const c of await db
          .selectFrom('sysCategory')
          .select(['id', 'code'])
          .where('code', 'in', list.slice(i, i + 200))
          .execute())
          stored.set(c.code, c.id);
      const ordered = resolveParents(prepared, {
        label: (r) => r.code,
        wants: categoryParent,
        stored: (code) => stored.get(code),
        labelColumn: '分类编码',
        column: '上级分类编码',
        noun: '分类',
        missing: (code) => `分类“${code}”不存在`,
      });
      ordered.forEach(({ record, parent }, order) => {
        record.pid = !parent ? ROOT_PID : 'row' in parent ? parent.row.id : parent.stored;
        record.order = order;
      });
      return prepared as Array<PreparedRow<NewCategory>>;
    },
    async insert(records) {
      const sorted = [...records].sort((a, b) => a.order - b.order);
      const session = request.user();
      const now = formatDateTime();
      await db.transaction().execute(async (trx) => {
        const codes = new Map<string, string>();
        await trackSystemWrite(
          trx,
          request,
          'sys_category',
          sorted.map((r) => r.id),
          'import',
          async () => {
            for (const r of sorted) {
              let code = r.code;
              if (!code) {
                const parent =
                  r.pid === ROOT_PID
                    ? ''
                    : (codes.get(r.pid) ??
                      (
                        await trx
                          .selectFrom('sysCategory')
                          .select('code')
                          .where('id', '=', r.pid)
                          .executeTakeFirstOrThrow()
                      ).code);
                const siblings = (
                  await trx.selectFrom('sysCategory').select('code').where('pid', '=', r.pid).execute()
                ).map((s) => s.code);
                code = await freeCategoryCode(trx, parent, siblings);
              }
              codes.set(r.id, code);
              await trx
                .insertInto('sysCategory')
                .values({
                  id: r.id,
                  pid: r.pid,
                  name: r.name,
                  code,
                  hasChild: '0',
                  createBy: session.username,
                  createTime: now,
                  updateBy: null,
                  updateTime: null,
                })
                .execute();
            }
          },
        );
        for (const pid of new Set(sorted.map((r) => r.pid))) await refreshHasChild(trx, pid);
      });
      request.log.info({ count: records.length, by: session.userId }, 'categories imported');
    },
  };
}

/** The next generated code under `prefix` that no category holds yet. */
async function freeCategoryCode(
  trx: Parameters<typeof refreshHasChild>[0],
  prefix: string,
  siblings: string[],
): Promise<string> {
  const seen = [...siblings];
  for (let i = 0; i < 100; i++) {
    const code = nextCategoryCode(prefix, seen);
    if (!(await trx.selectFrom('sysCategory').select('id').where('code', '=', code).executeTakeFirst()))
      return code;
    seen.push(code);
  }
  throw bizError('无法生成分类编码，请在文件中填写分类编码');
}

/**
 * A department row as the sheet carries it, in and out (the export adds its path). Its 机构编码 is made
 * by the server: in an import it only names the row for other rows of the same file.
 */
export const DEPART_COLUMNS: SheetColumn[] = [
  { key: 'departName', title: '部门名称', width: 20 },
  { key: 'orgCode', title: '机构编码' },
  { key: 'parentOrgCode', title: '上级部门编码' },
  { key: 'orgCategory', title: '机构类别' },
  { key: 'departNameEn', title: '英文名' },
  { key: 'departNameAbbr', title: '缩写' },
  { key: 'departOrder', title: '排序' },
  { key: 'mobile', title: '手机号' },
  { key: 'fax', title: '传真' },
  { key: 'address', title: '地址', width: 30 },
  { key: 'description', title: '描述', width: 30 },
  { key: 'memo', title: '备注', width: 30 },
  { key: 'status', title: '状态' },
];

interface Parent {
  id: string;
  orgCode: string;
  tenantId: number;
}

interface NewDepart {
  id: string;
  /** The row's 机构编码 in the file, which other rows may name as their parent. */
  label: string | null;
  parentCode: string | null;
  /** Resolved in `prepare`: a stored department, a row of the file inserted before, or the top. */
  parent: Parent | { row: NewDepart } | null;
  /** Parents come first: rows are inserted in this order. */
  order: number;
  values: {
    departName: string;
    orgCategory: string | null;
    departNameEn: string | null;
    departNameAbbr: string | null;
    departOrder: number | null;
    mobile: string | null;
    fax: string | null;
    address: string | null;
    description: string | null;
    memo: string | null;
    status: string | null;
  };
}

/**
 * Departments: name, the parent's org code — a department the caller can see, or a row of the same
 * file by its 机构编码 — or empty for a top-level one, which needs an unlimited scope; category and
 * status by their text, and the contact fields. A masked number (an export of a caller who sees them
 * masked) is refused rather than stored. Names are unique among siblings, in the file and among stored
 * departments.
 */
export function departImportTarget(ctx: AppContext, request: FastifyRequest): ImportTarget<NewDepart> {
  const db = ctx.db.kysely;
  const session = request.user();
  return {
    columns: DEPART_COLUMNS,
    async prepare(rows) {
      const where = await visibleDeparts(request);
      const scope = await request.scope();
      const parentCodes = [
        ...new Set(rows.map((r) => String(r.values.parentOrgCode ?? '').trim()).filter(Boolean)),
      ];
      const parents = new Map<string, Parent>();
      for (let i = 0; i < parentCodes.length; i += 200)
        for (const d of await db
          .selectFrom('sysDepart')
          .select(['sysDepart.id', 'sysDepart.orgCode', 'sysDepart.tenantId'])
          .where('sysDepart.orgCode', 'in', parentCodes.slice(i, i + 200))
          .where(where)
          .execute())
          parents.set(d.orgCode, d);
      const prepared = await readRows(
        ctx,
        rows,
        DEPART_COLUMNS,
        async () => ({
          categories: await dictLookup(ctx, 'org_category'),
          statuses: await dictLookup(ctx, 'depart_status'),
        }),
        (row, { categories, statuses }): NewDepart | null => {
          const departName = row.text('departName', { required: true, max: 100 });
          const label = row.text('orgCode', { max: 64 });
          const parentCode = row.text('parentOrgCode', { max: 64 });
          if (label && parentCode === label) row.fail('parentOrgCode', '不能是自己');
          if (!parentCode && scope.kind !== 'all')
            row.fail('parentOrgCode', '无权添加顶级部门，请填写上级部门的编码');
          const phone = (key: 'mobile' | 'fax') => {
            const v = row.text(key, { max: 30 });
            if (looksMasked(v)) row.fail(key, '是脱敏后的号码，请填写完整号码');
            return v;
          };
          const values = {
            departName: departName ?? '',
            orgCategory: row.dict('orgCategory', categories),
            departNameEn: row.text('departNameEn', { max: 200 }),
            departNameAbbr: row.text('departNameAbbr', { max: 100 }),
            departOrder: row.int('departOrder', 0, 1_000_000),
            mobile: phone('mobile'),
            fax: phone('fax'),
            address: row.text('address', { max: 200 }),
            description: row.text('description', { max: 500 }),
            memo: row.text('memo', { max: 500 }),
            status: row.dict('status', statuses),
          };
          return departName ? { id: newId(), label, parentCode, parent: null, order: 0, values } : null;
        },
      );
      const ordered = resolveParents(prepared, {
        label: (r) => r.label,
        wants: (r) => (r.parentCode ? { code: r.parentCode } : null),
        stored: (code) => parents.get(code),
        labelColumn: '机构编码',
        column: '上级部门编码',
        noun: '部门',
        missing: (code) => `部门“${code}”不存在或不在您的管理范围内`,
      });
      // Sibling names, parents first: in the file and among the stored children of the same parent (top
      // level: the tenant's roots). A refused row takes the rows of the file under it along.
      const storedIds = [
        ...new Set(ordered.flatMap(({ parent }) => (parent && 'stored' in parent ? [parent.stored.id] : []))),
      ];
      const taken = new Set<string>();
      for (const ids of [[''], ...chunks(storedIds)])
        for (const d of await db
          .selectFrom('sysDepart')
          .select(['parentId', 'departName', 'tenantId'])
          .where('parentId', 'in', ids)
          .where('delFlag', '=', '0')
          .execute())
          if (d.parentId !== '' || d.tenantId === session.tenantId)
            taken.add(`${d.parentId}\u0000${d.departName}`);
      const byId = new Map(prepared.flatMap((p, i) => ('record' in p ? [[p.record.id, i] as const] : [])));
      const refused = (r: NewDepart) => !('record' in prepared[byId.get(r.id) as number]);
      ordered.forEach(({ record, parent }, order) => {
        const i = byId.get(record.id) as number;
        if (parent && 'row' in parent && refused(parent.row)) {
          prepared[i] = { errors: [`上级部门编码：上级部门“${record.parentCode}”所在的行未能导入`] };
          return;
        }
        record.parent = !parent ? null : 'row' in parent ? parent : parent.stored;
        record.order = order;
        const parentId = !parent ? '' : 'row' in parent ? parent.row.id : parent.stored.id;
        const key = `${parentId}\u0000${record.values.departName}`;
        if (taken.has(key))
          prepared[i] = { errors: [`部门名称：同级部门中已存在“${record.values.departName}”`] };
        taken.add(key);
      });
      return prepared;
    },
    async insert(records) {
      const now = formatDateTime();
      const sorted = [...records].sort((a, b) => a.order - b.order);
      // A parent row's code and tenant, known once it is inserted.
      const made = new Map<string, Parent>();
      await db.transaction().execute((trx) =>
        trackSystemWrite(
          trx,
          request,
          'sys_depart',
          sorted.map((r) => r.id),
          'import',
          async () => {
            for (const r of sorted) {
              const v = r.values;
              const parent = r.parent && 'row' in r.parent ? (made.get(r.parent.row.id) as Parent) : r.parent;
              const row = {
                id: r.id,
                // Made in the transaction, so it sees the rows inserted before.
                orgCode: await nextOrgCode(trx, parent?.orgCode ?? ''),
                tenantId: parent ? parent.tenantId : session.tenantId,
              };
              made.set(r.id, row);
              await trx
                .insertInto('sysDepart')
                .values({
                  ...row,
                  parentId: parent?.id ?? '',
                  departName: v.departName,
                  departNameEn: v.departNameEn,
                  departNameAbbr: v.departNameAbbr,
                  departOrder: v.departOrder ?? 0,
                  description: v.description,
                  orgCategory: v.orgCategory ?? (parent ? '2' : '1'),
                  orgType: parent ? '2' : '1',
                  mobile: v.mobile,
                  fax: v.fax,
                  address: v.address,
                  memo: v.memo,
                  status: v.status ?? '1',
                  delFlag: '0',
                  createBy: session.username,
                  createTime: now,
                  updateBy: null,
                  updateTime: null,
                })
                .execute();
            }
          },
        ),
      );
      request.log.info({ count: records.length, by: session.userId }, 'departments imported');
    },
  };
}
