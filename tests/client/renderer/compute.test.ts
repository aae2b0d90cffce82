import { createForm, type Field } from '@formily/core';
import { describe, expect, it } from 'vitest';
import { computeReaction, computeRow } from '../../../src/client/renderer/form/compute';
import { toFormilySchema } from '../../../src/client/renderer/form/schema';

// Live computed fields: `x-compute` re-evaluates in Formily's reactive scope whenever a value it reads
// changes, with the server's decimal arithmetic.
describe('x-compute in forms', () => {
  it('makes the field read-only and keeps declared reactions', () => {
    const schema = toFormilySchema(
      {
        type: 'object',
        properties: {
          total: {
            type: 'number',
            'x-component': 'NumberPicker',
            'x-compute': 'laborCost + partsTotal',
            'x-reactions': { when: { field: 'laborCost', op: 'gt', value: 100 }, fulfill: { state: { visible: true } } },
          },
        },
      },
      { mode: 'add', fieldState: () => 'editable' },
    );
    const total = (schema?.properties as Record<string, Record<string, unknown>>).total;
    expect(total['x-pattern']).toBe('readOnly');
    expect(total['x-compute']).toBeUndefined();
    expect(total['x-reactions']).toHaveLength(2);
  });

  it('recomputes own fields and roll-ups over the child rows as values change', () => {
    const form = createForm({ values: { laborCost: 0.1, erp_repair_part: [] } });
    form.createField({ name: 'laborCost' });
    form.createArrayField({ name: 'erp_repair_part' });
    const parts = form.createField({
      name: 'partsTotal',
      component: ['NumberPicker', { precision: 2 }],
      reactions: [computeReaction('sum(erp_repair_part.amount)')],
    }) as Field;
    const total = form.createField({
      name: 'total',
      component: ['NumberPicker', { precision: 2 }],
      reactions: [computeReaction('laborCost + partsTotal')],
    }) as Field;
    form.onMount();
    expect([parts.value, total.value]).toEqual([0, 0.1]);

    form.setValuesIn('laborCost', 0.2);
    expect(total.value).toBe(0.2);
    form.setValuesIn('erp_repair_part', [
      { quantity: 3, price: 19.99, amount: 59.97 },
      { quantity: 1, price: 0.1, amount: 0.1 },
    ]);
    expect([parts.value, total.value]).toEqual([60.07, 60.27]);
    form.setValuesIn('erp_repair_part.1.amount', 0.15);
    expect([parts.value, total.value]).toEqual([60.12, 60.32]);
    form.setValuesIn('erp_repair_part', []);
    expect([parts.value, total.value]).toEqual([0, 0.2]);
  });
});

describe('computeRow (child table rows)', () => {
  const fields = [
    { name: 'quantity', type: 'decimal', scale: 2 },
    { name: 'price', type: 'decimal', scale: 2 },
    { name: 'amount', type: 'decimal', scale: 2, formula: 'quantity * price' },
  ];

  it('computes the formula columns and keeps an unchanged row as it is', () => {
    const row = { id: 'r1', quantity: 3, price: 19.99, amount: 1 };
    const next = computeRow(fields, row);
    expect(next).toEqual({ id: 'r1', quantity: 3, price: 19.99, amount: 59.97 });
    expect(next).not.toBe(row);
    expect(computeRow(fields, next)).toBe(next);
    expect(computeRow(fields, { quantity: 0.5, price: 0.33 } as Record<string, unknown>).amount).toBe(0.17);
    expect(computeRow(fields, { quantity: 2, price: null, amount: 5 }).amount).toBeNull();
  });
});
