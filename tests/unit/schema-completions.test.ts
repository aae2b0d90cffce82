import { Ajv } from 'ajv';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { completionsFile } from '../../tools/schemas-completions.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

// Issue 12 §8: editors complete widget names, each widget's props and dictionary codes from the meta-schemas.
describe('editor completions for definition files', () => {
  const schema = JSON.parse(completionsFile().content!) as Json;
  const defs = schema.definitions as Json;

  it('offers every registered widget, every dictionary code and the props of each widget', () => {
    const widgets = Object.keys(JSON.parse(fs.readFileSync('schemas/meta/widgets.schema.json', 'utf8')).properties);
    expect(defs.WidgetName.examples).toEqual([...widgets].sort());
    expect(defs.DictCode.examples).toEqual(expect.arrayContaining(['erp_equipment_status', 'erp_repair_status']));
    const dict = (defs.WidgetProps.allOf as Json[]).find((c) => c.if.properties['x-component'].const === 'JDictSelectTag');
    expect(Object.keys(dict!.then.properties['x-component-props'].properties)).toContain('dictCode');
  });

  it('is referenced where definitions name widgets and dictionaries, and never refuses a value', () => {
    const page = fs.readFileSync('schemas/meta/page.schema.json', 'utf8');
    expect(page).toContain('completions.schema.json#/definitions/WidgetName');
    expect(page).toContain('completions.schema.json#/definitions/WidgetProps');
    expect(fs.readFileSync('schemas/meta/entity.schema.json', 'utf8')).toContain(
      'completions.schema.json#/definitions/DictCode',
    );
    const ajv = new Ajv({ strict: false });
    const validate = ajv.compile({ ...schema, $ref: '#/definitions/WidgetProps' });
    expect(validate({ 'x-component': 'JDictSelectTag', 'x-component-props': { dictCode: 42, other: true } })).toBe(true);
    expect(ajv.validate({ $ref: 'completions.schema.json#/definitions/DictCode' }, 'not_yet_declared')).toBe(true);
  });
});
