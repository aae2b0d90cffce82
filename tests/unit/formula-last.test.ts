import { describe, expect, it } from 'vitest';
import { evaluateFormula, formulaDependencies, FormulaError, parseFormula } from '../../src/shared/formula.js';
import { formulaPlan } from '../../src/shared/formula-plan.js';
import { deriveForm } from '../../src/shared/page-derive/form.js';
import type { EntityDefinition } from '../../src/shared/schema-types.js';

// last(<entity>.<field>): the newest referring row's field, an aggregate like sum/min/max.
describe('last() in formulas', () => {
  it('parses as an aggregate, alone and inside further expressions', () => {
    expect(parseFormula('last(reading.sbp)')).toEqual({ kind: 'aggregate', fn: 'last', entity: 'reading', field: 'sbp', pos: 0 });
    const nested = parseFormula('if(last(reading.sbp) < 140, 1, 0)');
    expect(formulaDependencies(nested)).toEqual({
      fields: [],
      children: [{ fn: 'last', entity: 'reading', field: 'sbp', pos: 3 }],
    });
    expect(formulaPlan([{ name: 'ok', type: 'int', formula: 'if(last(reading.sbp) < 140, 1, 0)' }]).ordered[0].rollup).toBe(true);
  });

  it('needs an entity and a field', () => {
    for (const [text, position] of [['last(reading)', 12], ['last(1)', 5], ['last(reading.)', 13]] as const) {
      let error: unknown;
      try {
        parseFormula(text);
      } catch (err) {
        error = err;
      }
      expect(error, text).toBeInstanceOf(FormulaError);
      expect((error as FormulaError).position, text).toBe(position);
    }
  });

  it('evaluates from the value the server looked up, empty when there is no row', () => {
    const ast = parseFormula('if(last(reading.sbp) < 140, 1, 0) + last(reading.sbp) * 0');
    expect(evaluateFormula(ast, {}, (fn, entity, field) => (fn === 'last' && entity === 'reading' && field === 'sbp' ? '150' : null))).toBe(0);
    expect(evaluateFormula(parseFormula('last(reading.sbp)'), {}, () => null)).toBeNull();
    expect(evaluateFormula(parseFormula('last(reading.sbp)'), {}, () => '128')).toBe(128);
  });

  it('is shown read-only in forms and not recomputed there, even over a child table', () => {
    const parent: EntityDefinition = {
      $schema: '',
      code: 'lt_owner',
      name: '对象',
      fields: [
        { name: 'name', title: '姓名', type: 'string', length: 20 },
        { name: 'lastSbp', title: '最近收缩压', type: 'int', formula: 'last(lt_row.sbp)' },
        { name: 'total', title: '合计', type: 'int', formula: 'sum(lt_row.sbp)' },
      ],
    };
    const child: EntityDefinition = {
      $schema: '',
      code: 'lt_row',
      name: '读数',
      parent: { field: 'owner' },
      fields: [
        { name: 'owner', title: '对象', type: 'string', length: 32, ref: { entity: 'lt_owner', display: 'name' } },
        { name: 'sbp', title: '收缩压', type: 'int' },
      ],
    };
    const form = deriveForm(parent, [parent, child]) as { schema: { properties: Record<string, Record<string, unknown>> } };
    const props = form.schema.properties;
    expect(props.lastSbp['x-pattern']).toBe('readOnly');
    expect(props.lastSbp).not.toHaveProperty('x-compute');
    // A sum over the form's own child table is still computed live.
    expect(props.total['x-compute']).toBe('sum(lt_row.sbp)');
  });
});
