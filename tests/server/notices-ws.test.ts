import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { sendMessage } from '../../src/server/modules/message/send.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { openSocket, type Client } from './ws-client.js';

const ZHANGWEI = stableId('user', 'zhangwei');
const LINA = stableId('user', 'lina');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.each(DIALECTS)('websocket notices on $name', ({ url }) => {
  let t: TestApp;
  let wsBase: string;
  let doctor: string;
  let nurse: string;
  let admin: string;
  const open: Client[] = [];
  const connect = async (userId: string, token: string) => {
    const c = await openSocket(`${wsBase}/websocket/${userId}`, [token]);
    open.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp(url);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    wsBase = `ws://127.0.0.1:${address.port}${t.base}`;
    [doctor, nurse, admin] = await Promise.all([t.login('zhangwei'), t.login('lina'), t.login('admin')]);
  });
  afterAll(async () => {
    for (const c of open) c.close();
    await t?.close();
  });

  it('accepts the session token as subprotocol, echoes it, and pushes a release to that user at once', async () => {
    const sock = await connect(ZHANGWEI, doctor);
    expect(sock.ws.protocol).toBe(doctor);
    const { result } = (
      await t.call({ method: 'POST', url: '/sys/annountCement/add', token: admin, payload: { titile: '实时推送测试', msgType: 'USER', userIds: ZHANGWEI } })
    ).json();
    await t.call({ method: 'POST', url: '/sys/annountCement/doReleaseData', token: admin, payload: { id: result.id } });
    const frame = JSON.parse(await sock.next((f) => f.includes('实时推送测试')));
    expect(frame).toMatchObject({ cmd: 'user', msgTxt: '实时推送测试', msgId: result.id, classify: 'announcement' });
  });

  it("never delivers user B's messages to user A's socket", async () => {
    const a = await connect(LINA, nurse);
    const b = await connect(ZHANGWEI, doctor);
    await sendMessage(t.ctx, { userIds: [ZHANGWEI], title: '只给张伟', classify: 'system', classifyName: '系统消息' });
    await b.next((f) => f.includes('只给张伟'));
    await sendMessage(t.ctx, { userIds: [LINA], title: '只给李娜', classify: 'system', classifyName: '系统消息' });
    await a.next((f) => f.includes('只给李娜'));
    expect(a.frames.some((f) => f.includes('只给张伟'))).toBe(false);
    expect(b.frames.some((f) => f.includes('只给李娜'))).toBe(false);
  });

  it('answers the heartbeat on that socket only, never as a broadcast', async () => {
    const a = await connect(LINA, nurse);
    const b = await connect(ZHANGWEI, doctor);
    a.ws.send('ping');
    const reply = JSON.parse(await a.next((f) => f.includes('heartcheck')));
    expect(reply).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
    await sleep(150);
    expect(b.frames.some((f) => f.includes('heartcheck'))).toBe(false);
  });

  it('refuses a socket whose path id is not the session user, a bad token, no token, or a token in the query', async () => {
    await expect(openSocket(`${wsBase}/websocket/${LINA}`, [doctor])).rejects.toThrow('refused 403');
    await expect(openSocket(`${wsBase}/websocket/${ZHANGWEI}`, ['not-a-session-token'])).rejects.toThrow('refused 401');
    await expect(openSocket(`${wsBase}/websocket/${ZHANGWEI}`)).rejects.toThrow('refused 401');
    await expect(openSocket(`${wsBase}/websocket/${ZHANGWEI}?token=${doctor}`)).rejects.toThrow('refused 401');
    await expect(openSocket(`${wsBase}/websocket/..%2f${ZHANGWEI}`, [doctor])).rejects.toThrow(/refused 40[04]/);
  });

  it('refuses a token after logout', async () => {
    const token = await t.login('zhangwei');
    await t.call({ method: 'POST', url: '/sys/logout', token });
    await expect(openSocket(`${wsBase}/websocket/${ZHANGWEI}`, [token])).rejects.toThrow('refused 401');
  });

  describe('revocation closes live sockets at once (issue 11 §4)', () => {
    const USER_ID = (u: string) => stableId('user', u);
    const put = (url: string, token: string, payload: object) => t.call({ method: 'PUT', url, token, payload });

    it('closes exactly the socket of a session ended by logout, and delivers nothing more to it', async () => {
      const [first, second] = [await t.login('zhangwei'), await t.login('zhangwei')];
      const a = await connect(ZHANGWEI, first);
      const b = await connect(ZHANGWEI, second);
      await t.call({ method: 'POST', url: '/sys/logout', token: first });
      // Well inside the old 5-minute re-check: the revocation itself closes the socket.
      expect(await a.closed(2000)).toBe(4401);
      await sendMessage(t.ctx, { userIds: [ZHANGWEI], title: '注销之后', classify: 'system', classifyName: '系统消息' });
      await b.next((f) => f.includes('注销之后'));
      expect(a.frames.some((f) => f.includes('注销之后'))).toBe(false);
    });

    it('closes every socket of a user forced offline, frozen, or whose roles change', async () => {
      const forced = await connect(ZHANGWEI, await t.login('zhangwei'));
      expect((await t.call({ method: 'POST', url: '/sys/online/forceLogout', token: admin, payload: { username: 'zhangwei' } })).json().success).toBe(true);
      expect(await forced.closed(2000)).toBe(4401);

      const frozen = await connect(USER_ID('chenjing'), await t.login('chenjing'));
      expect((await put('/sys/user/frozenBatch', admin, { ids: USER_ID('chenjing'), status: '2' })).json().success).toBe(true);
      expect(await frozen.closed(2000)).toBe(4401);
      expect((await put('/sys/user/frozenBatch', admin, { ids: USER_ID('chenjing'), status: '1' })).json().success).toBe(true);

      const nurseRoles = (await t.call({ method: 'GET', url: `/sys/user/queryUserRole?userid=${LINA}`, token: admin })).json().result as string[];
      const regranted = await connect(LINA, await t.login('lina'));
      const edit = await put('/sys/user/edit', admin, { id: LINA, selectedroles: [...nurseRoles, stableId('role', 'doctor')].join(',') });
      expect(edit.json().success).toBe(true);
      expect(await regranted.closed(2000)).toBe(4401);
      await put('/sys/user/edit', admin, { id: LINA, selectedroles: nurseRoles.join(',') });
      // The shared tokens were revoked above: later tests sign in afresh.
      [doctor, nurse] = [await t.login('zhangwei'), await t.login('lina')];
    });
  });

  it('closes a socket that sends binary frames', async () => {
    const a = await connect(LINA, nurse);
    const closed = new Promise<number>((r) => a.ws.once('close', (code) => r(code)));
    a.ws.send(Buffer.from([1, 2, 3]));
    expect(await closed).toBe(1003);
  });
});
