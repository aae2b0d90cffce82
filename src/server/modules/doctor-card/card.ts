import type { Kysely } from 'kysely';
import type { Database } from '../../db/tables.js';
import { isDoctor } from '../user/doctor-qr.js';

/** What a doctor's public card shows: nothing else leaves the server (no id, user name or phone). */
export interface DoctorCard {
  realname: string;
  /** The card's own avatar address (a public, token-bound route), or null without an avatar. */
  avatar: string | null;
  departName: string | null;
  postName: string | null;
}

/** An active doctor's card fields and stored avatar path, or null (unknown, frozen, deleted, not a doctor). */
export async function loadCard(db: Kysely<Database>, doctorId: string) {
  const user = await db
    .selectFrom('sysUser')
    .select(['id', 'realname', 'avatar', 'post'])
    .where('id', '=', doctorId)
    .where('delFlag', '=', 0)
    .where('status', '=', 1)
    .executeTakeFirst();
  if (!user || !(await isDoctor(db, user.id))) return null;
  const departs = await db
    .selectFrom('sysUserDepart as ud')
    .innerJoin('sysDepart as d', 'd.id', 'ud.depId')
    .select('d.departName')
    .where('ud.userId', '=', user.id)
    .orderBy('d.departName')
    .execute();
  const post = user.post
    ? await db.selectFrom('sysPosition').select('name').where('code', '=', user.post).executeTakeFirst()
    : undefined;
  return {
    realname: user.realname,
    avatarPath: user.avatar,
    departName: departs.length ? departs.map((d) => d.departName).join('、') : null,
    postName: post?.name ?? null,
  };
}
