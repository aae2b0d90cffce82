import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { sendMessage } from '../../src/server/modules/message/send.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { openSocket, type Client } from './ws-client.js';

/**
 * Issue 15: what the JeecgBoot Vue 2 console (ant-design-vue-jeecg 3.4.3) needs from the user, role
 * and notice APIs — authorisation trees its a-tree can render, the add form's user id, the department
 * page's member list within the caller's scope, and a notice socket that survives a console that
 * never sends a heartbeat and learns on (re)connect what it missed.
 */

const userId = (name: string) => stableId('user', name);
const departId = (code: string) => stableId('depart', code);
const permId = (code: string) => stableId('perm', code);
const menuId = (key: string) => stableId('menu', key);
const ZHANGWEI = userId('zhangwei');
const LINA = userId('lina');
/** Seconds between server pings in these tests (production: 30). */
const PING_SECONDS = 0.3;
const MASKED_PHONE = /^\d{3}\*{4}\d{4}$/;

interface TreeNode {
  key: string;
  title: string;
  slotTitle: string;
  ruleFlag: number;
  scopedSlots?: unknown;
  children: TreeNode[] | null;
}
interface UserRecord {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
  email: string | null;
  orgCode: string;
  orgCodeTxt: string;
}
interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

const flatten = (nodes: TreeNode[]): TreeNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('JeecgBoot Vue 2 console: users, trees and notice socket on $name', ({ url }) => {
  let t: TestApp;
  let wsBase: string;
  let admin: string;
  let wangfang: string;
  let lina: string;
  let liuyang: string;
  const open: Array<{ close(): void }> = [];

  const get = (path: string, token?: string, query?: Record<string, string>) => t.call({ method: 'GET', url: path, token, ...(query ? { query } : {}) });
  const connect = async (user: string, token: string): Promise<Client> => {
    const c = await openSocket(`${wsBase}/websocket/${user}`, [token]);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp(url, { WS_PING_SECONDS: String(PING_SECONDS) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    wsBase = `ws://127.0.0.1:${address.port}${t.base}`;
    [admin, wangfang, lina, liuyang] = await Promise.all(['admin', 'wangfang', 'lina', 'liuyang'].map((u) => t.login(u)));
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('authorisation trees (a-tree scopedSlots)', () => {
    const treeOf = async (path: string, token = admin, query?: Record<string, string>) => {
      const res = await get(path, token, query);
      expect(res.json().success).toBe(true);
      expect(res.body).not.toContain('"scopedSlots":null');
      return flatten(res.json().result.treeList as TreeNode[]);
    };

    beforeAll(async () => {
      // A data rule on the user menu: its node is the one the dialogs mark.
      const rule = await t.call({
        method: 'POST',
        url: '/sys/permission/addPermissionRule',
        token: admin,
        payload: { permissionId: menuId('isystem-user'), ruleName: '本科室', ruleColumn: 'orgCode', ruleConditions: '=', ruleValue: '#{sys_org_code}' },
      });
      expect(rule.json().success).toBe(true);
      const saved = await t.call({
        method: 'POST',
        url: '/sys/permission/saveDepartPermission',
        token: admin,
        payload: { departId: departId('A01A01'), permissionIds: [menuId('isystem'), menuId('isystem-user'), permId('user:add')].join(',') },
      });
      expect(saved.json().success).toBe(true);
    });

    it('gives every node of the role tree the hasDatarule slot (never null), and marks the menu with a data rule', async () => {
      const nodes = await treeOf('/sys/role/queryTreeList', lina);
      expect(nodes.length).toBeGreaterThan(10);
      for (const n of nodes) expect(n.scopedSlots).toEqual({ title: 'hasDatarule' });
      const ruled = nodes.find((n) => n.key === menuId('isystem-user')) as TreeNode;
      expect(ruled).toMatchObject({ ruleFlag: 1, slotTitle: ruled.title });
      expect(nodes.find((n) => n.key === permId('user:add'))).toMatchObject({ ruleFlag: 0, scopedSlots: { title: 'hasDatarule' } });
    });

    it('shapes the department-role tree and the menu tree the same way', async () => {
      const dept = await treeOf('/sys/sysDepartPermission/queryTreeListForDeptRole', admin, { departId: departId('A01A01') });
      expect(dept.map((n) => n.key).sort()).toEqual([menuId('isystem'), menuId('isystem-user'), permId('user:add')].sort());
      for (const n of dept) expect(n.scopedSlots).toEqual({ title: 'hasDatarule' });
      expect(dept.find((n) => n.key === menuId('isystem-user'))?.ruleFlag).toBe(1);
      const menus = await treeOf('/sys/permission/queryTreeList');
      for (const n of menus) expect(n.scopedSlots).toEqual({ title: 'hasDatarule' });
      // The menu dialog's tree-select shows `title`, which stays the menu name.
      expect(menus.find((n) => n.key === menuId('isystem-user'))?.title).toBe('用户管理');
    });
  });

  describe('GET /sys/user/generateUserId', () => {
    it('gives a user who may add users a fresh id in the 32-hex format, unused by anyone', async () => {
      const a = (await get('/sys/user/generateUserId', admin)).json();
      const b = (await get('/sys/user/generateUserId', liuyang)).json();
      expect(a).toMatchObject({ success: true, code: 200 });
      expect(a.result).toMatch(/^[0-9a-f]{32}$/);
      expect(b.result).toMatch(/^[0-9a-f]{32}$/);
      expect(a.result).not.toBe(b.result);
      const taken = await t.ctx.db.kysely.selectFrom('sysUser').select('id').where('id', 'in', [a.result, b.result]).execute();
      expect(taken).toEqual([]);
    });

    it('refuses users without user:add (510) and callers without a session (401)', async () => {
      const refused = (await get('/sys/user/generateUserId', wangfang)).json();
      expect(refused).toMatchObject({ success: false, code: 510 });
      expect(refused.result ?? null).toBeNull();
      expect((await get('/sys/user/generateUserId', lina)).json().code).toBe(510);
      const anonymous = await get('/sys/user/generateUserId');
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('GET /sys/user/departUserList', () => {
    const list = async (token: string, query: Record<string, string>) => {
      const res = await get('/sys/user/departUserList', token, query);
      expect(res.body).not.toMatch(/\$argon2|"passwordHash"|"salt"/);
      return res.json();
    };
    const names = (p: Page<UserRecord>) => p.records.map((r) => r.username).sort();

    it('pages the members of a department and its sub-departments, with department names in orgCode', async () => {
      const hospital = (await list(wangfang, { depId: departId('A01A01'), pageNo: '1', pageSize: '100', column: 'createTime', order: 'desc' })).result as Page<UserRecord>;
      expect(names(hospital)).toEqual(expect.arrayContaining(['wangfang', 'zhangwei', 'lina', 'chenjing']));
      expect(names(hospital)).not.toContain('liuyang');
      expect(names(hospital)).not.toContain('admin');
      expect(hospital.total).toBe(hospital.records.length);
      const chenjing = hospital.records.find((r) => r.username === 'chenjing') as UserRecord;
      expect(chenjing.orgCode).toBe('内分泌科,慢病管理中心');

      const nursing = (await list(wangfang, { depId: departId('A01A01A04'), pageSize: '100' })).result as Page<UserRecord>;
      expect(nursing.records.length).toBeGreaterThan(1);
      expect(nursing.records.every((r) => r.orgCode === '护理部')).toBe(true);
      expect(names(nursing)).toContain('lina');
      expect(names(nursing)).not.toContain('zhangwei');

      const paged = (await list(wangfang, { depId: departId('A01A01'), pageNo: '2', pageSize: '2' })).result as Page<UserRecord>;
      expect(paged).toMatchObject({ size: 2, current: 2, total: hospital.total });
      expect(paged.records).toHaveLength(2);
      const one = (await list(wangfang, { depId: departId('A01A01'), username: 'lina' })).result as Page<UserRecord>;
      expect(names(one)).toEqual(['lina']);
    });

    it("refuses a department outside the caller's scope and shows no one from it", async () => {
      for (const dep of ['A01A02', 'A01A03A01', 'A01', 'A02']) {
        const body = await list(wangfang, { depId: departId(dep) });
        expect(body).toMatchObject({ success: false, message: '未找到对应部门' });
        expect(JSON.stringify(body)).not.toContain('liuyang');
      }
      // A nurse sees her department, not the hospital above it.
      expect(await list(lina, { depId: departId('A01A01') })).toMatchObject({ success: false, message: '未找到对应部门' });
      expect((await list(lina, { depId: departId('A01A01A04') })).result.total).toBeGreaterThan(0);
      // The administrator does see that department.
      const other = (await list(admin, { depId: departId('A01A03A01'), pageSize: '100' })).result as Page<UserRecord>;
      expect(names(other)).toContain('liuyang');
      // Without a department: the departments the caller is in charge of (none here), never everyone.
      expect((await list(wangfang, {})).result).toMatchObject({ records: [], total: 0 });
      expect((await list(admin, { depId: '' })).result).toMatchObject({ records: [], total: 0 });
      expect((await get('/sys/user/departUserList', wangfang, { depId: "x' or '1'='1" })).statusCode).toBe(400);
      expect((await get('/sys/user/departUserList', undefined, { depId: departId('A01A01') })).statusCode).toBe(401);
    });

    it('lists the departments a superior is in charge of when no department is chosen', async () => {
      await t.ctx.db.kysely.updateTable('sysUser').set({ departIds: `${departId('A01A01A04')},${departId('A01A02')}` }).where('id', '=', userId('wangfang')).execute();
      try {
        const mine = (await list(wangfang, { pageSize: '100' })).result as Page<UserRecord>;
        expect(mine.records.length).toBeGreaterThan(0);
        // 护理部 only: 华康中心医院 is outside her scope.
        expect(mine.records.every((r) => r.orgCode === '护理部')).toBe(true);
      } finally {
        await t.ctx.db.kysely.updateTable('sysUser').set({ departIds: null }).where('id', '=', userId('wangfang')).execute();
      }
    });

    it('masks phones and e-mails unless the caller may see them', async () => {
      const masked = (await list(wangfang, { depId: departId('A01A01A04'), username: 'lina' })).result.records[0] as UserRecord;
      expect(masked.phone).toMatch(MASKED_PHONE);
      expect(masked.email).toMatch(/^l\*\*\*@huakang\.example\.cn$/);
      const full = (await list(admin, { depId: departId('A01A01A04'), username: 'lina' })).result.records[0] as UserRecord;
      expect(full.phone).toMatch(/^1380013\d{4}$/);
      expect(full.email).toBe('lina@huakang.example.cn');
    });
  });

  describe('notice socket without a console heartbeat', () => {
    const unreadCount = async (token: string) => (await get('/api/sys/msg/rec/unreadCount', token)).json().result as number;
    const isCatchUp = (f: string) => f.includes('"unreadCount"');

    it('pings a silent socket and keeps it open; pushes still arrive', async () => {
      const sock = await connect(LINA, lina);
      let pings = 0;
      sock.ws.on('ping', () => pings++);
      await sleep(PING_SECONDS * 1000 * 5);
      expect(pings).toBeGreaterThanOrEqual(3);
      expect(sock.ws.readyState).toBe(WebSocket.OPEN);
      await sendMessage(t.ctx, { userIds: [LINA], title: '静默连接仍然收到', classify: 'system', classifyName: '系统消息' });
      expect(JSON.parse(await sock.next((f) => f.includes('静默连接仍然收到') && !isCatchUp(f)))).toMatchObject({ cmd: 'user', msgTxt: '静默连接仍然收到' });
    });

    it('terminates a socket that does not answer the pings', async () => {
      const ws = new WebSocket(`${wsBase}/websocket/${LINA}`, [lina], { autoPong: false });
      open.push(ws);
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
      const code = await Promise.race([closed, sleep(PING_SECONDS * 1000 * 10).then(() => -1)]);
      expect(code).toBe(1006);
    });

    it('tells a reconnecting user what arrived while he had no socket, and nothing on a fresh open', async () => {
      const zhangwei = await t.login('zhangwei');
      const first = await connect(ZHANGWEI, zhangwei);
      await sleep(200);
      // A page that just opened loads its bell itself: no catch-up (the Vue 2 client reads frames aloud).
      expect(first.frames.filter(isCatchUp)).toEqual([]);
      first.close();
      await first.closed();
      // Pushed while he is away: only the database has it.
      const [missedId] = await sendMessage(t.ctx, { userIds: [ZHANGWEI], title: '断线期间的通知', classify: 'system', classifyName: '系统消息' });
      await sendMessage(t.ctx, { userIds: [LINA], title: '别人的通知', classify: 'system', classifyName: '系统消息' });

      const again = await connect(ZHANGWEI, zhangwei);
      const frame = JSON.parse(await again.next(isCatchUp));
      const count = await unreadCount(zhangwei);
      expect(count).toBeGreaterThan(0);
      expect(frame).toMatchObject({ cmd: 'user', msgId: missedId, msgTxt: '断线期间的通知', classify: 'system', unreadCount: count });
      expect(frame.notices[0]).toEqual({ msgId: missedId, msgTxt: '断线期间的通知', classify: 'system' });
      expect(frame.notices.length).toBeLessThanOrEqual(5);
      expect(JSON.stringify(frame)).not.toContain('别人的通知');
    });

    it('sends nothing on reconnect when nothing new arrived meanwhile', async () => {
      const token = await t.login('chenjing');
      const first = await connect(userId('chenjing'), token);
      first.close();
      await first.closed();
      const again = await connect(userId('chenjing'), token);
      await sleep(300);
      expect(again.frames.filter(isCatchUp)).toEqual([]);
    });
  });
});
