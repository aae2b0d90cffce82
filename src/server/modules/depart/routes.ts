import { Type, type Static } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { ok, okMessage } from '../../../shared/envelope.js';
import { newId } from '../../../shared/ids.js';
import { formatDateTime } from '../../../shared/time.js';
import type { Database } from '../../db/tables.js';
import { bizError } from '../../http/errors.js';
import { IdParam, BATCH_IDS_QUERY, batchIds, optionalIdList } from '../../lib/id-list.js';
import { contains, startsWith } from '../../lib/like.js';
import { DEPART_SENSITIVE, keepStoredValues, protectRows } from '../../lib/sensitive.js';
import { loadDepart, visibleDepartRows, visibleDeparts } from './depart-access.js';
import { DepartBody, departValues } from './depart-fields.js';
import { departLevel, DepartLevelQuery, departNode, departOrder, departTree, idTree } from './depart-tree.js';
import { nextOrgCode } from './org-code.js';
import { departPermissionRoutes } from './permission-routes.js';
import { departRoleRoutes } from './role-routes.js';
import { departPathRoutes } from './path-routes.js';
import { trackedWrite, trackSystemWrite } from '../history/system-change.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';
import { deleteDepartRoles } from './depart-role-delete.js';

/**
 * Departments (protocol §10 SysDepart): trees, lazy loading, search and CRUD, limited to the session's
 * tenant and the caller's data scope. The server makes ids and org codes; a department with children
 * or members cannot be deleted.
 */
