import fs from 'node:fs';
import crypto from 'node:crypto';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSign } from '../../src/shared/sign.js';
import { createTestApp, DEMO_PASSWORD, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

/**
 * Replays what real JeecgBoot clients send (tests/fixtures/jeecg-clients/*.json, taken from each
 * client's source) and asserts the fields each client reads, so the contract cannot drift silently.
 */
interface Recorded {
  page: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  query?: Record<string, string | number>;
  body?: unknown;
  signed?: boolean;
  as?: string;
  reads: string[];
  /** The answer is an .xlsx workbook (an export) whose header row has these titles and which has data rows. */
  sheet?: string[];
  /** The request uploads a workbook with this header and rows in the export's layout, as the field `file`. */
  upload?: { header: string[]; rows: unknown[][] };
}
interface Recording {
  client: string;
  env?: Record<string, string>;
  requests: Recorded[];
}

const DIR = path.resolve(__dirname, '../fixtures/jeecg-clients');
const recordings: Recording[] = fs
  .readdirSync(DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(fs.readFileSync(path.join(DIR, f), 'utf8')) as Recording);

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');

/** A workbook as the exports write it: title row, exporter row, header, data. */
async function uploadedSheet(upload: NonNullable<Recorded['upload']>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  ws.addRow(['导入']);
  ws.addRow(['导出人:']);
  ws.addRow(upload.header);
  for (const row of upload.rows) ws.addRow(row);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The header titles and the number of data rows of an exported workbook's first sheet. */
async function exportedSheet(content: Buffer): Promise<{ header: string[]; rows: number }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(content as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  return { header: (ws.getRow(3).values as unknown[]).slice(1).map(String), rows: Math.max(ws.rowCount - 3, 0) };
}

/** The values at a path such as `result.records[].id`: `[]` fans out over a list, which must not be empty. */
export function valuesAt(root: unknown, dotted: string): { values: unknown[]; missing: string | null } {
  let values: unknown[] = [root];
  const seen: string[] = [];
  for (const part of dotted.split('.')) {
    const fan = part.endsWith('[]');
    const key = fan ? part.slice(0, -2) : part;
    seen.push(part);
    const next: unknown[] = [];
    for (const v of values) {
      const child = key === '' ? v : v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
      if (child === undefined) return { values: [], missing: seen.join('.') };
      if (fan) {
        if (!Array.isArray(child) || child.length === 0) return { values: [], missing: `${seen.join('.')}（应为非空列表）` };
        next.push(...child);
      } else next.push(child);
    }
    values = next;
  }
  return { values, missing: null };
}

describe.each(DIALECTS)('JeecgBoot clients replayed on $name', ({ url }) => {
  for (const recording of recordings) {
    describe(recording.client, () => {
      let t: TestApp;
      const tokens = new Map<string, string>();
      beforeAll(async () => {
        t = await createTestApp(url, recording.env ?? {});
      });
      afterAll(async () => t?.close());
      const tokenOf = async (user: string) => {
        if (!tokens.has(user)) {
          // The Vue 3 client sends its password AES-CBC encrypted (base64) with the configured key and IV.
          const env = recording.env ?? {};
          let password: string | undefined;
          if (env.CLIENT_PROFILE === 'jeecg-vue3') {
            const key = Buffer.from(env.LOGIN_AES_KEY ?? '');
            const cipher = crypto.createCipheriv(`aes-${key.length * 8}-cbc`, key, Buffer.from(env.LOGIN_AES_IV ?? ''));
            password = Buffer.concat([cipher.update(DEMO_PASSWORD, 'utf8'), cipher.final()]).toString('base64');
          }
          tokens.set(user, await t.login(user, password));
        }
        return tokens.get(user)!;
      };

      it.each(recording.requests.map((r) => [`${r.page}: ${r.method} ${r.url}`, r] as const))('%s', async (_name, r) => {
        const query = Object.fromEntries(Object.entries(r.query ?? {}).map(([k, v]) => [k, String(v)]));
        const search = new URLSearchParams(query).toString();
        const headers: Record<string, string> = {};
        if (r.signed) {
          const signedUrl = `${t.base}${r.url}${search ? `?${search}` : ''}`;
          headers['x-timestamp'] = String(Date.now());
          headers['x-sign'] = computeSign(md5, signedUrl, r.method === 'GET' ? {} : (r.body as Record<string, unknown>), t.cfg.signSecret);
        }
        const form = r.upload ? multipartForm([{ name: 'file', file: { name: `${r.page}.xlsx`, content: await uploadedSheet(r.upload) } }]) : null;
        const res = await t.call({
          method: r.method,
          url: `${r.url}${search ? `?${search}` : ''}`,
          headers: { ...headers, ...form?.headers },
          ...(form ? { payload: form.payload } : r.body !== undefined ? { payload: r.body as object } : {}),
          ...(r.as ? { token: await tokenOf(r.as) } : {}),
        });
        if (r.sheet) {
          // The client saves the blob as it comes; a JSON error would be saved as a broken file.
          expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
          expect(res.headers['content-type']).toContain('spreadsheetml.sheet');
          const sheet = await exportedSheet(res.rawPayload);
          expect(sheet.header).toEqual(expect.arrayContaining(r.sheet));
          expect(sheet.rows, `${r.url} 没有数据行`).toBeGreaterThan(0);
          return;
        }
        const body = res.json() as { success: boolean; message: string };
        expect(res.statusCode, body.message).toBe(200);
        expect(body.success, body.message).toBe(true);
        for (const read of r.reads) expect(valuesAt(body, read).missing, `${r.url} → ${read}`).toBeNull();
      });
    });
  }
});

describe('reading recorded paths', () => {
  const body = { result: { records: [{ id: '1' }, { id: '2', name: 'x' }], empty: [] } };
  it('finds a field on every element and names what is missing', () => {
    expect(valuesAt(body, 'result.records[].id')).toEqual({ values: ['1', '2'], missing: null });
    expect(valuesAt(body, 'result.records[].name').missing).toBe('result.records[].name');
    expect(valuesAt(body, 'result.empty[].id').missing).toBe('result.empty[]（应为非空列表）');
    expect(valuesAt(body, 'result.total').missing).toBe('result.total');
  });
});

describe.each(DIALECTS)('the Vue 2 family opens online lists and reports on $name', ({ url }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(url);
  });
  afterAll(async () => t?.close());

  type Node = { path: string; route: string; component: string; hidden?: boolean; meta: { title: string; componentName: string }; children?: Node[] };
  const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const menuOf = async (user: string) =>
    flat(
      (await t.call({ method: 'GET', url: '/sys/permission/getUserPermissionByToken', token: await t.login(user) })).json()
        .result.menu as Node[],
    );

  it('serves concrete entries as route 0 under the family component, with the hidden pattern routes', async () => {
    const menu = await menuOf('admin');
    const customer = menu.find((n) => n.path === '/online/cgformList/erp_customer');
    expect(customer).toMatchObject({ route: '0', component: 'modules/online/cgform/auto/OnlCgformAutoList' });
    expect(customer?.meta.componentName).toBe('OnlCgformAutoList');
    expect(menu.find((n) => n.path === '/online/cgreport/rpt_user')).toMatchObject({ route: '0' });
    expect(menu.filter((n) => n.path === '/online/cgformList/:code')).toEqual([
      expect.objectContaining({ route: '1', hidden: true, component: 'modules/online/cgform/auto/OnlCgformAutoList' }),
    ]);
    expect(menu.find((n) => n.path === '/online/cgreport/:code')).toMatchObject({
      route: '1',
      hidden: true,
      component: 'modules/online/cgreport/auto/OnlCgreportAutoList',
    });
    // No entry of the family still carries our former name.
    expect(menu.filter((n) => n.component === 'OnlineList' || n.meta.componentName === 'OnlineList')).toEqual([]);
  });

  it('adds a pattern route only for a family the user has entries of', async () => {
    const menu = await menuOf('lina');
    const lists = menu.filter((n) => n.path.startsWith('/online/cgformList/') && n.path !== '/online/cgformList/:code');
    expect(menu.some((n) => n.path === '/online/cgformList/:code')).toBe(lists.length > 0);
    expect(menu.some((n) => n.path === '/online/cgreport/:code')).toBe(
      menu.some((n) => n.path.startsWith('/online/cgreport/') && n.path !== '/online/cgreport/:code'),
    );
  });
});
