import { describe, expect, it } from 'vitest';
import { derivePage } from '../../src/shared/page-derive/index.js';
import type { EntityDefinition, PageDefinition } from '../../src/shared/schema-types.js';

const entity = (audit?: EntityDefinition['audit']): EntityDefinition => ({
  $schema: '../meta/entity.schema.json',
  code: 'aud_patient',
  name: '审核患者',
  fields: [
    { name: 'name', title: '姓名', type: 'string', length: 20, required: true },
    { name: 'phone', title: '电话', type: 'string', length: 20 },
  ],
  ...(audit ? { audit } : {}),
});

const page: PageDefinition = {
  $schema: '../meta/page.schema.json',
  components: ['OnlineList'],
  code: 'aud-patient',
  title: '审核患者',
  kind: 'list',
  entity: 'aud_patient',
};
const keys = (actions: { key: string; permission?: string }[] | undefined) =>
  (actions ?? []).map((a) => `${a.key}:${a.permission ?? ''}`);

describe('derived actions of audited entities (EntityAudit)', () => {
  it('adds the applications, gated by <code>:apply, beside the direct writes', () => {
    const served = derivePage(page, [entity({ merge: { match: ['name'] } })]);
    expect(keys(served.toolbar?.custom)).toEqual([
      'applyAdd:aud_patient:apply',
      'applyMergeList:aud_patient:apply',
    ]);
    expect(served.toolbar).toMatchObject({
      add: true,
      batchDelete: true,
      import: { permission: 'aud_patient:import' },
    });
    expect(keys(served.rowActions?.custom)).toEqual([
      'applyEdit:aud_patient:apply',
      'applyDel:aud_patient:apply',
    ]);
    expect(served.rowActions).toMatchObject({
      edit: { permission: 'aud_patient:edit' },
      delete: { permission: 'aud_patient:delete' },
    });
    // Each opens its application screen through the ApplyLink part.
    expect(served.rowActions?.custom?.[0]).toMatchObject({
      title: '申请修改',
      kind: 'part',
      part: { part: 'ApplyLink', props: { entity: 'aud_patient', page: 'dataHandleApply' } },
    });
  });

  it('offers only the applications (and export) when nobody writes directly', () => {
    const served = derivePage(page, [entity({ always: true })]);
    expect(keys(served.toolbar?.custom)).toEqual(['applyAdd:aud_patient:apply']);
    expect(served.toolbar?.add).toBeUndefined();
    expect(served.toolbar?.batchDelete).toBeUndefined();
    expect(served.toolbar?.import).toBeUndefined();
    expect(served.toolbar?.export).toEqual({ permission: 'aud_patient:export' });
    expect(served.rowActions?.edit).toBeUndefined();
    expect(served.rowActions?.delete).toBeUndefined();
    expect(served.rowActions?.detail).toBe(true);
  });

  it('derives nothing of it for an entity without audit, and keeps a page’s own buttons after the derived', () => {
    const plain = derivePage(page, [entity()]);
    expect(plain.toolbar?.custom).toBeUndefined();
    expect(plain.rowActions?.custom).toBeUndefined();
    const own = derivePage(
      { ...page, toolbar: { custom: [{ key: 'mine', title: '自定义', kind: 'request', api: '/x' }] } },
      [entity({})],
    );
    expect(own.toolbar?.custom?.map((a) => a.key)).toEqual(['applyAdd', 'mine']);
  });
});
