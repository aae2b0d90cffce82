/**
 * The form designer's edits as pure functions on a form's Formily schema. A node is addressed by its
 * path of property keys from the root; the designer never keeps a model of its own, so a file form, an
 * import or a hand-written schema keeps every key the designer has no control for.
 */
import type { FormSchema } from '../../../shared/schema-types';

export type NodePath = readonly string[];

/** Void components whose children the designer lays fields into. */
const CONTAINER_COMPONENTS = new Set([
  'FormGrid',
  'FormLayout',
  'FormCollapse.CollapsePanel',
  'FormTab.TabPane',
]);

/** Field names as the stored document keys them: a letter, then letters, digits or _. */
export const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** The root and void layout nodes that hold fields (a section's panel, a grid). */
export function isContainer(node: FormSchema, root = false): boolean {
  if (root) return true;
  if (node.type !== 'void') return false;
  const c = node['x-component'];
  return !c || CONTAINER_COMPONENTS.has(c);
}

/** A child table: an array whose items are an object (its columns). */
export function isTable(node: FormSchema): boolean {
  return node.type === 'array' && node.items?.type === 'object';
}

/** Children in the order Formily renders them: by `x-index`, then by position (as formDataFields). */
export function orderedChildren(node: FormSchema): Array<[string, FormSchema]> {
  return Object.entries(node.properties ?? {})
    .map((entry, position) => ({ entry, position, index: entry[1]['x-index'] }))
    .sort((a, b) => (a.index ?? Infinity) - (b.index ?? Infinity) || a.position - b.position)
    .map(({ entry }) => entry);
}

export function getNode(schema: FormSchema, path: NodePath): FormSchema | undefined {
  let cur: FormSchema | undefined = schema;
  for (const key of path) cur = cur?.properties?.[key];
  return cur;
}

/** Applies `edit` to a copy: the schema passed in is never changed. */
function withCopy(schema: FormSchema, edit: (draft: FormSchema) => void): FormSchema {
  const draft = structuredClone(schema);
  edit(draft);
  return draft;
}

/** Rewrites a node's children in the given order; `x-index` goes, the key order is the order. */
function setChildren(node: FormSchema, entries: Array<[string, FormSchema]>): void {
  const props: Record<string, FormSchema> = {};
  for (const [key, child] of entries) {
    delete child['x-index'];
    props[key] = child;
  }
  node.properties = props;
}

/** Every property key of the form at any depth, columns of child tables included. */
export function allNames(schema: FormSchema): string[] {
  const out: string[] = [];
  const walk = (node: FormSchema) => {
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      out.push(key);
      walk(child);
    }
    if (node.items) walk(node.items);
  };
  walk(schema);
  return out;
}

