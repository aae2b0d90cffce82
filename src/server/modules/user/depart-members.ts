import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { okMessage } from '../../../shared/envelope.js';
import { formatDateTime } from '../../../shared/time.js';
import type { AppContext } from '../../context.js';
import type { Access } from '../../http/access.js';
import { refusal } from '../../audit/refusal.js';
import { badRequest, bizError } from '../../http/errors.js';
import { IdParam, MAX_BATCH_IDS, MAX_ID_LIST_CHARS, optionalIdList } from '../../lib/id-list.js';
import { LINKS, trackLinkWrite } from '../history/link-change.js';
import { trackSystemWrite } from '../history/system-change.js';
import { loadManagedUsers } from './user-access.js';
import { logLinkChanges } from './user-link-log.js';
import { currentDepartIds, orgCodeFor, replaceDeparts, visibleDepartIds } from './user-links.js';

/**
 * Who may change a department's members: whoever may edit users (whose form changes their
 * departments too) or departments (the department page, where the original's
 * system:user:editDepartWithUser / deleteUserInDepart(Batch) buttons live).
 */
const MEMBERS_ACCESS: Access[] = ['user:edit', 'depart:edit'];
const NOT_A_MEMBER = '当前选中部门与用户无关联关系!';

/**
 * Adds users to a department or takes them out of it, with the reach of the user edit (AC-02): the
 * department must be in the caller's data scope and every user one he may manage (scope, tenant, data
 * rules; administrators only by administrators), no partial batches, refusals security-logged. Each
 * user's departments change through replaceDeparts (history field `departs`), his current department
 * follows (orgCodeFor), and who left a department loses its department roles, as in the original. Users
 * already (or not) in it are left alone. Returns how many users changed.
 */
export async function changeDepartMembers(
  ctx: AppContext,
  request: FastifyRequest,
  depId: string,
  userIds: string[],
  change: 'add' | 'remove',
): Promise<number> {
  const db = ctx.db.kysely;
  const session = request.user();
  if (!(await visibleDepartIds(db, request, [depId])).has(depId))
    throw await refusal(request, 'user.departs', '所选部门不存在或不在您的管理范围内', depId);
  const users = await loadManagedUsers(db, request, userIds, 'user.departs');
  const changes: Array<{ user: (typeof users)[number]; before: string[]; after: string[]; orgCode: string | null }> = [];
  for (const user of users) {
    const before = await currentDepartIds(db, user.id);
    if (before.includes(depId) === (change === 'add')) continue;
    // A department added comes last: the first stays the default current one.
    const after = change === 'add' ? [...before, depId] : before.filter((id) => id !== depId);
    changes.push({ user, before, after, orgCode: await orgCodeFor(db, after, user.orgCode) });
  }
  if (changes.length === 0) return 0;
  const ids = changes.map((c) => c.user.id);
  const now = formatDateTime();
  await db.transaction().execute(async (trx) => {
    for (const c of changes) {
      await trackSystemWrite(trx, request, 'sys_user', [c.user.id], 'edit', () =>
        trx
          .updateTable('sysUser')
          .set({ orgCode: c.orgCode, updateBy: session.username, updateTime: now })
          .where('id', '=', c.user.id)
          .execute(),
      );
      await replaceDeparts(trx, request, c.user.id, c.after);
    }
    if (change === 'remove')
      await trackLinkWrite(trx, request, [LINKS.userDepartRoles], ids, () =>
        trx
          .deleteFrom('sysDepartRoleUser')
          .where('userId', 'in', ids)
          .where('droleId', 'in', trx.selectFrom('sysDepartRole').select('id').where('departId', '=', depId))
          .execute(),
      );
  });
  for (const c of changes) await logLinkChanges(db, request, c.user.username, { departs: { before: c.before, after: c.after } });
  // Rights and scope changed: as after a user edit, the sessions of who left (they may sit in that
  // department, and its roles are gone) or got another current department end; the caller's own
  // current session stays when it still fits.
  for (const c of changes) {
    if (change === 'add' && c.orgCode === c.user.orgCode) continue;
    const keep = c.user.id === session.userId && c.orgCode === session.orgCode;
    await ctx.sessions.revokeUser(c.user.id, keep ? session.id : undefined);
  }
  request.log.info({ by: session.userId, depId, change, userIds: ids }, 'department members changed');
  return changes.length;
}

/**
 * The user tab of the JeecgBoot Vue 2 department page (DeptUserInfo.vue): 添加已有用户
 * (`POST editSysDepartWithUser {depId, userIdList}`) and 取消关联, one (`DELETE deleteUserInDepart?depId&userId`)
 * or several (`DELETE deleteUserInDepartBatch?depId&userIds=a,b,`).
 */
export async function departMemberRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;

  app.post(
    '/sys/user/editSysDepartWithUser',
    {
      config: { access: MEMBERS_ACCESS },
      schema: {
        body: Type.Object({
          depId: IdParam(),
          userIdList: Type.Array(IdParam(), { minItems: 1, maxItems: MAX_BATCH_IDS }),
        }),
      },
    },
    async (request) => {
      await changeDepartMembers(ctx, request, request.body.depId, [...new Set(request.body.userIdList)], 'add');
      return okMessage('添加成功!');
    },
  );

  app.delete(
    '/sys/user/deleteUserInDepart',
    { config: { access: MEMBERS_ACCESS }, schema: { querystring: Type.Object({ depId: IdParam(), userId: IdParam() }) } },
    async (request) => {
      const { depId, userId } = request.query;
      if ((await changeDepartMembers(ctx, request, depId, [userId], 'remove')) === 0) throw bizError(NOT_A_MEMBER);
      return okMessage('删除成功!');
    },
  );

  app.delete(
    '/sys/user/deleteUserInDepartBatch',
    {
      config: { access: MEMBERS_ACCESS },
      schema: { querystring: Type.Object({ depId: IdParam(), userIds: Type.String({ maxLength: MAX_ID_LIST_CHARS }) }) },
    },
    async (request) => {
      const userIds = optionalIdList(request.query.userIds, 'userIds');
      if (userIds.length === 0) throw badRequest('参数 userIds 不能为空');
      await changeDepartMembers(ctx, request, request.query.depId, userIds, 'remove');
      return okMessage('删除成功!');
    },
  );
}
