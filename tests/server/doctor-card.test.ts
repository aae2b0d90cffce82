import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { cardToken } from '../../src/server/modules/doctor-card/token.js';
import { CARD_VIEWS_PER_ADDRESS } from '../../src/server/modules/doctor-card/routes.js';

const CARD = '/sys/doctorCard';
const GONE = '名片不存在或已失效';

// The doctor's QR code points at a public card reached by a signed token; the card tells only the card.
describe.each(DIALECTS)('doctor card on $name', ({ url }) => {
  let t: TestApp;
  const ids = new Map<string, string>();
  const card = (c: string) => t.call({ method: 'GET', url: CARD, query: { c } });

  beforeAll(async () => {
    t = await createTestApp(url);
    const rows = await t.ctx.db.kysely.selectFrom('sysUser').select(['id', 'username']).execute();
    for (const r of rows) ids.set(r.username, r.id);
  });
  afterAll(async () => t?.close());

  const tokenOf = (username: string) => cardToken(t.cfg.sessionSecret, ids.get(username) as string);

  it('encodes the signed card link in the QR code, not the doctor id', async () => {
    const zhangwei = await t.login('zhangwei');
    const res = await t.call({
      method: 'GET',
      url: '/api/sys/staff/user/wxmpQrCode',
      query: { id: ids.get('zhangwei') as string },
      token: zhangwei,
    });
    // The same picture as the link drawn with the same options: the code holds exactly that link.
    const link = `http://localhost:80/doctor-card?c=${encodeURIComponent(tokenOf('zhangwei'))}`;
    const expected = await QRCode.toDataURL(link, {
      type: 'image/png',
      errorCorrectionLevel: 'M',
      margin: 1,
      width: 300,
    });
    expect(res.json().result).toBe(expected);
  });

  it('answers the card without a session: name, avatar, department and position only', async () => {
    const res = await card(tokenOf('zhangwei'));
    expect(res.statusCode, res.body).toBe(200);
    const { result } = res.json();
    expect(Object.keys(result).sort()).toEqual(['avatar', 'departName', 'postName', 'realname']);
    expect(result.realname).toBe('张伟');
    expect(result.departName).toBeTruthy();
    expect(result.postName).toBeTruthy();
    // Nothing that identifies the account leaks: no user name, id or phone anywhere in the answer.
    const phone = (
      await t.ctx.db.kysely
        .selectFrom('sysUser')
        .select('phone')
        .where('username', '=', 'zhangwei')
        .executeTakeFirst()
    )?.phone;
    expect(res.body).not.toContain('zhangwei');
    expect(JSON.stringify(result).replace(encodeURIComponent(tokenOf('zhangwei')), '')).not.toContain(
      ids.get('zhangwei'),
    );
    if (phone) expect(res.body).not.toContain(phone);
  });

  it('serves the avatar through the card link only', async () => {
    const { result } = (await card(tokenOf('zhangwei'))).json();
    expect(result.avatar).toMatch(/\/sys\/doctorCard\/avatar\?c=/);
    const image = await t.app.inject({ method: 'GET', url: result.avatar });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    const forged = await t.app.inject({
      method: 'GET',
      url: `${t.base}${CARD}/avatar`,
      query: { c: `${ids.get('zhangwei')}.x` },
    });
    expect(forged.statusCode).toBe(404);
  });

  it('refuses a forged, altered or foreign token, and a non-doctor, with one 404', async () => {
    const good = tokenOf('zhangwei');
    const signature = good.split('.')[1];
    const forged = [
      `${ids.get('zhangwei')}`,
      `${ids.get('zhangwei')}.${'A'.repeat(signature.length)}`,
      `${ids.get('chenjing')}.${signature}`,
      cardToken('another-secret', ids.get('zhangwei') as string),
      tokenOf('lina'),
      'not-a-token',
    ];
    for (const c of forged) {
      const res = await card(c);
      expect(res.statusCode, c).toBe(404);
      expect(res.json()).toMatchObject({ success: false, message: GONE });
    }
    expect((await card('')).statusCode).toBe(400);
  });

  it('counts card views per address: past the limit a 429, another address still sees the card', async () => {
    const from = (remoteAddress: string) =>
      t.call({ method: 'GET', url: CARD, query: { c: tokenOf('zhangwei') }, remoteAddress });
    for (let i = 0; i < CARD_VIEWS_PER_ADDRESS; i++) expect((await from('10.0.0.7')).statusCode).toBe(200);
    const refused = await from('10.0.0.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('请求过于频繁，请稍后再试');
    expect((await from('10.0.0.8')).statusCode).toBe(200);
  });
});
