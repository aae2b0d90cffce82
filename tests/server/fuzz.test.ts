import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

/**
 * Property-based fuzzing of every registered route (issue 11 item 12): malformed query strings, path
 * parameters, JSON bodies and headers, signed in as the administrator and anonymously. Whatever comes
 * in, the server answers below 500, and every JSON reply is the protocol envelope.
 *
 * CI budget: a fixed seed and a bounded number of runs per route (FUZZ_RUNS, default 30, plus a third
 * of that anonymously), no shrinking; about a minute per database on two cores.
 */
const SEED = 20_261_111;
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const ANON_RUNS = Math.max(1, Math.round(RUNS / 3));
/** Fuzz requests come from their own address, so login throttling never locks the re-login out. */
const FUZZ_ADDRESS = '10.11.12.13';

interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
}

/**
 * The routes of the app, read from Fastify's route tree (printRoutes prints one node per line, each
 * segment indented under its parent). Static console files, the websocket upgrade and the history
 * fallback are not API routes.
 */
function registeredRoutes(t: TestApp): Route[] {
  const stack: string[] = [];
  const routes: Route[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = [...m[1]].length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack.push(path);
    const api = path.startsWith(`${t.base}/`) || path === '/health';
    if (!api || path.startsWith(`${t.base}/websocket/`) || !m[3]) continue;
    for (const method of m[3].split(', '))
      if (method === 'GET' || method === 'POST' || method === 'PUT' || method === 'DELETE') routes.push({ method, path });
  }
  return routes;
}

/** Text an attacker or a broken client sends: prototype keys, odd numbers, control characters, fragments. */
const NASTY_TEXT = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '__proto___begin',
  'constructor_end',
  '99999999999999999999',
  '1e309',
  '-1e309',
  'Infinity',
  '-Infinity',
  'NaN',
  '-1',
  '0',
  '1.5',
  '0x7fffffff',
  '9223372036854775808',
  '-9223372036854775809',
  '2147483648',
  'a\u0000b',
  '\u0000',
  'x\u0001\u0007\u001b[31m\u007f',
  'line\r\nX-Injected: 1',
  "' OR '1'='1",
  "1; DROP TABLE sys_user; --",
  '") or ("1"="1',
  '${7*7}',
  '{{7*7}}',
  '#{sys_user_code}',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%zz',
  '*',
  ',',
  ',,,',
  '>= ',
  'eq ',
  '*%_\\',
  '[]',
  '{}',
  'null',
  'true',
  '2024-13-45',
  '2024-01-01 25:61:61',
  '\ud800',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢👍🏽',
  '   ',
  '',
];

/**
 * Plausible values get past the schemas into handlers and SQL. No small integer or real id: fuzzing must
 * not delete, freeze or edit the seeded rows (tenant 1, the administrator) it runs as.
 */
const plausible = fc.oneof(
  fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/),
  fc.stringMatching(/^[0-9a-f]{32}$/),
  fc.constantFrom('2024-01-01', '2024-01-01 08:00:00', '100000', '0', '1,2', 'A01', 'eq', 'asc', 'desc', 'sys_user,realname,id'),
);

const text = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 4, arbitrary: plausible },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }).map((s) => s.repeat(600)) },
  { weight: 1, arbitrary: fc.constant('9'.repeat(5000)) },
);

const numberValue = fc.constantFrom(
  0,
  -1,
  -0,
  1.5,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  1e308,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
);

/** Keys lists and forms commonly read, plus prototype names and random ones. */
const KEYS = [
  'id',
  'ids',
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  'superQueryParams',
  'superQueryMatchType',
  'username',
  'password',
  'name',
  'code',
  'pid',
  'parentId',
  'tenantId',
  'status',
  'keyword',
  'dictCode',
  'departId',
  'roleId',
  'userIds',
  'selectedroles',
  'selecteddeparts',
  'msgContent',
  'titile',
  'type',
  'key',
  'token',
  'createTime_begin',
  'createTime_end',
  '__proto__',
  'constructor',
  'prototype',
  '__proto___begin',
  'toString_end',
];
const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...KEYS) }, { weight: 1, arbitrary: text });

