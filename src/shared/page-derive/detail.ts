import type { DetailField, EntityDefinition, PageDetail } from '../schema-types.js';
import { isNumeric } from './fields.js';

/** The detail view: the form's fields (list: false ones too) as labelled values; long text spans two columns. */
export function deriveDetail(entity: EntityDefinition, hide: readonly string[] = []): PageDetail {
  const fields = entity.fields
    .filter((f) => !hide.includes(f.name))
    .map((f) => {
      const d: DetailField = { name: f.name, title: f.title };
      if (f.dictCode) d.dict = f.dictCode;
      if (f.type === 'date') d.format = 'date';
      if (isNumeric(f) && !f.dictCode) d.format = 'number';
      if (f.type === 'text') d.span = 2;
      // A form document is shown as its form, across the whole detail.
      if (f.type === 'form' && f.form) Object.assign(d, { span: 4, form: { ...f.form } });
      return d;
    });
  return { columns: 2, fields };
}
