import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { recordChanges } from './change-log.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/**
 * A link table's rows (a role's permissions, a user's roles) as history records them. Link rows have
 * ids but no page of their own, so a change of links is recorded on the row that owns them: an 'edit'
 * of the owner whose field (`permissions`, `roles`…) goes from one sorted list of names to another,
 * which the owner's 变更记录 tab shows like any other field.
 */
export interface LinkSet {
  /** The owner's system table, as history names it (`sys_role`). */
  table: string;
  /** The field of the owner that stands for the links. */
  field: string;
  /** Each owner's linked names. */
  read: (db: AnyDb, ownerIds: string[]) => Promise<Map<string, string[]>>;
}

/** A link set read through a join: `link.owner` → `target.id`, named by `target.label`. */
const joined = (table: string, field: string, link: string, owner: string, target: string, from: string, label: string): LinkSet => ({
  table,
  field,
  read: async (db, ownerIds) => {
    const out = new Map<string, string[]>(ownerIds.map((id) => [id, []]));
    for (let i = 0; i < ownerIds.length; i += 500) {
      const rows = (await db
        .selectFrom(`${link} as l`)
        .innerJoin(`${from} as t`, 't.id', `l.${target}`)
        .select([`l.${owner} as owner`, `t.${label} as label`])
        .where(`l.${owner}`, 'in', ownerIds.slice(i, i + 500))
        .execute()) as Array<{ owner: string; label: string }>;
      for (const r of rows) out.get(r.owner)?.push(r.label);
    }
    return out;
  },
});

/** A role's data rules: for each granted menu with rules, "菜单：规则、规则". */
const roleDataRules: LinkSet = {
  table: 'sys_role',
  field: 'dataRules',
  read: async (db, roleIds) => {
    const out = new Map<string, string[]>(roleIds.map((id) => [id, []]));
    if (roleIds.length === 0) return out;
    const grants = (await db
      .selectFrom('sysRolePermission as g')
      .innerJoin('sysPermission as p', 'p.id', 'g.permissionId')
      .select(['g.roleId', 'g.dataRuleIds', 'p.name'])
      .where('g.roleId', 'in', roleIds)
      .where('g.dataRuleIds', 'is not', null)
      .execute()) as Array<{ roleId: string; dataRuleIds: string; name: string }>;
    const ruleIds = [...new Set(grants.flatMap((g) => g.dataRuleIds.split(',').filter(Boolean)))];
    const names = new Map<string, string>();
    for (let i = 0; i < ruleIds.length; i += 500)
      for (const r of (await db
        .selectFrom('sysPermissionDataRule')
        .select(['id', 'ruleName'])
        .where('id', 'in', ruleIds.slice(i, i + 500))
        .execute()) as Array<{ id: string; ruleName: string }>)
        names.set(r.id, r.ruleName);
    for (const g of grants) {
      const rules = g.dataRuleIds.split(',').filter(Boolean).map((id) => names.get(id) ?? id);
      if (rules.length) out.get(g.roleId)?.push(`${g.name}：${rules.sort(byName).join('、')}`);
    }
    return out;
  },
};

export const LINKS = {
  userRoles: joined('sys_user', 'roles', 'sysUserRole', 'userId', 'roleId', 'sysRole', 'roleName'),
  userDeparts: joined('sys_user', 'departs', 'sysUserDepart', 'userId', 'depId', 'sysDepart', 'departName'),
  userDepartRoles: joined('sys_user', 'departRoles', 'sysDepartRoleUser', 'userId', 'droleId', 'sysDepartRole', 'roleName'),
  rolePermissions: joined('sys_role', 'permissions', 'sysRolePermission', 'roleId', 'permissionId', 'sysPermission', 'name'),
  roleDataRules,
  departPermissions: joined('sys_depart', 'permissions', 'sysDepartPermission', 'departId', 'permissionId', 'sysPermission', 'name'),
  departRolePermissions: joined('sys_depart_role', 'permissions', 'sysDepartRolePermission', 'roleId', 'permissionId', 'sysPermission', 'name'),
} satisfies Record<string, LinkSet>;

const byName = (a: string, b: string) => a.localeCompare(b, 'zh-CN');

/** Each owner's links, sorted; no links is null (the diff then reads as an empty side). */
async function snapshots(db: AnyDb, sets: LinkSet[], ids: string[]) {
  const out = new Map<string, Record<string, string[] | null>>(ids.map((id) => [id, {}]));
  for (const set of sets) for (const [id, names] of await set.read(db, ids)) out.get(id)![set.field] = names.length ? names.sort(byName) : null;
  return out;
}

/**
 * Runs a write of link rows inside `trx` and records, on each owner whose links changed, an 'edit'
 * from the links before to the links after (one entry for all `sets`, which share the owner's table).
 */
export async function trackLinkWrite<T>(
  trx: AnyDb,
  request: FastifyRequest,
  sets: LinkSet[],
  ownerIds: string[],
  write: () => Promise<T>,
): Promise<T> {
  const ids = [...new Set(ownerIds)];
  const before = await snapshots(trx, sets, ids);
  const result = await write();
  const after = await snapshots(trx, sets, ids);
  await recordChanges(
    trx,
    request,
    ids.map((id) => ({ table: sets[0].table, id, action: 'edit' as const, before: before.get(id)!, after: after.get(id)! })),
  );
  return result;
}