const superQuery = fc
  .array(fc.record({ field: fc.oneof(fc.constantFrom(...KEYS), text), rule: fc.oneof(fc.constantFrom('eq', 'in', 'like', 'gt', 'x'), text), val: text }), {
    maxLength: 3,
  })
  .map((items) => JSON.stringify(items));

const queryValue = fc.oneof(
  { weight: 6, arbitrary: text },
  { weight: 1, arbitrary: fc.array(text, { minLength: 2, maxLength: 3 }) },
  { weight: 1, arbitrary: superQuery },
);

/** A query string: encoded pairs, sometimes with raw malformed escapes or repeated keys. */
const queryString = fc
  .tuple(
    fc.array(fc.tuple(key, queryValue), { maxLength: 5 }),
    fc.constantFrom('', '&%zz=1', '&a=%E0%A4%A', '&%00=1', '&pageNo=1&pageNo=2', '&&&=', '&column=a,b,c,d'),
  )
  .map(([pairs, raw]) => {
    const qs = new URLSearchParams();
    for (const [k, v] of pairs) for (const one of Array.isArray(v) ? v : [v]) qs.append(k, one);
    const encoded = qs.toString() + raw;
    return encoded ? `?${encoded}` : '';
  });

const jsonValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: text },
    { weight: 2, arbitrary: numberValue },
    { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(fc.tuple(key, tie('value')), { maxLength: 3 }).map((e) => Object.fromEntries(e)) },
  ),
})).value;

