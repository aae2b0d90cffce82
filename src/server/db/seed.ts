import type { Kysely } from 'kysely';
import type { Database } from './tables.js';
import type { PasswordHasher } from '../auth/password.js';
import type { Config } from '../config.js';
import { stableId } from './menu-sync.js';
import { formatDateTime, parseDateTime } from '../../shared/time.js';
import {
  CATEGORIES,
  CHECK_RULES,
  DEMO_PASSWORD,
  DEPARTS,
  NAMED_USERS,
  POSITIONS,
  ROLES,
  TENANTS,
  generatedUsers,
  type DemoUser,
} from './seed-data.js';
import { storeAvatars } from './seed-avatars.js';
import { seedNotices } from './seed-notices.js';

const SEED_KEY = 'seed.version';
const BASE_TIME = parseDateTime('2026-01-05 09:00:00');
const at = (minutes: number) => formatDateTime(BASE_TIME + minutes * 60_000);

/**
 * Seeds once per database: roles, tenants and the administrator always; the hospital demo data
 * (departments, positions, 55 staff, categories, check rules, notices and feedback of the last days)
 * unless SEED_DEMO is off. Every seeded user gets a drawn avatar in the upload store.
 */
export async function seed(
  db: Kysely<Database>,
  hasher: PasswordHasher,
  cfg: Pick<Config, 'seedDemo' | 'uploadDir'>,
): Promise<boolean> {
  const demo = cfg.seedDemo;
  const done = await db.selectFrom('sysMeta').select('value').where('key', '=', SEED_KEY).executeTakeFirst();
  if (done) return false;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sysTenant')
      .values(TENANTS.map((t, i) => ({ ...t, beginDate: '2026-01-01', endDate: null, status: 1, createBy: 'system', createTime: at(i) })))
      .execute();
    await trx
      .insertInto('sysRole')
      .values(
        ROLES.map(([roleCode, roleName, workClass, description], i) => ({
          id: stableId('role', roleCode),
          roleCode,
          roleName,
          workClass,
          description,
          tenantId: 0,
          createBy: 'system',
          createTime: at(i),
          updateBy: null,
          updateTime: null,
        })),
      )
      .execute();
    const departs = demo ? DEPARTS : DEPARTS.slice(0, 1);
    await trx
      .insertInto('sysDepart')
      .values(
        departs.map(([orgCode, departName, orgCategory, tenantId], i) => ({
          id: stableId('depart', orgCode),
          parentId: orgCode.length > 3 ? stableId('depart', orgCode.slice(0, -3)) : '',
          departName,
          departNameEn: null,
          departNameAbbr: null,
          departOrder: i,
          description: null,
          orgCategory,
          orgType: orgCode.length === 3 ? '1' : '2',
          orgCode,
          mobile: null,
          fax: null,
          address: null,
          memo: null,
          status: '1',
          delFlag: '0',
          tenantId,
          createBy: 'system',
          createTime: at(i),
          updateBy: null,
          updateTime: null,
        })),
      )
      .execute();
    if (demo) {
      await trx
        .insertInto('sysPosition')
        .values(
          POSITIONS.map(([code, name, postRank], i) => ({
            id: stableId('position', code),
            code,
            name,
            postRank,
            companyId: null,
            sysOrgCode: 'A01',
            tenantId: 1,
            createBy: 'system',
            createTime: at(i),
            updateBy: null,
            updateTime: null,
          })),
        )
        .execute();
      await trx
        .insertInto('sysCategory')
        .values(
          CATEGORIES.map(([code, name, parent], i) => ({
            id: stableId('category', code),
            pid: parent ? stableId('category', parent) : '0',
            name,
            code,
            hasChild: CATEGORIES.some(([, , p]) => p === code) ? '1' : '0',
            createBy: 'system',
            createTime: at(i),
            updateBy: null,
            updateTime: null,
          })),
        )
        .execute();
      await trx
        .insertInto('sysCheckRule')
        .values(
          CHECK_RULES.map((r, i) => ({
            id: stableId('checkRule', r.code),
            ruleCode: r.code,
            ruleName: r.name,
            ruleJson: JSON.stringify(r.json),
            ruleDescription: null,
            createBy: 'system',
            createTime: at(i),
            updateBy: null,
            updateTime: null,
          })),
        )
        .execute();
    }
    const users = demo ? [...NAMED_USERS, ...generatedUsers()] : NAMED_USERS.slice(0, 1);
    await insertUsers(trx, hasher, users, cfg.uploadDir);
    if (demo)
      await seedNotices(
        trx,
        users.map((u) => ({ id: stableId('user', u.username), username: u.username, tenantIds: tenantsOf(u) })),
        Date.now(),
      );
    await trx.insertInto('sysMeta').values({ key: SEED_KEY, value: '1' }).execute();
  });
  return true;
}

const tenantOf = (orgCode: string) => DEPARTS.find(([c]) => c === orgCode)?.[3] ?? 1;
/** The administrator works in both tenants; everyone else in the tenant of their first department. */
const tenantsOf = (u: DemoUser) => (u.username === 'admin' ? [1, 2] : [tenantOf(u.departs[0])]);

async function insertUsers(db: Kysely<Database>, hasher: PasswordHasher, users: DemoUser[], uploadDir: string) {
  const hashes = await Promise.all(users.map(() => hasher.hash(DEMO_PASSWORD)));
  const avatars = await storeAvatars(
    db,
    uploadDir,
    users.map((u) => ({ username: u.username, sex: u.sex, tenantId: tenantsOf(u)[0] })),
  );
  await db
    .insertInto('sysUser')
    .values(
      users.map((u, i) => ({
        id: stableId('user', u.username),
        username: u.username,
        realname: u.realname,
        passwordHash: hashes[i],
        avatar: avatars.get(u.username) ?? null,
        birthday: `${1965 + ((i * 3) % 35)}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
        sex: u.sex,
        email: `${u.username}@huakang.example.cn`,
        phone: `1380013${String(i).padStart(4, '0')}`,
        orgCode: u.departs[0],
        status: 1,
        delFlag: 0,
        workNo: `HK${String(i + 1).padStart(5, '0')}`,
        post: u.post,
        telephone: null,
        userIdentity: u.roles.includes('admin') || u.roles.includes('org_manager') ? 2 : 1,
        departIds: null,
        relTenantIds: tenantsOf(u).join(','),
        userType: null,
        staffId: null,
        createBy: 'system',
        createTime: at(100 + i),
        updateBy: null,
        updateTime: null,
      })),
    )
    .execute();
  const roleLinks = users.flatMap((u) =>
    u.roles.map((r) => ({ id: stableId('userRole', `${u.username}|${r}`), userId: stableId('user', u.username), roleId: stableId('role', r) })),
  );
  await db.insertInto('sysUserRole').values(roleLinks).execute();
  const departLinks = users.flatMap((u) =>
    u.departs.map((d) => ({ id: stableId('userDepart', `${u.username}|${d}`), userId: stableId('user', u.username), depId: stableId('depart', d) })),
  );
  await db.insertInto('sysUserDepart').values(departLinks).execute();
  const tenantLinks = users.flatMap((u) => tenantsOf(u).map((tenantId) => ({ userId: stableId('user', u.username), tenantId })));
  await db.insertInto('sysUserTenant').values(tenantLinks).execute();
}
