import type {
  EntityDefinition,
  EntityField,
  QueryField,
  QueryOverride,
  QuerySettings,
} from '../schema-types.js';
import { isNumeric, pageField, pickerView, refSelectProps } from './fields.js';
import { applyOverrides } from './overrides.js';

/** Fields shown before the '更多' toggle, as on the hand-written pages. */
export const VISIBLE_QUERY_FIELDS = 3;

/** The query widget of one field: dictionary select, department/user picker, date range, ref picker. */
export function queryField(
  entity: EntityDefinition,
  f: EntityField,
  entities: readonly EntityDefinition[] = [],
): QueryField {
  const q: QueryField = { name: f.name, title: f.title };
  const picker = pickerView(f);
  if (picker === 'sel_depart') q['x-component'] = 'JSelectDepart';
  else if (picker === 'sel_user')
    Object.assign(q, { 'x-component': 'JSelectUserByDep', props: { store: 'username' } });
  else if (f.ref)
    Object.assign(q, { 'x-component': 'JRefSelect', props: refSelectProps(entity, f, entities) });
  else if (f.dictCode) Object.assign(q, { 'x-component': 'JDictSelectTag', dictCode: f.dictCode });
  else if (f.view === 'sel_form') q['x-component'] = 'JSelectForm';
  else if (f.type === 'date' || f.type === 'datetime') {
    q['x-component'] = f.query === 'range' ? 'JDateRange' : 'JDate';
    if (f.type === 'datetime') q.props = { showTime: true };
  } else if (f.type === 'string' || f.type === 'text') q.rule = 'like';
  if (f.query === 'range') q.mode = 'range';
  return q;
}

/**
 * The query form: the fields with `query` (a numeric range has no widget yet and is left to the super
 * query) with the page's overrides, order and hidden fields applied; 3 shown, the rest under 更多.
 */
export function deriveQuery(
  entity: EntityDefinition,
  overrides: Array<string | QueryOverride> = [],
  hide: readonly string[] = [],
  entities: readonly EntityDefinition[] = [],
): QuerySettings | undefined {
  const chosen = applyOverrides({
    derived: entity.fields
      .filter((f) => f.query && f.type !== 'form' && !(f.query === 'range' && isNumeric(f)))
      .map((f) => queryField(entity, f, entities)),
    key: (q) => q.name,
    overrides,
    overrideKey: (o) => o.name,
    added: (name) => {
      const f = pageField(entity, name);
      return f && queryField(entity, f, entities);
    },
    hide,
  });
  if (!chosen.length) return undefined;
  const more = chosen.slice(VISIBLE_QUERY_FIELDS);
  return { fields: chosen.slice(0, VISIBLE_QUERY_FIELDS), ...(more.length ? { more } : {}) };
}
