import { describe, expect, it } from 'vitest';
import type { PageColumn } from '../../src/client/renderer/definition/types';
import { actionsPx, columnNeed, fitWidths, textPx, treeDepth } from '../../src/client/renderer/list/fit';
import {
  applySettings,
  defaultSettings,
  isDefault,
  moveColumn,
  normalizeSettings,
  setAllShown,
  setDensity,
  setPin,
  setShown,
  setWidth,
} from '../../src/client/renderer/list/settings/model';
import { listSettingsKey } from '../../src/client/renderer/list/settings/useListSettings';

const COLUMNS: PageColumn[] = [
  { dataIndex: 'name', title: '客户名称', width: 200, sorter: true },
  { dataIndex: 'code', title: '客户编号', width: 130, fixed: 'left' },
  { dataIndex: 'phone', title: '联系电话', width: 130 },
  { dataIndex: 'createTime', title: '创建时间', width: 170 },
];
const order = (cols: PageColumn[]) => cols.map((c) => c.dataIndex);

describe('list column settings', () => {
  it('leave the definition as it is by default', () => {
    const s = defaultSettings(COLUMNS);
    expect(isDefault(COLUMNS, s)).toBe(true);
    // The definition's left pin moves its column to the left edge, as antd needs.
    expect(order(applySettings(COLUMNS, s))).toEqual(['code', 'name', 'phone', 'createTime']);
  });

  it('hide, reorder, pin and size columns', () => {
    let s = defaultSettings(COLUMNS);
    s = setShown(s, 'phone', false);
    s = moveColumn(s, 3, 0);
    s = setPin(s, 'code', 'none', 'left');
    s = setPin(s, 'name', 'right');
    s = setWidth(s, 'createTime', 20);
    const cols = applySettings(COLUMNS, s);
    expect(order(cols)).toEqual(['createTime', 'code', 'name']);
    expect(cols.find((c) => c.dataIndex === 'code')!.fixed).toBeUndefined();
    expect(cols.find((c) => c.dataIndex === 'name')!.fixed).toBe('right');
    // Widths are kept within reason.
    expect(cols[0]!.width).toBe(48);
    expect(isDefault(COLUMNS, s)).toBe(false);
    // Pinning back to what the definition says is no override.
    expect(setPin(s, 'code', 'left', 'left').columns.find((c) => c.key === 'code')!.fixed).toBeUndefined();
  });

  it('never hide the last column, and 全选 shows all or keeps the first', () => {
    let s = setAllShown(defaultSettings(COLUMNS), false);
    expect(order(applySettings(COLUMNS, s))).toEqual(['name']);
    s = setShown(s, 'name', false);
    expect(order(applySettings(COLUMNS, s))).toEqual(['name']);
    expect(applySettings(COLUMNS, setAllShown(s, true))).toHaveLength(4);
  });

  it('read stored settings against the definition as it is now', () => {
    const stored = {
      density: 'small',
      columns: [
        { key: 'createTime', show: true, width: 99999 },
        { key: 'gone', show: true },
        { key: 'name', show: false, fixed: 'sideways' },
        { key: 'createTime', show: false },
        'junk',
      ],
    };
    const s = normalizeSettings(COLUMNS, stored);
    // Unknown and repeated columns dropped, new ones placed after their definition predecessor.
    expect(s.columns.map((c) => c.key)).toEqual(['createTime', 'name', 'code', 'phone']);
    expect(s.columns[0]!.width).toBe(1200);
    expect(s.columns[1]).toEqual({ key: 'name', show: false });
    expect(s.density).toBe('small');
    expect(normalizeSettings(COLUMNS, 'nonsense')).toEqual(defaultSettings(COLUMNS));
    expect(normalizeSettings(COLUMNS, { density: 'huge' }).density).toBeUndefined();
    expect(isDefault(COLUMNS, setDensity(defaultSettings(COLUMNS), 'small'))).toBe(false);
  });

  it('are stored per user and list path, in the spec style', () => {
    expect(listSettingsKey('admin', '/isystem/user')).toBe('JTableSettings_admin_/isystem/user');
    expect(listSettingsKey('lina', '/isystem/user')).not.toBe(listSettingsKey('admin', '/isystem/user'));
  });
});

