import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ok } from '../../../shared/envelope.js';
import { maskValue } from '../../../shared/mask.js';
import { formatDateTime } from '../../../shared/time.js';
import { keepStoredValues, USER_SENSITIVE } from '../../lib/sensitive.js';
import { userInfo } from '../auth/login-result.js';
import { profilePatch } from './user-input.js';
import { checkUnique } from './user-write.js';
import { trackedWrite } from '../history/system-change.js';

const Text = (max: number) => Type.Optional(Type.Union([Type.String({ maxLength: max }), Type.Null()]));

/**
 * What a user may change about himself (personal centre 基本信息 and 头像). Nothing else is read from
 * the body — not roles, departments, status, user name or an id — and the row written is always the
 * session's own.
 */
const SelfBody = Type.Object(
  {
    realname: Text(50),
    sex: Type.Optional(Type.Union([Type.String({ maxLength: 4 }), Type.Integer(), Type.Null()])),
    birthday: Text(19),
    email: Text(100),
    phone: Text(20),
    // A stored upload's relative path (`avatar/20261125/…png`), never a URL or a way out of the folder.
    avatar: Type.Optional(Type.Union([Type.String({ maxLength: 300, pattern: '^(?!.*\\.\\.)[A-Za-z0-9_\\-./]*$' }), Type.Null()])),
  },
  { additionalProperties: false },
);

/** The personal fields shown masked in the form; saving a mask back unchanged keeps the stored value. */
function maskedProfile(row: Record<string, unknown>) {
  const out = { ...row };
  for (const f of USER_SENSITIVE) out[f.field] = maskValue(f.kind, row[f.field]);
  return out;
}

export async function selfRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const db = ctx.db.kysely;

  const ownRow = (userId: string) =>
    db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname', 'sex', 'birthday', 'email', 'phone', 'telephone', 'avatar', 'orgCode', 'workNo'])
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

  app.get('/sys/user/selfProfile', { config: { access: 'login' } }, async (request) => {
    const row = await ownRow(request.user().userId);
    return ok(maskedProfile(row));
  });

  // JeecgBoot's own-profile edit (app 端); here it takes its target from the session only.
  app.put('/sys/user/appEdit', { config: { access: 'login' }, schema: { body: SelfBody } }, async (request) => {
    const session = request.user();
    const stored = await ownRow(session.userId);
    const patch = profilePatch(keepStoredValues(USER_SENSITIVE, request.body, stored));
    await checkUnique(db, patch, session.userId);
    await trackedWrite(db, request, 'sys_user', [session.userId], 'edit', (trx) =>
      trx
        .updateTable('sysUser')
        .set({ ...patch, updateBy: session.username, updateTime: formatDateTime() })
        .where('id', '=', session.userId)
        .execute(),
    );
    const row = await db.selectFrom('sysUser').selectAll().where('id', '=', session.userId).executeTakeFirstOrThrow();
    return ok({ userInfo: await userInfo(db, row, session.orgCode), profile: maskedProfile(await ownRow(session.userId)) }, '修改成功!');
  });
}
