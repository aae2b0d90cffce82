import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '../../src/shared/time.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { BILL, checksSchemas } from './checks-fixture.js';

const API = '/online/cgform/api';

/** A day `days` from today on the server's calendar, computed here independently of the server. */
const dayFromToday = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: DEFAULT_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};

interface Bill {
  id: string;
  title: string;
  overdueDays: number | null;
}

// A live field (overdueDays = if(balance > 0, daysSince(dueDate), 0)) is computed when read — list,
// detail, export — and never stored, sorted or filtered by.
describe.each(DIALECTS)('live fields on $name', ({ url }) => {
  let t: TestApp;
  let token: string;
  const ids: Record<string, string> = {};

  const list = async (query: Record<string, string> = {}) => {
    const res = await t.call({
      method: 'GET',
      url: `${API}/getData/${BILL}`,
      token,
      query: { pageSize: '50', ...query },
    });
    return res;
  };

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: checksSchemas() });
    token = await t.login('admin');
    const bills = [
      {
        title: '逾期五天',
        dueDate: dayFromToday(-5),
        amount: 10,
        paid: 2,
        chk_line: [
          { qty: 1, price: 600 },
          { qty: 1, price: 5 },
        ],
      },
      { title: '已结清', dueDate: dayFromToday(-40), amount: 10, paid: 10 },
      { title: '三天后到期', dueDate: dayFromToday(3), amount: 10, paid: 0 },
      { title: '无到期日', amount: 10 },
    ];
    for (const b of bills) {
      // A value sent for the live field is ignored.
      const res = await t.call({
        method: 'POST',
        url: `${API}/form/${BILL}`,
        token,
        payload: { ...b, overdueDays: 999 },
      });
      expect(res.json(), res.body).toMatchObject({ success: true });
      ids[b.title] = res.json().result;
    }
  });
  afterAll(async () => t?.close());

  it('computes them in the list from the stored row, on the calendar of the configured zone', async () => {
    const res = await list();
    const rows = res.json().result.records as Bill[];
    expect(Object.fromEntries(rows.map((r) => [r.title, r.overdueDays]))).toEqual({
      逾期五天: 5,
      已结清: 0,
      三天后到期: -3,
      无到期日: null,
    });
  });

  it('computes them in the detail', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/form/${BILL}/${ids['逾期五天']}`, token });
    const result = res.json().result;
    expect(result).toMatchObject({ title: '逾期五天', balance: 8, overdueDays: 5 });
    // Child rows' live fields too (large = lineAmount > 500).
    expect((result.chk_line as Array<{ large: number }>).map((l) => l.large)).toEqual([1, 0]);
  });

  it('never stores them, also after an edit', async () => {
    const edit = await t.call({
      method: 'PUT',
      url: `${API}/form/${BILL}`,
      token,
      payload: { id: ids['三天后到期'], paid: 1, overdueDays: 7 },
    });
    expect(edit.json(), edit.body).toMatchObject({ success: true });
    const stored = await sql<{
      overdueDays: unknown;
    }>`select ${sql.ref('overdueDays')} from ${sql.table(BILL)}`.execute(t.ctx.db.kysely);
    expect(stored.rows.map((r) => r.overdueDays)).toEqual([null, null, null, null]);
  });

  it('computes them in the export', async () => {
    const res = await t.call({ method: 'GET', url: `${API}/exportXls/${BILL}`, token });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const header = (ws.getRow(3).values as unknown[]).slice(1);
    const at = (title: string) => header.indexOf(title) + 1;
    const cells: Record<string, unknown> = {};
    for (let r = 4; r <= ws.rowCount; r += 1) {
      const row = ws.getRow(r);
      cells[String(row.getCell(at('标题')).value)] = row.getCell(at('逾期天数')).value;
    }
    expect(cells).toMatchObject({ 逾期五天: 5, 已结清: 0, 三天后到期: -3 });
    const lines = wb.worksheets[1];
    const lineHeader = (lines.getRow(3).values as unknown[]).slice(1);
    const large = [4, 5].map((r) => lines.getRow(r).getCell(lineHeader.indexOf('大额') + 1).value);
    expect(large).toEqual([1, 0]);
  });

  it('offers no sorting nor filtering by them', async () => {
    const sorted = await list({ column: 'overdueDays', order: 'asc' });
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json().message).toBe('请注意，将要排序的列字段不存在：overdueDays');
    // Not a query field: the parameter is ignored like any unknown one.
    const filtered = await list({ overdueDays: '5' });
    expect(filtered.json().result.total).toBe(4);
    const columns = await t.call({ method: 'GET', url: `${API}/getColumns/${BILL}`, token });
    const col = (columns.json().result.columns as Array<{ dataIndex: string; sorter: boolean }>).find(
      (c) => c.dataIndex === 'overdueDays',
    );
    expect(col).toMatchObject({ sorter: false });
  });
});
