import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaTypesFile, TYPES_FILE } from '../../tools/schemas-types.js';
import { validatorFiles, VALIDATORS_DIR } from '../../tools/schemas-validators.js';
import { syncGenerated } from '../../tools/generated-files.js';
import { loadDefinitions } from '../../src/server/definitions/load.js';
import { entityModel } from '../../src/server/modules/online/entity-model.js';
import { validateRecord as customerValidator } from '../../src/client/generated/validators/erp_customer.js';
import { validateRecord as equipmentValidator } from '../../src/client/generated/validators/erp_equipment.js';

describe('generated types and browser validators', () => {
  it('are current with schemas/ (npm run schemas:types -- --check passes)', async () => {
    const files = [await schemaTypesFile(), ...(await validatorFiles())];
    expect(files.map((f) => f.path)).toContain(TYPES_FILE);
    expect(syncGenerated(files, true)).toEqual([]);
  });

  it('ship no ajv compiler, eval, Function constructor or require to the browser', () => {
    for (const f of fs.readdirSync(VALIDATORS_DIR)) {
      const code = fs.readFileSync(path.join(VALIDATORS_DIR, f), 'utf8');
      expect(code, f).not.toMatch(/new Function|\beval\(|\brequire\(|from 'ajv'|from "ajv"/);
      expect(code).toContain("from 'ajv/dist/runtime/");
    }
  });

  it('refuse exactly what the server refuses, with the same messages', () => {
    const defs = loadDefinitions();
    const server = (code: string) =>
      entityModel(defs.entities.find((e) => e.code === code) as (typeof defs.entities)[number]).validate;
    const samples: Array<Record<string, unknown>> = [
      {},
      { name: '江南医院', customerNo: 'KH1234', phone: '13800000000', creditLimit: '100.5', email: 'a@b.cn' },
      {
        name: '  ',
        customerNo: 'X1',
        phone: '123',
        creditLimit: -1,
        email: 'not-mail',
        level: 'ABCDEFGHIJKL',
      },
      { name: '长'.repeat(101), customerNo: 'KH12345678', creditLimit: 'abc' },
    ];
    for (const s of samples)
      expect(customerValidator(s), JSON.stringify(s)).toEqual(server('erp_customer')(s));
    expect(customerValidator(samples[2]).map((e) => `${e.title}：${e.message}`)).toEqual([
      '客户名称：该字段是必填字段',
      '客户编号：客户编号应为 KH 加 4-8 位数字',
      '客户等级：最大长度10位字符',
      '联系电话：请输入正确的手机号码',
      '电子邮件：请输入正确的电子邮件',
      '信用额度（元）：不能小于0',
    ]);
    const equipment = { name: 'CT', serialNo: 'S1', status: '1', purchaseDate: '2025-13', price: 1e13 };
    expect(equipmentValidator(equipment)).toEqual(server('erp_equipment')(equipment));
    expect(equipmentValidator(equipment).map((e) => e.field)).toEqual(['purchaseDate', 'price']);
    expect(
      equipmentValidator({ name: 'CT', serialNo: 'S1', status: '1', purchaseDate: '2025-01-02' }),
    ).toEqual([]);
  });

  it('reports stale and obsolete generated files in check mode without touching them, and fixes them otherwise', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-gen-'));
    try {
      const current = path.join(dir, 'current.ts');
      const stale = path.join(dir, 'stale.ts');
      const obsolete = path.join(dir, 'obsolete.ts');
      fs.writeFileSync(current, 'a');
      fs.writeFileSync(stale, 'old');
      fs.writeFileSync(obsolete, 'gone');
      const files = [
        { path: current, content: 'a' },
        { path: stale, content: 'new' },
        { path: obsolete, content: null },
        { path: path.join(dir, 'missing.ts'), content: 'm' },
      ];
      expect(syncGenerated(files, true)).toEqual([stale, obsolete, path.join(dir, 'missing.ts')]);
      expect(fs.readFileSync(stale, 'utf8')).toBe('old');
      expect(fs.existsSync(obsolete)).toBe(true);
      syncGenerated(files, false);
      expect(fs.readFileSync(stale, 'utf8')).toBe('new');
      expect(fs.existsSync(obsolete)).toBe(false);
      expect(syncGenerated(files, true)).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