/** `base`, or base_2, base_3 … the first not yet used anywhere in the form. */
export function uniqueName(schema: FormSchema, base: string): string {
  const used = new Set(allNames(schema));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}_${n}`)) return `${base}_${n}`;
}

/** Inserts `node` under `key` as the `index`-th child of the container (clamped; -1 = last). */
export function insertNode(
  schema: FormSchema,
  container: NodePath,
  index: number,
  key: string,
  node: FormSchema,
): FormSchema {
  return withCopy(schema, (draft) => {
    const parent = getNode(draft, container);
    if (!parent) return;
    const entries = orderedChildren(parent).filter(([k]) => k !== key);
    const at = index < 0 || index > entries.length ? entries.length : index;
    entries.splice(at, 0, [key, node]);
    setChildren(parent, entries);
  });
}

export function removeNode(schema: FormSchema, path: NodePath): FormSchema {
  if (!path.length) return schema;
  return withCopy(schema, (draft) => {
    const parent = getNode(draft, path.slice(0, -1));
    if (parent?.properties) delete parent.properties[path[path.length - 1]];
  });
}

/** Whether `inner` is `outer` or lies inside it. */
export function isWithin(inner: NodePath, outer: NodePath): boolean {
  return outer.length <= inner.length && outer.every((k, i) => inner[i] === k);
}

/**
 * Moves a node to the `index`-th place of a container (its index among the container's children
 * without the moved node). A node cannot go inside itself.
 */
export function moveNode(schema: FormSchema, from: NodePath, container: NodePath, index: number): FormSchema {
  const node = getNode(schema, from);
  if (!node || !from.length || isWithin(container, from)) return schema;
  const key = from[from.length - 1];
  const target = getNode(schema, container);
  const sameParent = container.length === from.length - 1 && isWithin(from, container);
  // The key must stay unique among its new siblings.
  if (!target || (!sameParent && target.properties?.[key])) return schema;
  return insertNode(removeNode(schema, from), container, index, key, node);
}

/** Replaces a node with `update(node)`; its key is unchanged. */
export function updateNode(
  schema: FormSchema,
  path: NodePath,
  update: (node: FormSchema) => void,
): FormSchema {
  return withCopy(schema, (draft) => {
    const node = getNode(draft, path);
    if (node) update(node);
  });
}

/** Gives a node another key at the same place; refused (unchanged) when a sibling has that key. */
export function renameNode(schema: FormSchema, path: NodePath, name: string): FormSchema {
  const parentPath = path.slice(0, -1);
  const parent = getNode(schema, parentPath);
  const old = path[path.length - 1];
  if (!parent?.properties?.[old] || name === old || !name || parent.properties[name]) return schema;
  return withCopy(schema, (draft) => {
    const p = getNode(draft, parentPath)!;
    setChildren(
      p,
      orderedChildren(p).map(([k, v]) => [k === old ? name : k, v]),
    );
  });
}

/** Why a field's name cannot be used, or null: the pattern, and uniqueness in the whole form. */
export function nameProblem(
  schema: FormSchema,
  path: NodePath,
  name: string,
): 'pattern' | 'duplicate' | null {
  if (!FIELD_NAME.test(name)) return 'pattern';
  const old = path[path.length - 1];
  if (name === old) return allNames(schema).filter((n) => n === name).length > 1 ? 'duplicate' : null;
  return allNames(schema).includes(name) ? 'duplicate' : null;
}

/** The path of the node a JSON pointer of the definition concerns (the deepest named property on it). */
export function pathOfPointer(pointer: string): NodePath | null {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (parts[0] !== 'schema') return null;
  const path: string[] = [];
  for (let i = 1; i < parts.length - 1; i++) {
    // Anything else (a child table's items, a key of the node) ends the path at that node.
    if (parts[i] !== 'properties') break;
    path.push(parts[++i]);
  }
  return path;
}

// ---- child tables: columns are `ArrayTable.Column` voids in items, each holding one field ----

export interface TableColumn {
  /** The column's data field name. */
  name: string;
  title: string;
  component: string;
}

const OPS_COLUMN = '_ops';

export function tableColumns(node: FormSchema): TableColumn[] {
  const cols: TableColumn[] = [];
  for (const [key, col] of orderedChildren(node.items ?? {})) {
    if (key === OPS_COLUMN) continue;
    const [name, field] = orderedChildren(col)[0] ?? [];
    if (!name || !field) continue;
    const props = col['x-component-props'] as { title?: string } | undefined;
    cols.push({
      name,
      title: props?.title ?? field.title ?? name,
      component: field['x-component'] ?? 'Input',
    });
  }
  return cols;
}

const COLUMN_TYPES: Record<string, FormSchema['type']> = { JInputNumber: 'number', JInputInteger: 'number' };

/** A child table's items for these columns, with a remove button column; rows are added by 添加一行. */
export function tableItems(columns: readonly TableColumn[], opsTitle: string): FormSchema {
  const props: Record<string, FormSchema> = {};
  for (const c of columns)
    props[`col_${c.name}`] = {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: c.title },
      properties: {
        [c.name]: {
          type: COLUMN_TYPES[c.component] ?? 'string',
          'x-decorator': 'FormItem',
          'x-component': c.component,
        },
      },
    };
  props[OPS_COLUMN] = {
    type: 'void',
    'x-component': 'ArrayTable.Column',
    'x-component-props': { title: opsTitle, width: 80 },
    properties: { remove: { type: 'void', 'x-component': 'ArrayTable.Remove' } },
  };
  return { type: 'object', properties: props };
}
