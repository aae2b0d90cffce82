import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const API = '/online/cgform/api';

/**
 * The shipped definitions with one more field on the repair parts: a plain and a table dictionary. Child
 * rows' dictionary values are looked up through the main connection, which a single-connection database
 * (SQLite, PGlite) holds while the parent's transaction is open — so they must be checked before it.
 */
function schemasWithChildDicts(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-child-dicts-'));
  fs.cpSync('schemas', dir, { recursive: true });
  const file = path.join(dir, 'modules/erp/entities/erp_repair_part.json');
  const part = JSON.parse(fs.readFileSync(file, 'utf8'));
  part.fields.push(
    { name: 'grade', title: '配件等级', type: 'string', length: 2, dictCode: 'erp_customer_level' },
    { name: 'keeper', title: '保管人', type: 'string', length: 50, dictCode: 'sys_user,realname,username' },
  );
  fs.writeFileSync(file, JSON.stringify(part));
  return dir;
}

describe.each(DIALECTS)('dictionary fields of child rows on $name', ({ url }) => {
  let t: TestApp;
  let token: string;
  let equipment: string;
  const save = (parts: Array<Record<string, unknown>>) =>
    t.call({
      method: 'POST',
      url: `${API}/form/erp_repair_order`,
      token,
      payload: { equipment, reportDate: '2026-03-02', fault: '子表字典', laborCost: 10, erp_repair_part: parts },
    });

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: schemasWithChildDicts() });
    token = await t.login('wangfang');
    const eq = await t.call({ method: 'GET', url: `${API}/getData/erp_equipment`, token, query: { pageSize: '1' } });
    equipment = eq.json().result.records[0].id;
  });
  afterAll(async () => t?.close());

  it('saves rows whose plain and table dictionary values exist (without waiting on its own transaction)', async () => {
    const res = await save([{ name: '电源板', quantity: 1, price: 5, grade: 'A', keeper: 'wangfang' }]);
    expect(res.json()).toMatchObject({ success: true });
  });

  it('refuses a row naming a value no dictionary has, naming the row', async () => {
    const res = await save([
      { name: '电源板', quantity: 1, price: 5, grade: 'A' },
      { name: '保险丝', quantity: 1, price: 1, grade: 'Z' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('配件明细第 2 行：配件等级：所选值“Z”不存在或无权使用');
  });
});
