import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  keepStoredValue,
  looksMasked,
  maskValue,
  revealPermission,
  SENSITIVE_KINDS,
} from '../../src/shared/mask.js';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';

describe('masking personal data', () => {
  it('masks each kind in its usual shape', () => {
    expect(maskValue('phone', '13800000000')).toBe('138****0000');
    expect(maskValue('idCard', '110101199001011234')).toBe('1101**********1234');
    expect(maskValue('bankCard', '6222020200112233')).toBe('6222********2233');
    expect(maskValue('email', 'zhangwei@huakang.example.cn')).toBe('z***@huakang.example.cn');
    expect(maskValue('name', '张伟')).toBe('张*');
    expect(maskValue('name', '欧阳娜娜')).toBe('欧***');
    expect(maskValue('address', '浙江省杭州市解放路1号')).toBe('浙江省杭州市****');
    expect(maskValue('birthday', '1980-05-17')).toBe('1980-**-**');
  });

  it('leaves empty values alone and still hides something of short or odd ones', () => {
    for (const kind of SENSITIVE_KINDS) {
      expect(maskValue(kind, null)).toBeNull();
      expect(maskValue(kind, undefined)).toBeUndefined();
      expect(maskValue(kind, '')).toBe('');
      expect(looksMasked(maskValue(kind, 'ab'))).toBe(true);
      expect(maskValue(kind, 'ab')).not.toBe('ab');
    }
    expect(maskValue('phone', '12345')).toBe('1****');
    expect(maskValue('email', 'no-at-sign')).toBe('n*********');
    expect(maskValue('phone', 13800000000)).toBe('138****0000');
  });

  it('keeps the stored value only when the submitted one is exactly its mask', () => {
    expect(keepStoredValue('phone', '138****0000', '13800000000')).toBe('13800000000');
    expect(keepStoredValue('phone', ' 138****0000 ', '13800000000')).toBe('13800000000');
    expect(keepStoredValue('phone', '139****0000', '13800000000')).toBe('139****0000');
    expect(keepStoredValue('phone', '13911112222', '13800000000')).toBe('13911112222');
    expect(keepStoredValue('phone', '', '13800000000')).toBe('');
    expect(keepStoredValue('phone', null, '13800000000')).toBeNull();
    expect(keepStoredValue('phone', '1****', null)).toBe('1****');
    expect(keepStoredValue('email', 'z***@a.cn', 'zw@a.cn')).toBe('zw@a.cn');
  });

  it('names one reveal permission per kind', () => {
    expect(revealPermission('phone')).toBe('sensitive:phone');
    expect(revealPermission('idCard')).toBe('sensitive:idCard');
    expect(new Set(SENSITIVE_KINDS.map(revealPermission)).size).toBe(SENSITIVE_KINDS.length);
  });
});

describe('definitions check of personal data', () => {
  /** A copy of schemas/ with one file changed. */
  function withChange(file: string, change: (data: Record<string, unknown>) => void): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-personal-'));
    fs.cpSync('schemas', root, { recursive: true });
    const target = path.join(root, file);
    const data = JSON.parse(fs.readFileSync(target, 'utf8')) as Record<string, unknown>;
    change(data);
    fs.writeFileSync(target, JSON.stringify(data));
    return root;
  }
  const problems = (root: string) => {
    try {
      return checkDefinitions(root).problems.map(formatProblem);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  };

  it('accepts the shipped definitions, which reveal no personal column through a table dictionary', () => {
    expect(checkDefinitions('schemas').problems.map(formatProblem)).toEqual([]);
  });

  it('refuses a personal column on the table-dictionary allow-list, naming it', () => {
    const root = withChange('dicts/system.json', (d) => {
      const dicts = d.tableDicts as Array<{ table: string; columns: string[] }>;
      const users = dicts.find((x) => x.table === 'sys_user') as { columns: string[] };
      users.columns.push('phone', 'contact_email');
      const customer = { table: 'erp_customer', columns: ['id', 'name', 'contact'] };
      dicts.push(customer);
    });
    const lines = problems(root).filter((l) => l.includes('个人信息'));
    expect(lines).toHaveLength(3);
    expect(lines.join('\n')).toContain('sys_user.phone');
    expect(lines.join('\n')).toContain('sys_user.contact_email');
    // Declared sensitive in its entity definition (联系人: name).
    expect(lines.join('\n')).toContain('erp_customer.contact');
  });

  it('refuses a sensitive kind whose reveal permission no menu button declares', () => {
    const root = withChange('menus/system.json', (d) => {
      const menus = d.menus as Array<{ key: string; buttons?: Array<{ perms: string }> }>;
      const system = menus.find((m) => m.key === 'isystem') as { buttons: Array<{ perms: string }> };
      system.buttons = system.buttons.filter((b) => b.perms !== 'sensitive:phone');
    });
    expect(problems(root).join('\n')).toContain('权限码 "sensitive:phone" 未在 schemas/menus 的按钮中声明');
  });
});
