import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { securityLog } from '../../audit/security-log.js';
import type { Database } from '../../db/tables.js';

/** One changed link set of a user: what it was and what it became. */
export interface LinkChange<T> {
  before: T[];
  after: T[];
}

export interface LinkChanges {
  roles?: LinkChange<string>;
  departs?: LinkChange<string>;
  tenants?: LinkChange<number>;
}

/**
 * Writes the security log entries for a user's changed roles, departments and tenants (user.roles,
 * user.departs, user.tenants), by name, so a reader sees who gave whom what.
 */
export async function logLinkChanges(db: Kysely<Database>, request: FastifyRequest, username: string, changes: LinkChanges): Promise<void> {
  const { roles, departs, tenants } = changes;
  if (roles) {
    const names = await namesOf(db, 'role', [...roles.before, ...roles.after]);
    await securityLog(request, { event: 'user.roles', target: username, content: describe(`用户 ${username} 的角色`, roles, names) });
  }
  if (departs) {
    const names = await namesOf(db, 'depart', [...departs.before, ...departs.after]);
    await securityLog(request, { event: 'user.departs', target: username, content: describe(`用户 ${username} 的部门`, departs, names) });
  }
  if (tenants) {
    const ids = [...new Set([...tenants.before, ...tenants.after])];
    const rows = ids.length ? await db.selectFrom('sysTenant').select(['id', 'name']).where('id', 'in', ids).execute() : [];
    const names = new Map(rows.map((r) => [r.id, r.name]));
    await securityLog(request, { event: 'user.tenants', target: username, content: describe(`用户 ${username} 的租户`, tenants, names) });
  }
}

async function namesOf(db: Kysely<Database>, kind: 'role' | 'depart', ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows =
    kind === 'role'
      ? await db.selectFrom('sysRole').select(['id', 'roleName as name']).where('id', 'in', unique).execute()
      : await db.selectFrom('sysDepart').select(['id', 'departName as name']).where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

function describe<T>(subject: string, change: LinkChange<T>, names: Map<T, string>): string {
  const list = (xs: T[]) => (xs.length ? xs.map((x) => names.get(x) ?? String(x)).join('、') : '无');
  return `${subject}：${list(change.before)} → ${list(change.after)}`;
}
