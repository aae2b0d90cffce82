import type { EntityDefinition, EntityField, SuperQueryField } from '../schema-types.js';
import { listedFields, pickerView } from './fields.js';

const TYPES: Record<EntityField['type'], SuperQueryField['type']> = {
  string: 'string',
  text: 'string',
  int: 'int',
  bigint: 'int',
  decimal: 'number',
  date: 'date',
  datetime: 'datetime',
  // Never offered (listedFields leaves form documents out); the type only completes the map.
  form: 'string',
};

/** The super query's condition of one field: its type from the field type, dictionary or picker view. */
export function superQueryField(f: EntityField): SuperQueryField {
  const s: SuperQueryField = { value: f.name, text: f.title, type: TYPES[f.type] };
  const picker = pickerView(f);
  if (picker) s.type = picker;
  else if (f.dictCode) Object.assign(s, { type: 'list', dictCode: f.dictCode });
  return s;
}

/** Every listed, not hidden field (a ref filters by the stored id, as the list query does). */
export const deriveSuperQuery = (entity: EntityDefinition, hide: readonly string[] = []) =>
  listedFields(entity)
    .filter((f) => !hide.includes(f.name))
    .map(superQueryField);
