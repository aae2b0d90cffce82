import { afterEach, describe, expect, it } from 'vitest';
import {
  clearDraft,
  listDrafts,
  markDraft,
  readDraft,
  saveDraft,
} from '../../../src/client/pages/mobile-forms/draft-store';

afterEach(() => localStorage.clear());

describe('mobile form drafts', () => {
  it('keeps each record of each user apart', () => {
    saveDraft('lina', 'visit', '1', { a: 1 });
    saveDraft('lina', 'visit', '2', { a: 2 });
    saveDraft('lina', 'other', '1', { a: 3 });
    saveDraft('zhangwei', 'visit', '1', { a: 4 });
    expect(readDraft('lina', 'visit', '1')?.values).toEqual({ a: 1 });
    expect(readDraft('lina', 'other', '1')?.values).toEqual({ a: 3 });
    expect(readDraft('zhangwei', 'visit', '1')?.values).toEqual({ a: 4 });
    expect(
      listDrafts('lina')
        .map((d) => `${d.entity}:${d.id}`)
        .sort(),
    ).toEqual(['other:1', 'visit:1', 'visit:2']);
    expect(readDraft('nobody', 'visit', '1')).toBeUndefined();
  });

  it('survives a reload: the values are in localStorage', () => {
    saveDraft('lina', 'visit', '1', { data: { height: 170 } });
    const raw = Object.keys(localStorage)
      .map((k) => localStorage.getItem(k) ?? '')
      .join('');
    expect(raw).toContain('"height":170');
  });

  it('a failed save waits for the network until cleared, and stays pending while edited again', () => {
    saveDraft('lina', 'visit', '1', { a: 1 });
    expect(readDraft('lina', 'visit', '1')?.pending).toBe(false);
    markDraft('lina', 'visit', '1', { pending: true });
    saveDraft('lina', 'visit', '1', { a: 2 });
    expect(readDraft('lina', 'visit', '1')).toMatchObject({ pending: true, values: { a: 2 } });
    expect(listDrafts('lina').filter((d) => d.pending)).toHaveLength(1);
    clearDraft('lina', 'visit', '1');
    expect(readDraft('lina', 'visit', '1')).toBeUndefined();
    expect(listDrafts('lina')).toEqual([]);
  });

  it('keeps a refused draft with the message, which the next change clears', () => {
    saveDraft('lina', 'visit', '1', { a: 1 });
    markDraft('lina', 'visit', '1', { pending: false, refused: '请先填写：访视日期' });
    expect(readDraft('lina', 'visit', '1')).toMatchObject({
      pending: false,
      refused: '请先填写：访视日期',
      values: { a: 1 },
    });
    saveDraft('lina', 'visit', '1', { a: 2 });
    expect(readDraft('lina', 'visit', '1')?.refused).toBeUndefined();
  });

  it('marking a record without a draft does nothing', () => {
    markDraft('lina', 'visit', '9', { pending: true });
    expect(listDrafts('lina')).toEqual([]);
  });

  it('ignores a damaged store', () => {
    saveDraft('lina', 'visit', '1', { a: 1 });
    const key = Object.keys(localStorage).find((k) => k.includes('mobile-form-drafts:lina'))!;
    localStorage.setItem(key, 'not json');
    expect(listDrafts('lina')).toEqual([]);
    expect(readDraft('lina', 'visit', '1')).toBeUndefined();
  });
});
