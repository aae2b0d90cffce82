import type { EntityDefinition, EntityField } from '../schema-types.js';
import { systemFields } from '../entity-record.js';

/** Field types stored as numbers (Formily type number, NumberPicker, right-aligned). */
export const NUMERIC_TYPES = new Set(['int', 'bigint', 'decimal']);

export const isNumeric = (f: Pick<EntityField, 'type'>) => NUMERIC_TYPES.has(f.type);

/** The entity's fields shown in lists (list !== false); a form document never is. */
export const listedFields = (entity: EntityDefinition) =>
  entity.fields.filter((f) => f.list !== false && f.type !== 'form');

/**
 * A field the page may name: a declared one, or an audit column (createTime, …) every entity table has.
 * System fields come back as plain string/datetime fields with their usual titles.
 */
export function pageField(entity: EntityDefinition, name: string): EntityField | undefined {
  const declared = entity.fields.find((f) => f.name === name);
  if (declared) return declared;
  const system = systemFields(entity).find((f) => f.name === name && f.name !== 'id');
  return system && { name: system.name, title: system.title, type: system.type };
}

/** A dictionary column is shown as a coloured tag when it holds a state (status, xxxStatus). */
export const isStateField = (f: EntityField) => !!f.dictCode && /(^s|S)tatus$/.test(f.name);

/** Table-dictionary codes of the user and department pickers ('sys_user,realname,username'). */
export const pickerView = (f: EntityField): 'sel_user' | 'sel_depart' | undefined =>
  f.view === 'sel_user' || f.view === 'sel_depart' ? f.view : undefined;

/** The ref picker's props of a ref field; a ref to a tree entity (EntityTree) is picked from its tree. */
export function refSelectProps(entity: EntityDefinition, f: EntityField, entities: readonly EntityDefinition[]) {
  const tree = !!entities.find((e) => e.code === f.ref?.entity)?.tree;
  return { entity: entity.code, field: f.name, ...(tree ? { tree } : {}) };
}

/** Child entities of an entity: those whose parent.field is a ref to it, in definition order. */
export function childEntities(entity: EntityDefinition, entities: readonly EntityDefinition[]) {
  return entities.filter((child) => {
    const link = child.parent && child.fields.find((f) => f.name === child.parent?.field);
    return link?.ref?.entity === entity.code;
  });
}

/** Merges an override onto a derived object: nested plain objects merge, other values replace. */
export function mergeDeep<T extends object>(base: T, over: object | undefined): T {
  if (!over) return base;
  const out: Record<string, unknown> = { ...(base as Record<string, unknown>) };
  for (const [k, v] of Object.entries(over)) {
    const prev = out[k];
    out[k] = isPlain(prev) && isPlain(v) ? mergeDeep(prev, v) : v;
  }
  return out as T;
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
