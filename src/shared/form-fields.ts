/**
 * The data fields of a case-report form (动态表单): the properties of its Formily schema in document order,
 * looking through void layout containers (FormGrid, FormCollapse, FormTab, FormLayout…) whose own names
 * are not data. Shared by the server's form checks, the designer and the record form that fills a form.
 */
import type { FormSchema } from './schema-types.js';

/** The $schema of a form file in schemas/forms/: what stored and exported definitions carry. */
export const FORM_SCHEMA_REF = '../meta/form.schema.json';

export interface FormDataField {
  /** The property name: the key of the value in the stored document. */
  name: string;
  node: FormSchema;
  /** JSON pointer of the node inside the schema, e.g. /properties/grid/properties/age. */
  path: string;
  /** An array whose items are an object: a child table; its columns are not fields of the form. */
  table?: boolean;
}

/** JSON pointer escaping of one key (RFC 6901). */
function pointerKey(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Properties sorted the way Formily renders them: by `x-index`, then by position in the object. */
function orderedProperties(node: FormSchema): Array<[string, FormSchema]> {
  const entries = Object.entries(node.properties ?? {});
  return entries
    .map((entry, position) => ({ entry, position, index: entry[1]['x-index'] }))
    .sort((a, b) => (a.index ?? Infinity) - (b.index ?? Infinity) || a.position - b.position)
    .map(({ entry }) => entry);
}

export function formDataFields(schema: FormSchema): FormDataField[] {
  const fields: FormDataField[] = [];
  const walk = (node: FormSchema, path: string): void => {
    for (const [name, child] of orderedProperties(node)) {
      const childPath = `${path}/properties/${pointerKey(name)}`;
      if (child.type === 'void') {
        walk(child, childPath);
        continue;
      }
      const table = child.type === 'array' && child.items?.type === 'object';
      fields.push({ name, node: child, path: childPath, ...(table ? { table: true } : {}) });
    }
  };
  walk(schema, '');
  return fields;
}