/** A multipart form with fuzzed field names, values and a file with a fuzzed name and content. */
const multipartBody = fc
  .tuple(fc.array(fc.tuple(key, text), { maxLength: 3 }), text, fc.constantFrom('file', 'files[]', '__proto__', 'x'), text)
  .map(([fields, fileName, fileField, content]) => {
    const part = (headers: string, value: string) => `--FZ\r\nContent-Disposition: form-data; ${headers}\r\n\r\n${value}\r\n`;
    const quoted = (v: string) => v.replace(/["\r\n]/g, '_');
    const payload =
      fields.map(([k, v]) => part(`name="${quoted(k)}"`, v)).join('') +
      part(`name="${fileField}"; filename="${quoted(fileName)}"`, content) +
      '--FZ--\r\n';
    return { type: 'multipart/form-data; boundary=FZ', payload };
  });

/** A body: a JSON object (the usual shape), another JSON value, broken JSON, a form, or another media type. */
const body = fc.oneof(
  { weight: 1, arbitrary: multipartBody },
  { weight: 6, arbitrary: fc.array(fc.tuple(key, jsonValue), { maxLength: 6 }).map((e) => ({ json: JSON.stringify(Object.fromEntries(e)) })) },
  { weight: 1, arbitrary: jsonValue.map((v) => ({ json: JSON.stringify(v) ?? 'null' })) },
  { weight: 1, arbitrary: fc.constantFrom('{"a":', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}', '[[[[[[[[', '', '1e999').map((json) => ({ json })) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom('text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data', 'application/json; charset=utf-16'), text).map(
      ([type, payload]) => ({ type, payload }),
    ),
  },
);

const headerSet = fc.record(
  {
    'x-tenant-id': text.filter(printableHeader),
    'x-sign': text.filter(printableHeader),
    'x-timestamp': fc.constantFrom('0', '-1', '99999999999999999999', 'NaN', String(Date.now())),
    'x-app-code': text.filter(printableHeader),
  },
  { requiredKeys: [] },
);
/** Mostly none: a foreign tenant header alone is a 403 before the route's own checks run. */
const headers = fc.oneof({ weight: 4, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: headerSet });

/** The HTTP parser refuses control characters in headers before any route runs; inject does not. */
function printableHeader(v: string): boolean {
  return /^[\x20-\x7e]*$/.test(v);
}

interface FuzzInput {
  params: string[];
  query: string;
  body: { json: string } | { type: string; payload: string };
  headers: Record<string, string>;
}

const input = (paramCount: number): fc.Arbitrary<FuzzInput> =>
  fc.record({
    params: fc.array(text.filter((s) => s !== ''), { minLength: paramCount, maxLength: paramCount }),
    query: queryString,
    body,
    headers,
  });

/** A path segment as a client would send it; a lone surrogate cannot be encoded, so it goes as a broken escape. */
function encodePathParam(v: string): string {
  try {
    return encodeURIComponent(v);
  } catch {
    return '%ED%A0';
  }
}

function requestFor(route: Route, i: FuzzInput, token: string | undefined): InjectOptions & { url: string } {
  let n = 0;
  const path = route.path.replace(/:[A-Za-z]+/g, () => encodePathParam(i.params[n++] ?? 'x'));
  const withBody = route.method !== 'GET';
  const payload = !withBody ? undefined : 'json' in i.body ? i.body.json : i.body.payload;
  const contentType = !withBody ? undefined : 'json' in i.body ? 'application/json' : i.body.type;
  return {
    method: route.method,
    url: `${path}${i.query}`,
    remoteAddress: FUZZ_ADDRESS,
    headers: { ...i.headers, ...(contentType ? { 'content-type': contentType } : {}), ...(token ? { 'x-access-token': token } : {}) },
    ...(payload === undefined ? {} : { payload }),
  };
}

/** What is wrong with a reply, or null: a 5xx, or JSON that is not the envelope. */
function replyProblem(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (!String(res.headers['content-type'] ?? '').includes('application/json')) return null;
  let env: Record<string, unknown>;
  try {
    env = JSON.parse(res.body) as Record<string, unknown>;
  } catch {
    return `invalid JSON reply: ${res.body.slice(0, 200)}`;
  }
  const ok =
    env !== null &&
    typeof env === 'object' &&
    typeof env.success === 'boolean' &&
    typeof env.message === 'string' &&
    typeof env.code === 'number' &&
    typeof env.timestamp === 'number' &&
    Object.keys(env).every((k) => ['success', 'message', 'code', 'result', 'timestamp'].includes(k));
  return ok ? null : `not the envelope (HTTP ${res.statusCode}): ${res.body.slice(0, 200)}`;
}

describe.each(DIALECTS)('fuzzing every route on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
  });
  afterAll(async () => t?.close());

  /** A fuzzed logout (or anything else) may end the administrator's session: sign in again. */
  async function ensureSession() {
    const res = await t.call({ method: 'GET', url: '/sys/user/getCurrentUserDeparts', token: admin });
    if (res.statusCode === 401 || res.json().code === 401) admin = await t.login('admin');
  }

  it('answers every malformed request below 500, in the envelope', { timeout: 600_000 }, async () => {
    const routes = registeredRoutes(t);
    expect(routes.length).toBeGreaterThan(150);
    const problems: string[] = [];
    for (const [index, route] of routes.entries()) {
      const params = (route.path.match(/:[A-Za-z]+/g) ?? []).length;
      for (const anonymous of [false, true]) {
        const result = await fc.check(
          fc.asyncProperty(input(params), async (i) => {
            const req = requestFor(route, i, anonymous ? undefined : admin);
            const problem = replyProblem(await t.app.inject(req));
            if (!anonymous && /logout/i.test(route.path)) await ensureSession();
            if (problem) throw new Error(`${req.method} ${req.url.slice(0, 200)} ${JSON.stringify(req.headers)} ${String(req.payload ?? '').slice(0, 200)} → ${problem}`);
          }),
          { seed: SEED + index * 2 + (anonymous ? 1 : 0), numRuns: anonymous ? ANON_RUNS : RUNS, endOnFailure: true },
        );
        if (result.failed) problems.push(String((result.errorInstance as Error | undefined)?.message ?? result.counterexample));
      }
      await ensureSession();
    }
    expect(problems).toEqual([]);
  });
});
