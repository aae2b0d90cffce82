import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { prettyLine } from '../../src/server/http/pretty-log.js';
import { parseDateTime } from '../../src/shared/time.js';

describe('development log lines', () => {
  // Times print in the configured zone (TZ, default Asia/Shanghai), whatever the machine's own zone.
  const at = parseDateTime('2026-11-25 09:05:07');

  it('writes a request record as time, level, message, request, status, duration and request id', () => {
    const json = JSON.stringify({
      level: 40,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'abc123',
      req: { method: 'GET', url: '/jeecg-boot/sys/user/list?token=***' },
      res: { statusCode: 401 },
      responseTime: 3,
      msg: 'request refused',
    });
    expect(prettyLine(json, false)).toBe('09:05:07 WARN  request refused GET /jeecg-boot/sys/user/list?token=*** 401 3ms [abc123]\n');
  });

  it('keeps extra fields as key=value (the SMS code a developer needs) and colours the level on a terminal', () => {
    const json = JSON.stringify({ level: 30, time: at, msg: '短信验证码', mobile: '138****0001', smsCode: '123456' });
    expect(prettyLine(json, false)).toBe('09:05:07 INFO  短信验证码 mobile=138****0001 smsCode=123456\n');
    expect(prettyLine(json, true)).toContain('\x1b[32mINFO \x1b[0m');
  });

  it('puts an error stack under its line and passes text that is not JSON through', () => {
    const json = JSON.stringify({ level: 50, time: at, msg: 'boom', err: { message: 'x', stack: 'Error: x\n    at f' } });
    expect(prettyLine(json, false)).toBe('09:05:07 ERROR boom\n  Error: x\n    at f\n');
    expect(prettyLine('plain text', false)).toBe('plain text\n');
  });

  it('is the default in development and JSON in production; LOG_FORMAT chooses and refuses other values', () => {
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    const secrets = { SIGN_SECRET: 'a'.repeat(32), SESSION_SECRET: 'b'.repeat(32) };
    expect(loadConfig({ NODE_ENV: 'production', ...secrets }).logFormat).toBe('json');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT');
  });
});
