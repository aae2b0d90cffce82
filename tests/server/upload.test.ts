import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';


const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(200)]);
const PDF = Buffer.from('%PDF-1.7\n% 测试文件\n');

describe.each(DIALECTS)('upload and download on $name', ({ url }) => {
  let t: TestApp;
  let token: string;
  const upload = (name: string, content: Buffer, extra: Record<string, string> = {}, tok: string | undefined = token) => {
    const body = multipartForm([{ name: 'file', file: { name, content } }, ...Object.entries(extra).map(([k, v]) => ({ name: k, value: v }))]);
    return t.call({ method: 'POST', url: '/sys/common/upload', token: tok, ...body });
  };

  beforeAll(async () => {
    t = await createTestApp(url, { UPLOAD_MAX_MB: '1' });
    token = await t.login('lina');
  });
  afterAll(async () => t?.close());

  it('stores a picture under a server-made name and answers its path in message', async () => {
    const res = await upload('病历照片.png', PNG, { biz: 'jeditor', isup: '1' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.message).toMatch(/^jeditor\/\d{8}\/[0-9a-f]{32}\.png$/);
    expect(body.result).toMatchObject({ path: body.message, name: '病历照片.png', size: PNG.length, mime: 'image/png' });
    expect(fs.readFileSync(path.join(t.cfg.uploadDir, body.message))).toEqual(PNG);
  });

  it('reads the biz field even when it comes before the file, and defaults to temp', async () => {
    const body = multipartForm([{ name: 'biz', value: 'notice' }, { name: 'file', file: { name: 'a.pdf', content: PDF } }]);
    const before = (await t.call({ method: 'POST', url: '/sys/common/upload', token, ...body })).json();
    expect(before.message).toMatch(/^notice\//);
    expect((await upload('b.pdf', PDF)).json().message).toMatch(/^temp\//);
  });

  it('refuses business folders outside the fixed list', async () => {
    for (const biz of ['..', '../../etc', 'jeditor/../..', '/etc/cron.d', 'C:\\Windows', 'unknown']) {
      const res = await upload('a.png', PNG, { biz });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('不允许的业务目录');
    }
  });

  it('refuses dangerous or disguised files', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['x.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), '不支持的文件类型：.svg'],
      ['x.html', Buffer.from('<html></html>'), '不支持的文件类型：.html'],
      ['x.jsp', Buffer.from('<% out.println(1); %>'), '不支持的文件类型：.jsp'],
      ['x.jsp.', Buffer.from('abc'), '不支持的文件类型'],
      ['page.png', Buffer.from('<html><script>alert(1)</script></html>'), '文件内容与扩展名 .png 不符'],
      ['gif.jpg', Buffer.from('GIF89a<script>'), '文件内容与扩展名 .jpg 不符'],
      ['note.txt', Buffer.from('<!DOCTYPE html><p>hi</p>'), '文件内容与扩展名 .txt 不符'],
      ['empty.pdf', Buffer.alloc(0), '文件内容为空'],
    ];
    for (const [name, content, message] of cases) {
      const body = (await upload(name, content)).json();
      expect(body.success, name).toBe(false);
      expect(body.message, name).toContain(message);
    }
    // Directory parts of the uploader's name are dropped; the stored name is the server's.
    const sneaky = (await upload('../../evil.png', PNG)).json();
    expect(sneaky.result.name).toBe('evil.png');
    expect(sneaky.message).toMatch(/^temp\/\d{8}\/[0-9a-f]{32}\.png$/);
  });

  it('enforces the size limit from the configuration', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const res = await upload('big.pdf', big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ success: false, message: '文件大小超过限制（最大 1 MB）' });
  });

  it('needs a session to upload', async () => {
    const res = await upload('a.png', PNG, {}, '');
    expect(res.statusCode).toBe(401);
  });

  it('serves a file only to a signed-in user of its tenant, as a sandboxed attachment', async () => {
    const stored = (await upload('检查报告.pdf', PDF)).json().message as string;
    const anonymous = await t.call({ method: 'GET', url: `/sys/common/static/${stored}` });
    expect(anonymous.statusCode).toBe(401);

    const res = await t.call({ method: 'GET', url: `/sys/common/static/${stored}`, token: await t.login('zhangwei') });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PDF);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="____.pdf"; filename*=UTF-8''${encodeURIComponent('检查报告.pdf')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe('sandbox');
    // The protocol's trailing comma is tolerated.
    expect((await t.call({ method: 'GET', url: `/sys/common/static/${stored},`, token })).statusCode).toBe(200);

    await t.ctx.db.kysely.updateTable('sysFile').set({ tenantId: 99 }).where('path', '=', stored).execute();
    const foreign = await t.call({ method: 'GET', url: `/sys/common/static/${stored}`, token });
    expect(foreign.statusCode).toBe(404);
  });

  it("serves a user's current avatar without a token, and nothing else", async () => {
    const picture = (await upload('头像.png', PNG, { biz: 'temp' })).json().message as string;
    const other = (await upload('化验单.png', PNG, { biz: 'temp' })).json().message as string;
    const get = (p: string, tok?: string) => t.call({ method: 'GET', url: `/sys/common/static/${p}`, token: tok });
    expect((await get(picture)).statusCode).toBe(401);

    await t.ctx.db.kysely.updateTable('sysUser').set({ avatar: picture }).where('username', '=', 'lina').execute();
    const open = await get(picture);
    expect(open.statusCode).toBe(200);
    expect(open.rawPayload).toEqual(PNG);
    expect(open.headers['content-type']).toBe('image/png');
    expect(open.headers['content-security-policy']).toBe('sandbox');
    // Another tenant's signed-in user sees it too, as any visitor would.
    await t.ctx.db.kysely.updateTable('sysFile').set({ tenantId: 99 }).where('path', '=', picture).execute();
    expect((await get(picture, token)).statusCode).toBe(200);
    // The file beside it is still private, and a stale token is told so.
    expect((await get(other)).statusCode).toBe(401);
    expect((await get(other, 'no-such-token')).json().message).toBe('Token失效，请重新登录!');
    expect((await get(other, token)).statusCode).toBe(200);

    // Once replaced, the old picture is private again.
    await t.ctx.db.kysely.updateTable('sysUser').set({ avatar: other }).where('username', '=', 'lina').execute();
    expect((await get(picture)).statusCode).toBe(401);
    expect((await get(other)).statusCode).toBe(200);
    // Only pictures: a PDF named as an avatar stays private.
    const pdf = (await upload('a.pdf', PDF)).json().message as string;
    await t.ctx.db.kysely.updateTable('sysUser').set({ avatar: pdf }).where('username', '=', 'lina').execute();
    expect((await get(pdf)).statusCode).toBe(401);
  });

  it('never reads outside the stored files', async () => {
    fs.writeFileSync(path.join(t.cfg.dataDir, 'secret.txt'), 'secret');
    for (const p of ['../secret.txt', '..%2fsecret.txt', 'temp/..%2f..%2fsecret.txt', '%2e%2e/secret.txt', '....//secret.txt', 'temp\\..\\x']) {
      const res = await t.call({ method: 'GET', url: `/sys/common/static/${p}`, token });
      expect([400, 404], p).toContain(res.statusCode);
      expect(res.body).not.toContain('secret');
    }
    // A file placed in the upload folder by other means has no record, so it is not served.
    fs.mkdirSync(path.join(t.cfg.uploadDir, 'temp'), { recursive: true });
    fs.writeFileSync(path.join(t.cfg.uploadDir, 'temp', 'planted.txt'), 'planted');
    expect((await t.call({ method: 'GET', url: '/sys/common/static/temp/planted.txt', token })).statusCode).toBe(404);
  });

  it('stores attachments and answers fileName, filePath and fileSize', async () => {
    const body = multipartForm([{ name: 'file', file: { name: '说明.pdf', content: PDF } }, { name: 'biz', value: 'x' }]);
    const res = await t.call({ method: 'POST', url: '/api/sys/attachment/upload?path=aritcle', token, ...body });
    expect(res.json().result).toMatchObject({ fileName: '说明.pdf', fileSize: PDF.length, filePath: expect.stringMatching(/^aritcle\//) });
    const bad = await t.call({ method: 'POST', url: '/api/sys/attachment/upload?path=../x', token, ...body });
    expect(bad.statusCode).toBe(400);
  });

  it('answers a clear business error when object storage is not configured', async () => {
    const res = await t.call({ method: 'GET', url: '/api/ali/oss/getSignature', token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 500 });
    expect(res.json().message).toContain('对象存储未配置');
  });
});

describe('object storage signature', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('sqlite://:memory:', {
      OSS_HOST: 'https://bucket.oss.example.cn/',
      OSS_ACCESS_KEY_ID: 'AKID-test',
      OSS_ACCESS_KEY_SECRET: 'secret-for-test',
      OSS_DIR: 'console/',
    });
  });
  afterAll(async () => t?.close());

  it('signs a policy limited to the key prefix, the size limit and a short life', async () => {
    const token = await t.login('lina');
    const before = Math.floor(Date.now() / 1000);
    const res = (await t.call({ method: 'GET', url: '/api/ali/oss/getSignature', token })).json();
    expect(res.success).toBe(true);
    const sig = res.result;
    expect(sig).toMatchObject({ accessid: 'AKID-test', host: 'https://bucket.oss.example.cn', dir: 'console/' });
    expect(sig.expire).toBeGreaterThanOrEqual(before + 55);
    expect(sig.expire).toBeLessThanOrEqual(before + 61);
    const policy = JSON.parse(Buffer.from(sig.policy, 'base64').toString('utf8'));
    expect(policy.conditions).toContainEqual(['starts-with', '$key', 'console/']);
    expect(policy.conditions).toContainEqual(['content-length-range', 0, t.cfg.uploadMaxBytes]);
    expect(sig.signature).toBe(crypto.createHmac('sha1', 'secret-for-test').update(sig.policy).digest('base64'));
    expect(JSON.stringify(res)).not.toContain('secret-for-test');
    expect((await t.call({ method: 'GET', url: '/api/ali/oss/getSignature' })).statusCode).toBe(401);
  });
});
