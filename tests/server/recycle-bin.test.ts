import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { signedGet } from './signed.js';

/**
 * The recycle bins of users (protocol §10: recycleBin, putRecycleBin, deleteRecycleBin) and of
 * dictionaries (deleteList, back/{id}, deletePhysic/{id}): what a delete puts in, what a restore brings
 * back, what a purge removes for good, and who may do which.
 */

const userId = (name: string) => stableId('user', name);
const departId = (code: string) => stableId('depart', code);
const roleId = (code: string) => stableId('role', code);
const permId = (code: string) => stableId('perm', code);
const PASSWORD = 'Recycle@2026';

describe.each(DIALECTS)('recycle bins on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;
  let wangfang: string;

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
  const send = (method: Method, path: string, token: string, payload?: object) =>
    t.call({ method, url: path, token, ...(payload ? { payload } : {}) });
  const bin = async (token = admin) => {
    const res = await send('GET', '/sys/user/recycleBin?pageSize=100', token);
    expect(res.json().success, res.body).toBe(true);
    return res.json().result as {
      records: Array<{ id: string; username: string; realname: string }>;
      total: number;
    };
  };
  const binNames = async (token = admin) => (await bin(token)).records.map((r) => r.username);
  const listed = async (username: string, token = admin) =>
    ((await send('GET', `/sys/user/list?username=${username}`, token)).json().result.records as unknown[])
      .length;
  const restore = (ids: string[], token = admin) =>
    send('PUT', '/sys/user/putRecycleBin', token, { userIds: ids.join(',') });
  const purge = (ids: string[], token = admin) =>
    send('DELETE', `/sys/user/deleteRecycleBin?userIds=${ids.join(',')}`, token);
  const remove = async (id: string, token = admin) =>
    expect((await send('DELETE', `/sys/user/delete?id=${id}`, token)).json().success).toBe(true);
  const securityLog = (event: string) =>
    t.ctx.db.kysely
      .selectFrom('sysLog')
      .select(['username', 'target', 'result'])
      .where('event', '=', event)
      .execute();

  /** A fresh user in a department, with a role, through the ordinary add; returns his id. */
  const addUser = async (username: string, depart: string, extra: Record<string, unknown> = {}) => {
    const res = await send('POST', '/sys/user/add', admin, {
      username,
      realname: `回收${username.slice(-1)}`,
      password: PASSWORD,
      confirmpassword: PASSWORD,
      selectedroles: roleId('nurse'),
      selecteddeparts: departId(depart),
      ...extra,
    });
    expect(res.json().success, res.body).toBe(true);
    const row = await t.ctx.db.kysely
      .selectFrom('sysUser')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return row.id;
  };

  /** Gives a role more button codes, as the administrator does on the role page. */
  const grantCodes = async (role: string, codes: string[]) => {
    const current = (
      await send('GET', `/sys/permission/queryRolePermission?roleId=${roleId(role)}`, admin)
    ).json().result as string[];
    const ids = [...new Set([...current, ...codes.map(permId)])];
    const res = await send('POST', '/sys/permission/saveRolePermission', admin, {
      roleId: roleId(role),
      permissionIds: ids.join(','),
    });
    expect(res.json().success).toBe(true);
  };

  beforeAll(async () => {
    t = await createTestApp(url);
    [admin, lina] = [await t.login('admin'), await t.login('lina')];
    // The organisation manager may use the bin, so what stops him outside his hospital is scope, not a 510.
    await grantCodes('org_manager', ['user:delete', 'user:recycle', 'user:purge']);
    wangfang = await t.login('wangfang');
  });
  afterAll(async () => t?.close());

  describe('users', () => {
    it('puts a deleted user in the bin and restores him to the list, able to sign in again', async () => {
      const id = await addUser('bin_nurse1', 'A01A01A04', { phone: '13700001111' });
      expect(await binNames()).not.toContain('bin_nurse1');
      await remove(id);
      expect(await listed('bin_nurse1')).toBe(0);
      const binned = (await bin()).records.find((r) => r.username === 'bin_nurse1');
      expect(binned).toMatchObject({ id, realname: '回收1' });
      expect(JSON.stringify(binned)).not.toMatch(/passwordHash|\$argon2/);
      const refused = await t.call({
        method: 'POST',
        url: '/sys/login',
        payload: { username: 'bin_nurse1', password: PASSWORD },
      });
      expect(refused.json().success).toBe(false);

      const res = await restore([id]);
      expect(res.json()).toMatchObject({ success: true, message: '还原成功' });
      expect(await binNames()).not.toContain('bin_nurse1');
      expect(await listed('bin_nurse1')).toBe(1);
      // His links survived the stay in the bin.
      expect((await send('GET', `/sys/user/queryUserRole?userid=${id}`, admin)).json().result).toEqual([
        roleId('nurse'),
      ]);
      expect(await t.login('bin_nurse1', PASSWORD)).toBeTruthy();
      expect(await securityLog('user.restore')).toContainEqual({
        username: 'admin',
        target: 'bin_nurse1',
        result: 1,
      });
    });

    it('purges a binned user with his links, in one go', async () => {
      const id = await addUser('bin_nurse2', 'A01A01A04');
      await t.login('bin_nurse2', PASSWORD);
      await remove(id);
      // Only binned users can be purged: a live one is "not found".
      expect((await purge([userId('zhangwei')])).json()).toMatchObject({
        success: false,
        message: '未找到对应数据',
      });
      const res = await purge([id]);
      expect(res.json()).toMatchObject({ success: true, message: '彻底删除成功' });
      const db = t.ctx.db.kysely;
      expect(await db.selectFrom('sysUser').select('id').where('id', '=', id).execute()).toEqual([]);
      expect(await db.selectFrom('sysUserRole').select('id').where('userId', '=', id).execute()).toEqual([]);
      expect(await db.selectFrom('sysUserDepart').select('id').where('userId', '=', id).execute()).toEqual(
        [],
      );
      expect(await db.selectFrom('sysSession').select('id').where('userId', '=', id).execute()).toEqual([]);
      expect(await binNames()).not.toContain('bin_nurse2');
      expect((await restore([id])).json()).toMatchObject({ success: false, message: '未找到对应数据' });
      expect(await securityLog('user.purge')).toContainEqual({
        username: 'admin',
        target: 'bin_nurse2',
        result: 1,
      });
    });

    it('refuses to restore a user whose phone number another active user now has, with a 409 and a clear message', async () => {
      const first = await addUser('bin_nurse3', 'A01A01A04', { phone: '13700003333' });
      await remove(first);
      await addUser('bin_nurse4', 'A01A01A04', { phone: '13700003333' });
      const res = await restore([first]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        success: false,
        code: 409,
        message: '无法还原用户 bin_nurse3：手机号已被其他用户使用，请先修改占用该手机号的用户',
      });
      expect(await binNames()).toContain('bin_nurse3');
    });

    it('keeps an organisation manager to the deleted users of his own hospital', async () => {
      const inside = await addUser('bin_inside', 'A01A01A02');
      const outside = await addUser('bin_outside', 'A01A02A01');
      await remove(inside);
      await remove(outside);
      const seen = await binNames(wangfang);
      expect(seen).toContain('bin_inside');
      expect(seen).not.toContain('bin_outside');
      for (const res of [
        await restore([outside], wangfang),
        await purge([outside], wangfang),
        await restore([inside, outside], wangfang),
      ])
        expect(res.json()).toMatchObject({ success: false, message: '未找到对应数据' });
      expect(await securityLog('user.restore')).toContainEqual(
        expect.objectContaining({ username: 'wangfang', result: 0 }),
      );
      expect(await binNames()).toEqual(expect.arrayContaining(['bin_inside', 'bin_outside']));
      expect((await restore([inside], wangfang)).json().success).toBe(true);
      expect(await listed('bin_inside', wangfang)).toBe(1);
    });

    it('lets only administrators restore or purge administrators', async () => {
      const id = await addUser('bin_admin', 'A01A01A02', { selectedroles: roleId('admin') });
      await remove(id);
      expect(await binNames(wangfang)).toContain('bin_admin');
      const res = await restore([id], wangfang);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().message).toContain('只有系统管理员');
      expect((await purge([id], wangfang)).json().success).toBe(false);
      expect((await purge([id])).json().success).toBe(true);
    });

    it('answers a nurse without the codes with 510 and bad input with a 400', async () => {
      for (const res of [
        await send('GET', '/sys/user/recycleBin', lina),
        await restore([userId('zhangwei')], lina),
        await purge([userId('zhangwei')], lina),
      ])
        expect(res.json()).toMatchObject({ success: false, code: 510 });
      expect((await send('PUT', '/sys/user/putRecycleBin', admin, {})).statusCode).toBe(400);
      expect((await send('PUT', '/sys/user/putRecycleBin', admin, { userIds: '' })).statusCode).toBe(400);
      expect((await send('DELETE', '/sys/user/deleteRecycleBin', admin)).statusCode).toBe(400);
    });
  });

  describe('dictionaries', () => {
    const dictRows = async (path: string, token = admin) => {
      const res = await send('GET', path, token);
      expect(res.json().success, res.body).toBe(true);
      const result = res.json().result as
        Array<{ id: string; dictCode: string }> | { records: Array<{ id: string; dictCode: string }> };
      return (Array.isArray(result) ? result : result.records).map((d) => d.dictCode);
    };
    const addDict = async (code: string) => {
      expect(
        (await send('POST', '/sys/dict/add', admin, { dictName: `回收${code}`, dictCode: code })).json()
          .success,
      ).toBe(true);
      const { id } = await t.ctx.db.kysely
        .selectFrom('sysDict')
        .select('id')
        .where('dictCode', '=', code)
        .executeTakeFirstOrThrow();
      expect(
        (
          await send('POST', '/sys/dictItem/add', admin, {
            dictId: id,
            itemText: '甲',
            itemValue: 'a',
            status: 1,
            sortOrder: 1,
          })
        ).json().success,
      ).toBe(true);
      return id;
    };
    const items = async (code: string) =>
      (await signedGet(t, admin, `/sys/dict/getDictItems/${code}`)).json().result as Array<{ value: string }>;

    it('bins a deleted dictionary, restores it with its items, and purges it with them', async () => {
      const id = await addDict('bin_dict');
      expect((await send('DELETE', `/sys/dict/delete?id=${id}`, admin)).json().success).toBe(true);
      expect(await dictRows('/sys/dict/list?dictCode=bin_dict')).toEqual([]);
      expect(await dictRows('/sys/dict/deleteList')).toContain('bin_dict');
      expect(await items('bin_dict')).toEqual([]);

      expect((await send('PUT', `/sys/dict/back/${id}`, admin)).json()).toMatchObject({
        success: true,
        message: '还原成功',
      });
      expect(await dictRows('/sys/dict/list?dictCode=bin_dict')).toEqual(['bin_dict']);
      expect((await items('bin_dict')).map((i) => i.value)).toEqual(['a']);
      expect(await dictRows('/sys/dict/deleteList')).not.toContain('bin_dict');

      // Only binned dictionaries can be purged.
      expect((await send('DELETE', `/sys/dict/deletePhysic/${id}`, admin)).json()).toMatchObject({
        success: false,
        message: '字典不存在或不在回收站中',
      });
      await send('DELETE', `/sys/dict/delete?id=${id}`, admin);
      expect((await send('DELETE', `/sys/dict/deletePhysic/${id}`, admin)).json()).toMatchObject({
        success: true,
        message: '彻底删除成功',
      });
      expect(await dictRows('/sys/dict/deleteList')).not.toContain('bin_dict');
      const db = t.ctx.db.kysely;
      expect(await db.selectFrom('sysDictItem').select('id').where('dictId', '=', id).execute()).toEqual([]);
      expect(await items('bin_dict')).toEqual([]);
      // The code is free again.
      await addDict('bin_dict');
    });

    it('restores and purges a selection at once, and keeps dictionaries of the definitions in the bin', async () => {
      const ids = [await addDict('bin_many1'), await addDict('bin_many2')];
      expect((await send('DELETE', `/sys/dict/deleteBatch?ids=${ids.join(',')}`, admin)).json().success).toBe(
        true,
      );
      expect((await send('PUT', `/sys/dict/back/${ids.join(',')}`, admin)).json().success).toBe(true);
      expect(await dictRows('/sys/dict/list?dictCode=bin_many*&pageSize=10')).toHaveLength(2);
      await send('DELETE', `/sys/dict/deleteBatch?ids=${ids.join(',')}`, admin);
      expect((await send('DELETE', `/sys/dict/deletePhysic/${ids.join(',')}`, admin)).json().success).toBe(
        true,
      );

      const sex = stableId('dict', 'sex');
      await send('DELETE', `/sys/dict/delete?id=${sex}`, admin);
      const res = await send('DELETE', `/sys/dict/deletePhysic/${sex}`, admin);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().message).toContain('由系统定义');
      expect((await send('PUT', `/sys/dict/back/${sex}`, admin)).json().success).toBe(true);
      expect((await items('sex')).length).toBeGreaterThan(0);
    });

    it('answers a nurse without the codes with 510', async () => {
      const id = await addDict('bin_nurse_dict');
      await send('DELETE', `/sys/dict/delete?id=${id}`, admin);
      for (const res of [
        await send('GET', '/sys/dict/deleteList', lina),
        await send('PUT', `/sys/dict/back/${id}`, lina),
        await send('DELETE', `/sys/dict/deletePhysic/${id}`, lina),
      ])
        expect(res.json()).toMatchObject({ success: false, code: 510 });
      expect(await dictRows('/sys/dict/deleteList')).toContain('bin_nurse_dict');
    });
  });
});
