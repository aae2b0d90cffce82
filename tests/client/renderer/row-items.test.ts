import { describe, expect, it, vi } from 'vitest';
import announcementPage from '../../../schemas/pages/system-announcement.json';
import type { RowActions } from '../../../src/client/renderer/definition/types';
import { rowActionItems, type RowHandlers } from '../../../src/client/renderer/list/row-items';

const handlers = (granted: string[]): RowHandlers => ({
  has: (code) => granted.includes(code),
  isTree: false,
  edit: vi.fn(),
  addChild: vi.fn(),
  detail: vi.fn(),
  remove: vi.fn(),
  run: vi.fn(),
});

const keys = (ra: RowActions, row: Record<string, unknown>, granted: string[]) =>
  rowActionItems(ra, row, handlers(granted)).map((i) => i.key);

describe('row actions', () => {
  it('hide built-in edit and detail when their row condition fails', () => {
    const ra: RowActions = {
      edit: { visibleWhen: { field: 'status', op: 'ne', value: '9' } },
      detail: { visibleWhen: { field: 'status', op: 'eq', value: '9' } },
      delete: true,
    };
    expect(keys(ra, { status: '1' }, [])).toEqual(['edit', 'delete']);
    expect(keys(ra, { status: '9' }, [])).toEqual(['detail', 'delete']);
  });

  it('offer no 编辑 on a released announcement, and 发布 only on drafts and revoked ones', () => {
    const ra = announcementPage.rowActions as RowActions;
    const all = ['announcement:edit', 'announcement:delete', 'announcement:release'];
    expect(keys(ra, { sendStatus: '0' }, all)).toEqual(['edit', 'release', 'preview', 'delete']);
    expect(keys(ra, { sendStatus: '1' }, all)).toEqual(['revoke', 'preview', 'delete']);
    expect(keys(ra, { sendStatus: '2' }, all)).toEqual(['edit', 'release', 'preview', 'delete']);
    expect(keys(ra, { sendStatus: '0' }, [])).toEqual(['preview']);
  });

  it('put destructive custom actions after 详情, so the everyday ones are the inline links', () => {
    const ra: RowActions = {
      edit: { visibleWhen: { field: 'status', op: 'notIn', value: ['2'] } },
      detail: true,
      delete: { visibleWhen: { field: 'status', op: 'notIn', value: ['2'] } },
      custom: [
        { key: 'applyDel', title: '申请删除', kind: 'part', danger: true, part: { part: 'ApplyLink' } },
        { key: 'applyEdit', title: '申请修改', kind: 'part', part: { part: 'ApplyLink' } },
      ],
    };
    expect(keys(ra, { status: '1' }, [])).toEqual(['edit', 'applyEdit', 'detail', 'applyDel', 'delete']);
    // A locked row (state 2) offers neither 编辑 nor 删除.
    expect(keys(ra, { status: '2' }, [])).toEqual(['applyEdit', 'detail', 'applyDel']);
  });
});
