import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

interface LogLine {
  level: number;
  msg: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
  responseTime?: number;
}

const PINO_LEVEL = { debug: 20, info: 30, warn: 40, error: 50 } as const;
const parse = (lines: string[]) => lines.map((l) => JSON.parse(l) as LogLine);
/** The lines the request log wrote (other modules log too: SMS codes, refused statements …). */
const requestLines = (lines: string[]) =>
  parse(lines).filter((l) => l.res !== undefined && l.responseTime !== undefined);

/** Runs `act` and returns the log lines it wrote. */
async function linesOf(logs: string[], act: () => Promise<unknown>): Promise<string[]> {
  const from = logs.length;
  await act();
  return logs.slice(from);
}

describe.each(DIALECTS)('request log on $name', ({ url }) => {
  describe('at info with the default slow threshold', () => {
    const logs: string[] = [];
    let t: TestApp;
    let admin: string;
    beforeAll(async () => {
      t = await createTestApp(url, { LOG_SLOW_MS: '60000' }, { logs });
      admin = await t.login('admin');
    });
    afterAll(async () => t?.close());

    it('writes nothing for ordinary answers', async () => {
      const written = await linesOf(logs, async () => {
        expect((await t.call({ method: 'GET', url: '/sys/user/list', token: admin })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
        await t.login('zhangwei');
      });
      expect(written).toEqual([]);
    });

    it('writes one warn line for a refused request, with the redacted URL and no token', async () => {
      const written = await linesOf(logs, async () => {
        const res = await t.call({
          method: 'GET',
          url: `/sys/user/list?token=${admin}`,
          headers: { 'x-access-token': 'f'.repeat(32) },
        });
        expect(res.statusCode).toBe(401);
      });
      const lines = requestLines(written);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        level: PINO_LEVEL.warn,
        msg: 'request refused',
        res: { statusCode: 401 },
      });
      expect(lines[0].req).toMatchObject({ method: 'GET', url: `${t.base}/sys/user/list?token=***` });
      for (const line of written) {
        expect(line).not.toContain(admin);
        expect(line).not.toContain('f'.repeat(32));
      }
    });

    it('writes one error line for a server failure', async () => {
      // A broken setting makes /config.json throw: the error handler answers 500 and the request log says so.
      const cfg = t.ctx.cfg;
      const secret = cfg.signSecret;
      Object.defineProperty(cfg, 'signSecret', {
        configurable: true,
        get: () => {
          throw new Error('broken for the test');
        },
      });
      try {
        const written = await linesOf(logs, async () => {
          expect((await t.app.inject({ method: 'GET', url: '/config.json' })).statusCode).toBe(500);
        });
        const lines = requestLines(written);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({
          level: PINO_LEVEL.error,
          msg: 'request failed',
          res: { statusCode: 500 },
          req: { url: '/config.json' },
        });
      } finally {
        Object.defineProperty(cfg, 'signSecret', {
          configurable: true,
          writable: true,
          enumerable: true,
          value: secret,
        });
      }
    });
  });

  describe('at info with LOG_SLOW_MS=0 (every request is slow)', () => {
    const logs: string[] = [];
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(url, { LOG_SLOW_MS: '0' }, { logs });
    });
    afterAll(async () => t?.close());

    it('writes one warn line per request, and never the token it hands out or is given', async () => {
      let token = '';
      const written = await linesOf(logs, async () => {
        token = await t.login('admin');
        await t.call({ method: 'GET', url: '/sys/user/list', token });
        await t.call({ method: 'GET', url: `/sys/thirdLogin/getLoginUser/${token}/github` });
      });
      const lines = requestLines(written);
      expect(lines.map((l) => [l.level, l.msg, l.req?.method])).toEqual([
        [PINO_LEVEL.warn, 'slow request', 'POST'],
        [PINO_LEVEL.warn, 'slow request', 'GET'],
        [PINO_LEVEL.warn, 'slow request', 'GET'],
      ]);
      expect(lines[2].req?.url).toBe(`${t.base}/sys/thirdLogin/getLoginUser/***/github`);
      expect(token).not.toBe('');
      for (const line of lines) expect(line.responseTime).toBeGreaterThanOrEqual(0);
      for (const line of written) expect(line).not.toContain(token);
    });
  });

  describe('at debug', () => {
    const logs: string[] = [];
    let t: TestApp;
    let app: Awaited<ReturnType<typeof buildApp>>;
    beforeAll(async () => {
      t = await createTestApp(url);
      app = await buildApp(t.ctx, {
        logger: { level: 'debug', stream: { write: (line: string) => void logs.push(line) } },
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await t?.close();
    });

    it('writes exactly one line for each ordinary request', async () => {
      const written = await linesOf(logs, async () => {
        for (let i = 0; i < 3; i++)
          expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
      });
      const lines = requestLines(written);
      expect(lines.map((l) => [l.level, l.msg, l.req?.url, l.res?.statusCode])).toEqual(
        Array.from({ length: 3 }, () => [PINO_LEVEL.debug, 'request completed', '/health', 200]),
      );
      // Fastify's own "incoming request" / "request completed" pair is off.
      expect(parse(written).filter((l) => l.msg === 'incoming request')).toEqual([]);
    });
  });
});
