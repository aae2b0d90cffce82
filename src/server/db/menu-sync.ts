import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './tables.js';
import { formatDateTime } from '../../shared/time.js';
import { newId } from '../../shared/ids.js';
import type { MenuDef } from '../../shared/schema-types.js';
import { ADMIN_ROLE_CODE } from '../auth/administrator.js';

/** A node of `schemas/menus/*.json` and its buttons; types generated from schemas/meta/menu.schema.json. */
export type { ButtonDef, MenuDef } from '../../shared/schema-types.js';

/** Deterministic ids, so definitions, seed data and role grants agree across restarts and databases. */
export const stableId = (kind: string, key: string) =>
  crypto.createHash('md5').update(`${kind}:${key}`).digest('hex');

/** What a menu or button definition states about its row, compared with an existing row. */
const STATED: Array<[keyof Database['sysPermission'], string]> = [
  ['name', '名称'],
  ['url', '路由地址'],
  ['component', '前端组件'],
  ['icon', '图标'],
];

/**
 * Inserts menu entries and buttons that are missing (by their stable id) and grants them to the roles
 * the definition names (grants are added, never withdrawn: an administrator may have granted more).
 * Existing rows are left as administrators edited them; where the definition now states something else,
 * the answer says so (one Chinese line per row), so a changed definition is never silently ignored.
 */
export async function syncMenus(db: Kysely<Database>, menus: MenuDef[]): Promise<string[]> {
  const roles = await db.selectFrom('sysRole').select(['id', 'roleCode']).execute();
  const roleIds = new Map(roles.map((r) => [r.roleCode, r.id]));
  const stored = new Map(
    (await db.selectFrom('sysPermission').select(['id', 'name', 'url', 'component', 'icon']).execute()).map(
      (r) => [r.id, r],
    ),
  );
  const existing = new Set(stored.keys());
  const notes: string[] = [];
  const compare = (
    id: string,
    label: string,
    stated: Partial<Record<keyof Database['sysPermission'], unknown>>,
  ) => {
    const row = stored.get(id) as Record<string, unknown> | undefined;
    if (!row) return;
    const diffs = STATED.filter(
      ([k]) => k in stated && stated[k] !== undefined && (row[k] ?? null) !== (stated[k] ?? null),
    ).map(([k, title]) => `${title}：${String(row[k] ?? '空')} → ${String(stated[k] ?? '空')}`);
    if (diffs.length)
      notes.push(
        `菜单定义 ${label} 与数据库中的记录不同（${diffs.join('；')}），保留现有记录；如需采用定义，请在“菜单管理”中修改`,
      );
  };
  const granted = new Set(
    (await db.selectFrom('sysRolePermission').select(['roleId', 'permissionId']).execute()).map(
      (r) => `${r.roleId}|${r.permissionId}`,
    ),
  );
  const now = formatDateTime();
  const rows: Database['sysPermission'][] = [];
  const grants: Database['sysRolePermission'][] = [];

  const grant = (permissionId: string, codes: string[] | undefined, inherited: string[]) => {
    const wanted = new Set([ADMIN_ROLE_CODE, ...inherited, ...(codes ?? [])]);
    const all = wanted.has('*') ? [...roleIds.keys()] : [...wanted];
    for (const code of all) {
      const roleId = roleIds.get(code);
      if (!roleId || granted.has(`${roleId}|${permissionId}`)) continue;
      granted.add(`${roleId}|${permissionId}`);
      grants.push({ id: newId(), roleId, permissionId, dataRuleIds: null });
    }
  };

  const walk = (nodes: MenuDef[], parentId: string, parentRoles: string[]) => {
    nodes.forEach((m, index) => {
      const id = stableId('menu', m.key);
      const hasChildren = (m.children?.length ?? 0) > 0;
      // A parent is granted whenever one of its children is, so the menu tree stays connected.
      const childRoles = collectRoles(m);
      compare(id, `"${m.key}"`, { name: m.name, url: m.url, component: m.component, icon: m.icon });
      if (!existing.has(id)) {
        rows.push({
          id,
          parentId,
          name: m.name,
          perms: null,
          permsType: null,
          icon: m.icon ?? null,
          component: m.component ?? null,
          componentName: m.componentName ?? null,
          url: m.url,
          redirect: m.redirect ?? null,
          sortNo: m.sortNo ?? index + 1,
          menuType: parentId ? 1 : 0,
          isLeaf: hasChildren ? 0 : 1,
          isRoute: m.route === false ? 0 : 1,
          keepAlive: m.keepAlive ? 1 : 0,
          description: null,
          delFlag: 0,
          ruleFlag: 0,
          hidden: m.hidden ? 1 : 0,
          hideTab: 0,
          status: '1',
          alwaysShow: m.alwaysShow ? 1 : 0,
          internalOrExternal: m.internalOrExternal ? 1 : 0,
          cornerMark: m.cornerMark ?? null,
          createBy: 'system',
          createTime: now,
          updateBy: null,
          updateTime: null,
        });
      }
      grant(id, childRoles, parentRoles);
      (m.buttons ?? []).forEach((b, i) => {
        const bid = stableId('perm', b.perms);
        compare(bid, `"${b.perms}"`, { name: b.name });
        if (!existing.has(bid)) {
          rows.push({
            id: bid,
            parentId: id,
            name: b.name,
            perms: b.perms,
            permsType: b.permsType ?? '1',
            icon: null,
            component: null,
            componentName: null,
            url: null,
            redirect: null,
            sortNo: i + 1,
            menuType: 2,
            isLeaf: 1,
            isRoute: 0,
            keepAlive: 0,
            description: null,
            delFlag: 0,
            ruleFlag: 0,
            hidden: 0,
            hideTab: 0,
            status: b.status ?? '1',
            alwaysShow: 0,
            internalOrExternal: 0,
            cornerMark: null,
            createBy: 'system',
            createTime: now,
            updateBy: null,
            updateTime: null,
          });
        }
        grant(bid, b.roles, []);
      });
      walk(m.children ?? [], id, m.roles?.includes('*') ? ['*'] : []);
    });
  };
  walk(menus, '', []);

  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('sysPermission')
      .values(rows.slice(i, i + 100))
      .execute();
  for (let i = 0; i < grants.length; i += 200)
    await db
      .insertInto('sysRolePermission')
      .values(grants.slice(i, i + 200))
      .execute();
  return notes;
}

function collectRoles(m: MenuDef): string[] {
  const out = new Set(m.roles ?? []);
  for (const c of m.children ?? []) for (const r of collectRoles(c)) out.add(r);
  for (const b of m.buttons ?? []) for (const r of b.roles ?? []) out.add(r);
  return [...out];
}
