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
import { readRows } from './system-imports.js';
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
      const wanted = new Set<string>();
      for (const p of prepared)
        if ('record' in p) {
          if (p.record.parentCode) wanted.add(p.record.parentCode);
          else if (p.record.code && GENERATED_CODE.test(p.record.code))
            wanted.add(p.record.code.slice(0, -3));
        }
      const stored = new Map<string, string>();
      const list = [...wanted];
      for (let i = 0; i < list.length; i += 200)
        for (const c of await db
          .selectFrom('sysCategory')
          .select(['id', 'code'])
          .where('code', 'in', list.slice(i, i + 200))
          .execute())
          stored.set(c.code, c.id);
      const inFile = new Map<string, number>();
      prepared.forEach((p, i) => {
        if ('record' in p && p.record.code) inFile.set(p.record.code, i);
      });
      const refused = new Set<number>();
      rows.forEach((_, i) => !('record' in prepared[i]) && refused.add(i));
      // Resolve parents level by level: a row waits for its parent row, so a cycle never resolves.
      const pending = new Set(prepared.flatMap((p, i) => ('record' in p ? [i] : [])));
      let order = 0;
      for (let progress = true; progress && pending.size;) {
        progress = false;
        for (const i of [...pending]) {
          const r = (prepared[i] as { record: NewCategory }).record;
          const implicit =
            !r.parentCode && r.code && GENERATED_CODE.test(r.code) ? r.code.slice(0, -3) : null;
          const want = r.parentCode ?? implicit;
          const row = want === null ? undefined : inFile.get(want);
          let pid: string | undefined;
          if (want === null) pid = ROOT_PID;
          else if (row !== undefined) {
            if (refused.has(row)) {
              prepared[i] = { errors: [`上级分类编码：上级分类“${want}”所在的行未能导入`] };
              refused.add(i);
              pending.delete(i);
              progress = true;
              continue;
            }
            if (pending.has(row)) continue;
            pid = (prepared[row] as { record: NewCategory }).record.id;
          } else if (stored.has(want)) pid = stored.get(want);
          else if (implicit) pid = ROOT_PID;
          else {
            prepared[i] = { errors: [`上级分类编码：分类“${want}”不存在`] };
            refused.add(i);
            pending.delete(i);
            progress = true;
            continue;
          }
          r.pid = pid as string;
          r.order = order++;
          pending.delete(i);
          progress = true;
        }
      }
      for (const i of pending) prepared[i] = { errors: ['上级分类编码：上级分类之间循环引用'] };
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

/** A department row as the sheet carries it, in and out (the export adds its path and org code). */
export const DEPART_COLUMNS: SheetColumn[] = [
  { key: 'departName', title: '部门名称', width: 20 },
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
  parent: Parent | null;
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
 * Departments: name, the parent's org code (a department the caller can see; empty for a top-level
 * one, which needs an unlimited scope), category and status by their text, and the contact fields. A
 * masked number (an export of a caller who sees them masked) is refused rather than stored. Names are
 * unique among siblings, in the file and among stored departments.
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
          const parentCode = row.text('parentOrgCode', { max: 64 });
          const parent = parentCode ? parents.get(parentCode) : null;
          if (parentCode && !parent)
            row.fail('parentOrgCode', `部门“${parentCode}”不存在或不在您的管理范围内`);
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
          return departName ? { id: newId(), parent: parent ?? null, values } : null;
        },
      );
      // Sibling names: in the file and among the stored children of the same parent (top level: the tenant's roots).
      const parentIds = [
        ...new Set(prepared.flatMap((p) => ('record' in p ? [p.record.parent?.id ?? ''] : []))),
      ];
      const taken = new Set<string>();
      for (let i = 0; i < parentIds.length; i += 200)
        for (const d of await db
          .selectFrom('sysDepart')
          .select(['parentId', 'departName', 'tenantId'])
          .where('parentId', 'in', parentIds.slice(i, i + 200))
          .where('delFlag', '=', '0')
          .execute())
          if (d.parentId !== '' || d.tenantId === session.tenantId)
            taken.add(`${d.parentId}\u0000${d.departName}`);
      prepared.forEach((p, i) => {
        if (!('record' in p)) return;
        const key = `${p.record.parent?.id ?? ''}\u0000${p.record.values.departName}`;
        if (taken.has(key))
          prepared[i] = { errors: [`部门名称：同级部门中已存在“${p.record.values.departName}”`] };
        taken.add(key);
      });
      return prepared;
    },
    async insert(records) {
      const now = formatDateTime();
      await db.transaction().execute((trx) =>
        trackSystemWrite(
          trx,
          request,
          'sys_depart',
          records.map((r) => r.id),
          'import',
          async () => {
            for (const r of records) {
              const v = r.values;
              await trx
                .insertInto('sysDepart')
                .values({
                  id: r.id,
                  parentId: r.parent?.id ?? '',
                  departName: v.departName,
                  departNameEn: v.departNameEn,
                  departNameAbbr: v.departNameAbbr,
                  departOrder: v.departOrder ?? 0,
                  description: v.description,
                  orgCategory: v.orgCategory ?? (r.parent ? '2' : '1'),
                  orgType: r.parent ? '2' : '1',
                  // Made in the transaction, so it sees the rows inserted before.
                  orgCode: await nextOrgCode(trx, r.parent?.orgCode ?? ''),
                  mobile: v.mobile,
                  fax: v.fax,
                  address: v.address,
                  memo: v.memo,
                  status: v.status ?? '1',
                  delFlag: '0',
                  tenantId: r.parent ? r.parent.tenantId : session.tenantId,
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
