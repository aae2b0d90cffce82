import { describe, expect, it } from 'vitest';
import { formDataFields } from '../../src/shared/form-fields.js';
import type { FormSchema } from '../../src/shared/schema-types.js';

const schema: FormSchema = {
  type: 'object',
  properties: {
    visitDate: { type: 'string', 'x-component': 'JDate', 'x-decorator': 'FormItem' },
    grid: {
      type: 'void',
      'x-component': 'FormGrid',
      properties: {
        weight: { type: 'number', 'x-component': 'NumberPicker', 'x-index': 2 },
        height: { type: 'number', 'x-component': 'NumberPicker', 'x-index': 1 },
      },
    },
    sections: {
      type: 'void',
      'x-component': 'FormCollapse',
      properties: {
        'a/b~c': {
          type: 'void',
          'x-component': 'FormCollapse.CollapsePanel',
          properties: { symptoms: { type: 'array', 'x-component': 'JCheckbox', items: { type: 'string' } } },
        },
      },
    },
    drugs: {
      type: 'array',
      'x-component': 'EditableTable',
      items: { type: 'object', properties: { drug: { type: 'string' }, dose: { type: 'number' } } },
    },
    address: { type: 'object', properties: { city: { type: 'string' } } },
  },
};

describe('formDataFields', () => {
  it('lists data fields in document order through void containers, with pointers', () => {
    const fields = formDataFields(schema);
    expect(fields.map((f) => [f.name, f.path, f.table ?? false])).toEqual([
      ['visitDate', '/properties/visitDate', false],
      ['height', '/properties/grid/properties/height', false],
      ['weight', '/properties/grid/properties/weight', false],
      ['symptoms', '/properties/sections/properties/a~1b~0c/properties/symptoms', false],
      ['drugs', '/properties/drugs', true],
      ['address', '/properties/address', false],
    ]);
    expect(fields[0]!.node).toBe(schema.properties!.visitDate);
  });

  it('does not list the columns of a child table nor void containers', () => {
    const names = formDataFields(schema).map((f) => f.name);
    expect(names).not.toContain('drug');
    expect(names).not.toContain('grid');
    expect(formDataFields({ type: 'object' })).toEqual([]);
  });
});