describe('list widths', () => {
  it('estimate text: a Chinese character 14 px, a Latin one 7.5 px', () => {
    expect(textPx('客户')).toBe(28);
    expect(textPx('KH0001')).toBe(45);
  });

  it('size a column from its header and rows, never wider than the definition', () => {
    const name = COLUMNS[0]!;
    // No rows yet: the definition's width.
    expect(columnNeed(name, [], 'middle').want).toBe(200);
    // Short names: the header (with its sorter) decides.
    const short = columnNeed(name, [{ name: '张三' }], 'middle');
    expect(short.want).toBe(short.min);
    expect(short.min).toBe(4 * 14 + 17 + 20);
    // A long header may wrap onto two lines.
    expect(columnNeed({ dataIndex: 'c', title: '信用额度（元）', width: 60 }, [], 'middle').min).toBe(
      4 * 14 + 17,
    );
    // A column is never cut narrower than four Chinese characters.
    expect(columnNeed({ dataIndex: 'd', title: '地址' }, [{ d: '浙江省杭州市西湖区' }], 'middle').min).toBe(
      4 * 14 + 17,
    );
    // A long name is cut at the definition's width.
    expect(columnNeed(name, [{ name: '很长的名字'.repeat(10) }], 'middle').want).toBe(200);
    // Dictionary text is what is shown, and measured.
    const status: PageColumn = { dataIndex: 'status', title: '状态', dict: 'x' };
    expect(columnNeed(status, [{ status: '1', status_dictText: '合作中客户' }], 'large').want).toBe(
      5 * 14 + 33,
    );
    // A tree's first column leaves room for the indent of the deepest level.
    const tree = columnNeed({ dataIndex: 'n', title: '名称', width: 300 }, [{ n: '内科' }], 'middle', 2);
    expect(tree.want).toBe(28 + 28 + 30 + 17);
  });

  it('fit columns into the space there is: spare room shared, the widest cut first', () => {
    const needs = [
      { want: 200, min: 80 },
      { want: 100, min: 60 },
      { want: 150, min: 50, locked: true },
    ];
    expect(fitWidths(needs, 0)).toEqual([200, 100, 150]);
    // Room to spare goes to the free columns in proportion; the locked one keeps its width.
    expect(fitWidths(needs, 750)).toEqual([400, 200, 150]);
    // 50 px short: all of it from the widest column.
    expect(fitWidths(needs, 400)).toEqual([150, 100, 150]);
    // Shorter still: both free columns down to a common width.
    expect(fitWidths(needs, 330)).toEqual([90, 90, 150]);
    // Not even the minimums fit: the minimums, and the table scrolls.
    expect(fitWidths(needs, 100)).toEqual([80, 60, 150]);
  });

  it('make the 操作 column wide enough for its links on one line', () => {
    const three = actionsPx(['编辑', '详情', '删除'], 3, 'middle');
    expect(three).toBe(6 * 14 + 2 * 17 + 17 + 8);
    // More than `inline` links: the rest go under 更多 with its arrow.
    const more = actionsPx(['编辑', '添加下级', '部门权限', '详情', '删除'], 3, 'middle');
    expect(more).toBe((2 + 4 + 4 + 2) * 14 + 20 + 3 * 17 + 17 + 8);
    expect(actionsPx([], 2, 'middle')).toBe(0);
  });

  it('find the deepest loaded tree level', () => {
    expect(treeDepth([{ children: [{ children: [{}] }] }, {}])).toBe(2);
    expect(treeDepth([{}])).toBe(0);
  });
});
