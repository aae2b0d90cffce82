import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { definitionOverlay } from '../../tools/dev/overlay.js';

describe('the development overlay of definition mistakes', () => {
  it('links the first problem at its line and lists every problem as file:line:column', () => {
    const err = definitionOverlay([
      { file: 'schemas/pages/erp-equipment.json', pointer: '/kind', message: '取值不正确', line: 5, column: 3 },
      { file: 'schemas/menus/erp.json', pointer: '/menus/0', message: '没有页面定义' },
    ]);
    expect(err.loc).toEqual({ file: path.resolve('schemas/pages/erp-equipment.json'), line: 5, column: 3 });
    expect(err.message).toContain('定义文件有 2 处错误');
    expect(err.message).toContain('schemas/pages/erp-equipment.json:5:3: /kind: 取值不正确');
    expect(err.message).toContain('schemas/menus/erp.json: /menus/0: 没有页面定义');
  });

  it('has no link when the first problem has no position (an unreadable meta-schema)', () => {
    expect(definitionOverlay([{ file: 'schemas/meta', pointer: '', message: '元模式无法读取' }]).loc).toBeUndefined();
  });
});
