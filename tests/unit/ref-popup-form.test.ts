import { describe, expect, it } from 'vitest';
import { deriveForm } from '../../src/shared/page-derive/form.js';
import type { EntityDefinition } from '../../src/shared/schema-types.js';

const sheet: EntityDefinition = {
  $schema: '',
  code: 'sheet',
  name: '单据',
  fields: [
    {
      name: 'item',
      title: '物品',
      type: 'string',
      length: 32,
      required: true,
      ref: { entity: 'item', display: 'name', popup: { report: 'pick_item', fill: { price: 'listPrice' } } },
    },
    { name: 'owner', title: '负责人', type: 'string', length: 32, ref: { entity: 'person', display: 'name' } },
    { name: 'price', title: '单价', type: 'decimal' },
  ],
};

describe('derived form of a ref field picked through a popup report', () => {
  const props = deriveForm(sheet, [sheet]).schema.properties ?? {};

  it('uses JPopup: id into the field, the display column into its text, fill columns into their fields', () => {
    expect(props.item).toMatchObject({
      required: true,
      'x-component': 'JPopup',
      'x-component-props': {
        code: 'pick_item',
        orgFields: 'id,name,listPrice',
        destFields: 'item,item_dictText,price',
        textField: 'item_dictText',
      },
    });
    // The text is a hidden value of the form, so an edit form loads it with the record.
    expect(props.item_dictText).toEqual({ type: 'string', 'x-display': 'hidden' });
    expect(Object.keys(props)).toEqual(['item', 'item_dictText', 'owner', 'price']);
  });

  it('keeps the searchable select for a ref without popup', () => {
    expect(props.owner).toMatchObject({ 'x-component': 'JRefSelect' });
  });
});
