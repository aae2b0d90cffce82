import { AxiosError } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { listDrafts, readDraft, saveDraft } from '../../../src/client/pages/mobile-forms/draft-store';
import { saveRecord, syncPending, type FormEntity } from '../../../src/client/pages/mobile-forms/form-records';
import type { PageDefinition } from '../../../src/client/renderer/definition/types';
import { bizFail, fakeServer, ok } from '../shell/fake-server';

const EDIT = '/online/cgform/api/form/visit';
const entity: FormEntity = {
  code: 'visit',
  title: '访视',
  page: {
    code: 'visit',
    kind: 'list',
    components: ['OnlineList'],
    entity: 'visit',
    api: { edit: { url: EDIT, method: 'put' } },
    form: { schema: { type: 'object', properties: {} } },
  } as unknown as PageDefinition,
};

/** What axios throws when no answer came back (offline, refused connection). */
const noAnswer = () => {
  throw new AxiosError('Network Error', AxiosError.ERR_NETWORK);
};

afterEach(() => localStorage.clear());

describe('saving a record from the phone form', () => {
  it('sends the draft and clears it once the server took it', async () => {
    const s = fakeServer({ [`PUT ${EDIT}`]: ok(null, '编辑成功!') });
    saveDraft('lina', 'visit', '7', { height: 170 });
    expect(await saveRecord('lina', entity, '7', { height: 170 })).toEqual({ kind: 'saved', message: '编辑成功!' });
    expect(s.last('PUT', EDIT)?.body).toEqual({ height: 170, id: '7' });
    expect(readDraft('lina', 'visit', '7')).toBeUndefined();
  });

  it('keeps the draft waiting for the network when no answer comes, and sends it when it returns', async () => {
    fakeServer({ [`PUT ${EDIT}`]: noAnswer });
    saveDraft('lina', 'visit', '7', { height: 171 });
    expect(await saveRecord('lina', entity, '7', { height: 171 })).toEqual({ kind: 'pending' });
    expect(readDraft('lina', 'visit', '7')).toMatchObject({ pending: true, values: { height: 171 } });
    // Still offline: nothing synced, the draft stays.
    expect(await syncPending('lina', [entity])).toBe(0);
    expect(listDrafts('lina')).toHaveLength(1);

    const s = fakeServer({ [`PUT ${EDIT}`]: ok(null) });
    expect(await syncPending('lina', [entity])).toBe(1);
    expect(s.last('PUT', EDIT)?.body).toEqual({ height: 171, id: '7' });
    expect(listDrafts('lina')).toEqual([]);
  });

  it('keeps a refused draft with the server’s message and does not resend it by itself', async () => {
    const s = fakeServer({ [`PUT ${EDIT}`]: { status: 400, ...bizFail('身高不能大于 300', 400) } });
    saveDraft('lina', 'visit', '7', { height: 999 });
    expect(await saveRecord('lina', entity, '7', { height: 999 })).toEqual({ kind: 'refused', message: '身高不能大于 300' });
    expect(readDraft('lina', 'visit', '7')).toMatchObject({ pending: false, refused: '身高不能大于 300' });
    expect(await syncPending('lina', [entity])).toBe(0);
    expect(s.calls).toHaveLength(1);
  });

  it('a refusal in a 200 envelope is a refusal too', async () => {
    fakeServer({ [`PUT ${EDIT}`]: bizFail('该记录已锁定') });
    saveDraft('lina', 'visit', '7', { height: 1 });
    expect(await saveRecord('lina', entity, '7', { height: 1 })).toEqual({ kind: 'refused', message: '该记录已锁定' });
    expect(readDraft('lina', 'visit', '7')?.refused).toBe('该记录已锁定');
  });
});
