import { create } from 'zustand';
import { immer } from 'zustand/middleware/immer';
import type { FormDefinition, FormSchema } from '../../../shared/schema-types';
import {
  allNames,
  getNode,
  insertNode,
  isContainer,
  moveNode,
  removeNode,
  renameNode,
  updateNode,
  type NodePath,
} from './model';
import { paletteItem } from './palette';

export interface Problem {
  pointer: string;
  message: string;
}

interface DesignerState {
  definition: FormDefinition | null;
  /** The definition as last loaded or saved: a difference is unsaved work. */
  saved: string;
  selected: NodePath | null;
  problems: Problem[];
  readOnly: boolean;
}

export const FORM_META = '../meta/form.schema.json';

export const useDesigner = create<DesignerState>()(
  immer(
    () => ({ definition: null, saved: '', selected: null, problems: [], readOnly: false }) as DesignerState,
  ),
);

/** A new, empty form. */
export function blankDefinition(code: string, title: string): FormDefinition {
  return {
    $schema: FORM_META,
    code,
    title,
    layout: 'horizontal',
    schema: { type: 'object', properties: {} },
  };
}

export function openDefinition(definition: FormDefinition, readOnly: boolean, savedAs = definition): void {
  useDesigner.setState({
    definition,
    saved: JSON.stringify(savedAs),
    selected: null,
    problems: [],
    readOnly,
  });
}

export function markSaved(): void {
  useDesigner.setState((s) => {
    s.saved = JSON.stringify(s.definition);
  });
}

export const isDirty = (s: DesignerState) => !!s.definition && JSON.stringify(s.definition) !== s.saved;

function editSchema(edit: (schema: FormSchema) => FormSchema, select?: NodePath | null): void {
  const { definition, readOnly } = useDesigner.getState();
  if (!definition || readOnly) return;
  const schema = edit(definition.schema);
  useDesigner.setState({
    definition: { ...definition, schema },
    ...(select !== undefined ? { selected: select } : {}),
  });
}

/** The container a new field goes into: the selected container, the selected field's, or the root. */
export function targetContainer(schema: FormSchema, selected: NodePath | null): NodePath {
  if (!selected) return [];
  const node = getNode(schema, selected);
  if (node && isContainer(node) && !node['x-component']?.startsWith('FormCollapse')) return selected;
  if (node?.['x-component'] === 'FormCollapse') {
    const panel = Object.keys(node.properties ?? {})[0];
    return panel ? [...selected, panel] : [];
  }
  return selected.slice(0, -1);
}

/** Adds a palette entry at `index` of `container` (default: after the selection) and selects it. */
export function addFromPalette(id: string, container?: NodePath, index = -1): void {
  const item = paletteItem(id);
  const { definition, selected } = useDesigner.getState();
  if (!item || !definition) return;
  const schema = definition.schema;
  const into = container ?? targetContainer(schema, selected);
  let at = index;
  // Without a place given, a field goes right after the selected field of the same container.
  if (!container && selected && selected.length === into.length + 1) {
    const keys = Object.keys(getNode(schema, into)?.properties ?? {});
    at = keys.indexOf(selected[selected.length - 1]) + 1;
  }
  const used = new Set(allNames(schema));
  const unique = (base: string) => {
    let n = base;
    for (let i = 2; used.has(n); i++) n = `${base}_${i}`;
    used.add(n);
    return n;
  };
  const name = unique(item.name);
  editSchema((s) => insertNode(s, into, at, name, item.create(unique)), [...into, name]);
}

export function moveField(from: NodePath, container: NodePath, index: number): void {
  const key = from[from.length - 1];
  editSchema((s) => moveNode(s, from, container, index), [...container, key]);
}

export function removeField(path: NodePath): void {
  editSchema((s) => removeNode(s, path), null);
}

export function updateField(path: NodePath, update: (node: FormSchema) => void): void {
  editSchema((s) => updateNode(s, path, update));
}

/** Renames the selected field; a name its siblings use is refused (the panel says why). */
export function renameField(path: NodePath, name: string): void {
  const { definition } = useDesigner.getState();
  const next = [...path.slice(0, -1), name];
  if (!definition || !name || getNode(definition.schema, next)) return;
  editSchema((s) => renameNode(s, path, name), next);
}

export function updateDefinition(patch: Partial<Omit<FormDefinition, 'schema' | '$schema'>>): void {
  const { definition, readOnly } = useDesigner.getState();
  if (!definition || readOnly) return;
  useDesigner.setState({ definition: { ...definition, ...patch } });
}

export function select(path: NodePath | null): void {
  useDesigner.setState({ selected: path });
}

export function setProblems(problems: Problem[]): void {
  useDesigner.setState({ problems });
}
