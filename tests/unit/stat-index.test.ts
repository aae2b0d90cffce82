import { describe, expect, it } from 'vitest';
import { wantedIndexes } from '../../src/server/db/entity-plan.js';
import type { EntityDefinition, StatDefinition } from '../../src/shared/schema-types.js';
import { field } from '../server/entity-fixtures.js';

const entity: EntityDefinition = {
  $schema: '../meta/entity.schema.json',
  code: 'ix_customer',
  name: '客户',
  scope: { tenant: true, department: true },
  fields: [
    field('customerType', 'string', { length: 2 }),
    field('creditLimit', 'decimal', { scale: 2 }),
    field('since', 'date'),
  ],
};

const stat = (extra: Partial<StatDefinition>): StatDefinition => ({
  $schema: '../meta/stat.schema.json',
  code: 'ix_stat',
  title: '统计',
  source: 'ix_customer',
  dimensions: [{ field: 'customerType', title: '类型' }],
  measures: [
    { key: 'count', op: 'count' },
    { key: 'limit', op: 'sum', field: 'creditLimit' },
  ],
  ...extra,
});

// Issue 17: an aggregate over 100,000 rows reads an index holding the tenant, the groups and the measures.
describe('indexes for statistics', () => {
  it('adds tenant, grouped and measured columns for a statistic over the entity', () => {
    const columns = wantedIndexes(entity, [stat({})]).map((i) => i.columns);
    expect(columns).toContainEqual(['tenant_id', 'customer_type', 'credit_limit']);
  });

  it('ignores statistics over other sources and ones that would copy the table', () => {
    const plain = wantedIndexes(entity).map((i) => i.name);
    expect(wantedIndexes(entity, [stat({ source: 'sys_user' })]).map((i) => i.name)).toEqual(plain);
    const wide = stat({
      dimensions: ['customerType', 'since', 'createBy', 'updateBy', 'sysOrgCode'].map((f) => ({
        field: f,
        title: f,
      })),
    });
    expect(wantedIndexes(entity, [wide]).map((i) => i.name)).toEqual(plain);
  });
});
