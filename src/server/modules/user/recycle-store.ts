import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { conflict } from '../../http/errors.js';

type Binned = {
  id: string;
  username: string;
  phone: string | null;
  email: string | null;
  workNo: string | null;
};

const IDENTIFIERS: Array<['phone' | 'email' | 'workNo', string]> = [
  ['phone', '手机号'],
  ['email', '邮箱'],
  ['workNo', '工号'],
];

/**
 * Why the users cannot come back, or null: phone, e-mail and work number identify one active user
 * each (user-write), and while a user lay in the bin another may have taken his. Usernames stay
 * reserved after a delete (unique column), so they never clash.
 */
export async function restoreConflict(db: Kysely<Database>, users: Binned[]) {
  const ids = users.map((u) => u.id);
  for (const [field, label] of IDENTIFIERS) {
    const seen = new Map<string, string>();
    for (const u of users) {
      const value = u[field];
      if (!value) continue;
      const other = seen.get(value);
      if (other) return conflict(`用户 ${other} 与 ${u.username} 的${label}相同，不能同时还原`);
      seen.set(value, u.username);
    }
    if (seen.size === 0) continue;
    const taken = await db
      .selectFrom('sysUser')
      .select(field)
      .where(field, 'in', [...seen.keys()])
      .where('delFlag', '=', 0)
      .where('id', 'not in', ids)
      .executeTakeFirst();
    const value = taken?.[field];
    if (value)
      return conflict(
        `无法还原用户 ${seen.get(value)}：${label}已被其他用户使用，请先修改占用该${label}的用户`,
      );
  }
  return null;
}

/**
 * Deletes users for good with everything that hangs on them — roles, departments, department roles,
 * sessions, their bell and notice receipts, their lines in the sent-messages log, personal labels and
 * label links, sign-in throttling — in one transaction. Tenants live on the user row. The security log and feedback stay: they are history.
 */
export async function purgeUsers(db: Kysely<Database>, users: Array<{ id: string; username: string }>) {
  const ids = users.map((u) => u.id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sysUserRole').where('userId', 'in', ids).execute();
    await trx.deleteFrom('sysUserDepart').where('userId', 'in', ids).execute();
    await trx.deleteFrom('sysDepartRoleUser').where('userId', 'in', ids).execute();
    await trx.deleteFrom('sysSession').where('userId', 'in', ids).execute();
    await trx.deleteFrom('sysAnnouncementSend').where('userId', 'in', ids).execute();
    await trx.deleteFrom('sysMessage').where('userId', 'in', ids).execute();
    await trx.deleteFrom('sysMessageSendUser').where('userId', 'in', ids).execute();
    const own = trx
      .selectFrom('sysLabel')
      .select('id')
      .where('labelType', '=', 'user')
      .where('ownerId', 'in', ids);
    await trx.deleteFrom('sysLabelRlat').where('labelId', 'in', own).execute();
    await trx.deleteFrom('sysLabel').where('labelType', '=', 'user').where('ownerId', 'in', ids).execute();
    await trx
      .deleteFrom('sysLabelRlat')
      .where('bizType', 'in', ['user', 'sys_user'])
      .where('bizId', 'in', ids)
      .execute();
    await trx
      .deleteFrom('sysLoginThrottle')
      .where(
        'key',
        'in',
        users.map((u) => `acct:${u.username}`),
      )
      .execute();
    await trx.deleteFrom('sysUser').where('id', 'in', ids).where('delFlag', '=', 1).execute();
  });
}
