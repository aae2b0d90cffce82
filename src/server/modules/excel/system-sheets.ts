import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { ANNOUNCEMENT_FIELDS } from '../announcement/fields.js';
import { announcementListBase } from '../announcement/routes.js';
import { CATEGORY_FIELDS } from '../category/routes.js';
import { RULE_FIELDS } from '../check-rule/routes.js';
import { visibleDeparts } from '../depart/depart-access.js';
import { DEPART_FIELDS } from '../depart/depart-fields.js';
import { DICT_FIELDS, dictListBase } from '../dict/admin-routes.js';
import { POSITION_FIELDS, positionListBase } from '../position/routes.js';
import { ROLE_FIELDS, roleTenants } from '../role/role-fields.js';
import { DEPART_SENSITIVE } from '../../lib/sensitive.js';
import { dictImportTarget, dictItemSheet } from './dict-sheet.js';
import { listRows, listSheetRows, type ListSheet } from './list-sheet.js';
import {
  checkRuleImportTarget,
  POSITION_COLUMNS,
  positionImportTarget,
  ROLE_COLUMNS,
  roleImportTarget,
  RULE_COLUMNS,
} from './system-imports.js';
import { categoryImportTarget, DEPART_COLUMNS, departImportTarget } from './tree-imports.js';
import { userExportRows, userImportTarget, USER_EXPORT_COLUMNS } from './user-sheet.js';

/**
 * The Excel of the system lists, at the addresses the JeecgBoot Vue 2 pages call (their
 * `url.exportXlsUrl` / `url.importExcelUrl`), titled as the pages name their downloads. Each export
 * reads the list's own source (its predicates, fields and default sort) through listSheetRows, so it
 * holds exactly the rows the list shows. None of these modules has an export permission code, so an
 * export is open to whoever may read the list; an import adds records and needs the module's add code.
 */

const DATE_TIME = 20;

const users: ListSheet = {
  base: '/sys/user',
  title: '用户信息',
  access: 'user:export',
  columns: USER_EXPORT_COLUMNS,
  rows: userExportRows,
  import: { access: 'user:import', target: userImportTarget },
};

const roles: ListSheet = {
  base: '/sys/role',
  title: '角色信息',
  access: 'login',
  columns: [
    ...ROLE_COLUMNS,
    { key: 'createTime', title: '创建时间', width: DATE_TIME },
    { key: 'updateTime', title: '更新时间', width: DATE_TIME },
  ],
  rows: listRows((ctx, request) => ({
    table: 'sys_role',
    base: ctx.db.kysely.selectFrom('sysRole').where('tenantId', 'in', roleTenants(request)),
    fields: ROLE_FIELDS,
    sort: ['createTime', 'desc'],
  })),
  import: { access: 'role:add', target: roleImportTarget },
};

/**
 * Departments as the tree shows them: the caller's visible departments in tree order, each with its
 * path of names from the top of what the caller sees and its parent's code (which the import takes).
 */
async function departRows(
  ctx: AppContext,
  request: FastifyRequest,
  query: Record<string, unknown>,
  selections: string[],
) {
  const db = ctx.db.kysely;
  const where = await visibleDeparts(request);
  const rows = await listSheetRows(
    ctx,
    request,
    {
      table: 'sys_depart',
      base: db.selectFrom('sysDepart').where(where),
      fields: DEPART_FIELDS,
      sort: ['departOrder', 'asc'],
      order: [['orgCode', 'asc']],
      sensitive: DEPART_SENSITIVE,
    },
    query,
    selections,
  );
  const visible = new Map(
    (
      await db
        .selectFrom('sysDepart')
        .select(['id', 'parentId', 'departName', 'orgCode', 'departOrder'])
        .where(where)
        .execute()
    ).map((d) => [d.id, d]),
  );
  const chain = (id: string) => {
    const out = [];
    for (let d = visible.get(id); d && out.length < 30; d = visible.get(d.parentId)) out.unshift(d);
    return out;
  };
  const withPath = rows.map((r) => {
    const up = chain(String(r.id));
    return {
      row: {
        ...r,
        departPath: up.map((d) => d.departName).join('/'),
        parentOrgCode: visible.get(String(r.parentId))?.orgCode ?? null,
      },
      key: up.map((d) => [d.departOrder, d.orgCode] as const),
    };
  });
  // Siblings by their order, then code, as the tree lists them; a parent before its children.
  withPath.sort((a, b) => {
    for (let i = 0; i < Math.min(a.key.length, b.key.length); i++) {
      const [ao, ac] = a.key[i];
      const [bo, bc] = b.key[i];
      if (ao !== bo) return ao - bo;
      if (ac !== bc) return ac < bc ? -1 : 1;
    }
    return a.key.length - b.key.length;
  });
  return withPath.map((w) => w.row);
}