export async function departRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const db = app.ctx.db.kysely;

  // Department contact numbers leave masked unless the caller may see them (issue 11 §6).
  const shown = <T extends Record<string, unknown>>(request: FastifyRequest, rows: T[]) =>
    protectRows(request, 'sys_depart', DEPART_SENSITIVE, rows);

  const visibleRows = (request: FastifyRequest) => visibleDepartRows(db, request);

  app.get(
    '/sys/sysDepart/queryTreeList',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ ids: Type.Optional(Type.String({ maxLength: 40000 })) }) } },
    async (request) => {
      const ids = optionalIdList(request.query.ids, 'ids');
      const rows = await visibleRows(request);
      return ok(departTree(ids.length ? rows.filter((r) => ids.includes(r.id)) : rows));
    },
  );

  app.get('/sys/sysDepart/queryIdTree', { config: { access: 'login' } }, async (request) => ok(idTree(departTree(await visibleRows(request)))));

  // Lazy tree: the children of `pid`, or the caller's top departments without it; with `ids` (a picker
  // showing its value) those departments, by id or, with primaryKey=orgCode, by org code.
  // The Vue 3 pages read posts (org category 3) through queryDepartAndPostTreeSync; ours lists them in
  // both, so the two answer alike.
  const departTreeLevel = async (request: FastifyRequest<{ Querystring: Static<typeof DepartLevelQuery> }>) => {
    const rows = await visibleRows(request);
    const parents = new Set(rows.map((r) => r.parentId));
    return ok(departLevel(rows, request.query).sort(departOrder).map((r) => departNode(r, !parents.has(r.id))));
  };
  app.get('/sys/sysDepart/queryDepartTreeSync', { config: { access: 'login' }, schema: { querystring: DepartLevelQuery } }, departTreeLevel);
  app.get('/sys/sysDepart/queryDepartAndPostTreeSync', { config: { access: 'login' }, schema: { querystring: DepartLevelQuery } }, departTreeLevel);

  app.get(
    '/sys/sysDepart/searchBy',
    { config: { access: 'login' }, schema: { querystring: Type.Object({ keyWord: Type.String({ minLength: 1, maxLength: 100 }) }) } },
    async (request) => {
      const where = await visibleDeparts(request);
      const rows = await db
        .selectFrom('sysDepart')
        .selectAll()
        .where(where)
        .where((eb) => contains(eb.ref('sysDepart.departName'), request.query.keyWord.trim()))
        .limit(200)
        .execute();
      if (rows.length === 0) throw bizError('未查询匹配数据！');
      const masked = await shown(request, rows);
      const parents = new Set(
        (await db.selectFrom('sysDepart').select('parentId').where('parentId', 'in', rows.map((r) => r.id)).where('delFlag', '=', '0').execute()).map(
          (r) => r.parentId,
        ),
      );
      return ok(masked.sort(departOrder).map((r) => departNode(r, !parents.has(r.id))));
    },
  );

  // The caller's own departments with their subtrees (the console's default "my departments" tree).
  const myTree = async (request: FastifyRequest) => {
    const session = request.user();
    const mine = await db
      .selectFrom('sysUserDepart as ud')
      .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
      .select('d.orgCode')
      .where('ud.userId', '=', session.userId)
      .where('d.tenantId', '=', session.tenantId)
      .where('d.delFlag', '=', '0')
      .execute();
    if (mine.length === 0) return ok([]);
    const rows = await db
      .selectFrom('sysDepart')
      .selectAll()
      .where('tenantId', '=', session.tenantId)
      .where('delFlag', '=', '0')
      .where((eb) => eb.or(mine.map((m) => startsWith(eb.ref('orgCode'), m.orgCode))))
      .execute();
    return ok(departTree(await shown(request, rows)));
  };
  app.get('/sys/sysDepart/queryMyDeptTreeList', { config: { access: 'login' } }, myTree);
  app.get('/api/sys/dept/getMyDeptTreeList', { config: { access: 'login' } }, myTree);

  const siblingNameTaken = async (parentId: string, name: string, tenantId: number, exceptId?: string) => {
    let q = db
      .selectFrom('sysDepart')
      .select('id')
      .where('parentId', '=', parentId)
      .where('departName', '=', name)
      .where('tenantId', '=', tenantId)
      .where('delFlag', '=', '0');
    if (exceptId) q = q.where('id', '!=', exceptId);
    return !!(await q.executeTakeFirst());
  };

  app.post('/sys/sysDepart/add', { config: { access: 'depart:add' }, schema: { body: DepartBody } }, async (request) => {
    const session = request.user();
    const v = departValues(request.body);
    const parentId = request.body.parentId?.trim() || '';
    const parent = parentId ? await loadDepart(db, request, parentId) : null;
    if (!parent && (await request.scope()).kind !== 'all') throw bizError('无权添加顶级部门');
    const tenantId = parent ? parent.tenantId : session.tenantId;
    if (await siblingNameTaken(parentId, v.departName, tenantId)) throw bizError('同级部门中已存在同名部门');
    const id = newId();
    // Two concurrent adds may pick the same free code; the unique column refuses one, which then retries.
    for (let attempt = 0; ; attempt++) {
      const orgCode = await nextOrgCode(db, parent?.orgCode ?? '');
      try {
        await trackedWrite(db, request, 'sys_depart', [id], 'add', (trx) =>
          trx
          .insertInto('sysDepart')
          .values({
            departNameEn: null,
            departNameAbbr: null,
            description: null,
            mobile: null,
            fax: null,
            address: null,
            memo: null,
            status: '1',
            ...v,
            id,
            parentId,
            departOrder: v.departOrder ?? 0,
            orgCategory: v.orgCategory ?? (parent ? '2' : '1'),
            orgType: parent ? '2' : '1',
            orgCode,
            delFlag: '0',
            tenantId,
            createBy: session.username,
            createTime: formatDateTime(),
            updateBy: null,
            updateTime: null,
          })
          .execute());
        break;
      } catch (err) {
        if (attempt >= 2 || (await db.selectFrom('sysDepart').select('id').where('orgCode', '=', orgCode).executeTakeFirst()) === undefined) throw err;
      }
    }
    const row = await db.selectFrom('sysDepart').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    request.log.info({ by: session.userId, departId: id, orgCode: row.orgCode }, 'department created');
    const [created] = await shown(request, [row]);
    return ok(departNode(created, true), '添加成功！');
  });

  const EditBody = Type.Composite([DepartBody, Type.Object({ id: IdParam() })], { additionalProperties: false });
  const edit = async (request: FastifyRequest<{ Body: typeof EditBody.static }>) => {
    const depart = await loadDepart(db, request, request.body.id);
    const v = departValues(keepStoredValues(DEPART_SENSITIVE, request.body, depart));
    if (await siblingNameTaken(depart.parentId, v.departName, depart.tenantId, depart.id)) throw bizError('同级部门中已存在同名部门');
    const session = request.user();
    await trackedWrite(db, request, 'sys_depart', [depart.id], 'edit', (trx) =>
      trx
      .updateTable('sysDepart')
      .set({ ...v, updateBy: session.username, updateTime: formatDateTime() })
      .where('id', '=', depart.id)
      .execute());
    request.log.info({ by: session.userId, departId: depart.id }, 'department edited');
    return okMessage('修改成功!');
  };
  app.put('/sys/sysDepart/edit', { config: { access: 'depart:edit' }, schema: { body: EditBody } }, edit);
  app.post('/sys/sysDepart/edit', { config: { access: 'depart:edit' }, schema: { body: EditBody } }, edit);

  const remove = async (request: FastifyRequest, ids: string[]) => {
    const departs = [];
    for (const id of ids) departs.push(await loadDepart(db, request, id));
    for (const d of departs) {
      const child = await db
        .selectFrom('sysDepart')
        .select('id')
        .where('parentId', '=', d.id)
        .where('delFlag', '=', '0')
        .$if(ids.length > 1, (q) => q.where('id', 'not in', ids))
        .executeTakeFirst();
      if (child) throw bizError(`部门「${d.departName}」下还有子部门，请先删除子部门`);
      const member = await db
        .selectFrom('sysUserDepart as ud')
        .innerJoin('sysUser as u', 'u.id', 'ud.userId')
        .select('u.id')
        .where('ud.depId', '=', d.id)
        .where('u.delFlag', '=', 0)
        .executeTakeFirst();
      if (member) throw bizError(`部门「${d.departName}」下还有用户，请先移除用户`);
    }
    await deleteDeparts(db, request, ids);
    request.log.info({ by: request.user().userId, departIds: ids }, 'departments deleted');
  };
  app.delete('/sys/sysDepart/delete', { config: { access: 'depart:delete' }, schema: { querystring: Type.Object({ id: IdParam() }) } }, async (request) => {
    await remove(request, [request.query.id]);
    return okMessage('删除成功!');
  });
  app.delete(
    '/sys/sysDepart/deleteBatch',
    { config: { access: 'depart:delete' }, schema: { querystring: BATCH_IDS_QUERY } },
    async (request) => {
      await remove(request, batchIds(request));
      return okMessage('删除成功!');
    },
  );

  await departPermissionRoutes(app);
  await departRoleRoutes(app);
  await departPathRoutes(app);
}

/** Removes departments with everything hanging off them: grants, department roles, old members' links. */
async function deleteDeparts(db: Kysely<Database>, request: FastifyRequest, ids: string[]) {
  await db.transaction().execute(async (trx) => {
    const roleIds = (await trx.selectFrom('sysDepartRole').select('id').where('departId', 'in', ids).execute()).map((r) => r.id);
    await deleteDepartRoles(trx, request, roleIds);
    await trx.deleteFrom('sysDepartPermission').where('departId', 'in', ids).execute();
    const members = (await trx.selectFrom('sysUserDepart').select('userId').distinct().where('depId', 'in', ids).execute()).map((m) => m.userId);
    await trackLinkWrite(trx, request, [LINKS.userDeparts], members, () => trx.deleteFrom('sysUserDepart').where('depId', 'in', ids).execute());
    await trackSystemWrite(trx, request, 'sys_depart', ids, 'delete', () => trx.deleteFrom('sysDepart').where('id', 'in', ids).execute());
  });
}
