import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * The built console as the server hands it out: hashed chunks cached for a year, compressed copies,
 * and the document policies (CSP, frame options) on the page, not repeated on every chunk.
 */
describe('console files', () => {
  let t: TestApp;
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-dist-'));
  const script = 'export const greeting = "你好";\n'.repeat(50);

  beforeAll(async () => {
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets/app-Ab1_x-9Z.js'), script);
    fs.writeFileSync(path.join(dist, 'assets/app-Ab1_x-9Z.js.gz'), zlib.gzipSync(script));
    t = await createTestApp(DIALECTS[0].url, { CLIENT_DIST: dist });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves a chunk compressed, cached for good, with the headers a script heeds and no document policies', async () => {
    const res = await t.app.inject({ url: '/assets/app-Ab1_x-9Z.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(script);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'last-modified'])
      expect(res.headers[name], name).toBeUndefined();
  });

  it('keeps the document policies on the console page', async () => {
    const res = await t.app.inject({ url: '/isystem/user', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