const departs: ListSheet = {
  base: '/sys/sysDepart',
  title: '部门信息',
  access: 'login',
  columns: [{ key: 'departPath', title: '部门路径', width: 40 }, ...DEPART_COLUMNS],
  rows: departRows,
  import: { access: 'depart:add', target: departImportTarget },
};

const dicts: ListSheet = {
  base: '/sys/dict',
  title: '字典信息',
  access: 'login',
  columns: [
    { key: 'dictName', title: '字典名称', width: 20 },
    { key: 'dictCode', title: '字典编码', width: 20 },
    { key: 'description', title: '描述', width: 30 },
  ],
  rows: listRows((ctx) => ({
    table: 'sys_dict',
    base: dictListBase(ctx.db.kysely),
    fields: DICT_FIELDS,
    sort: ['createTime', 'desc'],
  })),
  more: async (ctx, _request, rows) => [await dictItemSheet(ctx, rows)],
  import: { access: 'dict:add', target: dictImportTarget },
};

const positions: ListSheet = {
  base: '/sys/position',
  title: '职务表',
  access: 'login',
  columns: POSITION_COLUMNS,
  rows: listRows((ctx, request) => ({
    table: 'sys_position',
    base: positionListBase(ctx.db.kysely, request),
    fields: POSITION_FIELDS,
    sort: ['createTime', 'desc'],
  })),
  import: { access: 'position:add', target: positionImportTarget },
};

/**
 * Categories as the tree page shows them, every level (the page expands roots into their children), in
 * code order so a parent comes before its children; each with its parent's code, which the import takes.
 */
const categories: ListSheet = {
  base: '/sys/category',
  title: '分类字典',
  access: 'login',
  columns: [
    { key: 'name', title: '分类名称', width: 20 },
    { key: 'code', title: '分类编码', width: 20 },
    { key: 'parentCode', title: '上级分类编码', width: 20 },
  ],
  rows: async (ctx, request, query, selections) => {
    const db = ctx.db.kysely;
    const rows = await listSheetRows(
      ctx,
      request,
      {
        table: 'sys_category',
        base: db.selectFrom('sysCategory'),
        fields: CATEGORY_FIELDS,
        sort: ['createTime', 'desc'],
        order: [['code', 'asc']],
      },
      query,
      selections,
    );
    const parents = new Map<string, string>();
    const ids = [...new Set(rows.map((r) => String(r.pid)))];
    for (let i = 0; i < ids.length; i += 500)
      for (const p of await db
        .selectFrom('sysCategory')
        .select(['id', 'code'])
        .where('id', 'in', ids.slice(i, i + 500))
        .execute())
        parents.set(p.id, p.code);
    return rows.map((r) => ({ ...r, parentCode: parents.get(String(r.pid)) ?? null }));
  },
  import: { access: 'category:add', target: categoryImportTarget },
};

const checkRules: ListSheet = {
  base: '/sys/checkRule',
  title: '编码校验规则',
  access: 'login',
  columns: [...RULE_COLUMNS, { key: 'createTime', title: '创建时间', width: DATE_TIME }],
  rows: listRows((ctx) => ({
    table: 'sys_check_rule',
    base: ctx.db.kysely.selectFrom('sysCheckRule'),
    fields: RULE_FIELDS,
    sort: ['createTime', 'desc'],
  })),
  import: { access: 'checkRule:edit', target: checkRuleImportTarget },
};

const announcements: ListSheet = {
  base: '/sys/annountCement',
  title: '系统通告',
  access: 'announcement:list',
  columns: [
    { key: 'titile', title: '标题', width: 30 },
    { key: 'msgAbstract', title: '摘要', width: 30 },
    { key: 'msgCategory', title: '消息类型' },
    { key: 'startTime', title: '开始时间', width: DATE_TIME },
    { key: 'endTime', title: '结束时间', width: DATE_TIME },
    { key: 'sender', title: '发布人' },
    { key: 'priority', title: '优先级' },
    { key: 'msgType', title: '通告对象' },
    { key: 'sendStatus', title: '发布状态' },
    { key: 'sendTime', title: '发布时间', width: DATE_TIME },
    { key: 'cancelTime', title: '撤销时间', width: DATE_TIME },
  ],
  rows: listRows((ctx, request) => ({
    table: 'sys_announcement',
    base: announcementListBase(ctx.db.kysely, request),
    fields: ANNOUNCEMENT_FIELDS,
    sort: ['createTime', 'desc'],
  })),
  // The page's 导入 is commented out in the client: an announcement is rich text with recipients and a
  // release step, which a sheet row cannot carry safely.
  import: {
    access: 'announcement:add',
    refused: '通知公告不支持 Excel 导入：公告正文是富文本，且需选择通告对象并发布，请在页面上新增',
  },
};

/** Every system list with Excel, users first. */
export const LIST_SHEETS: ListSheet[] = [
  users,
  roles,
  departs,
  dicts,
  positions,
  categories,
  checkRules,
  announcements,
];
