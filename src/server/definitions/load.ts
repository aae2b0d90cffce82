import fs from 'node:fs';
import path from 'node:path';
import type { MenuDef } from '../db/menu-sync.js';

export interface DictDef {
  code: string;
  name: string;
  description?: string;
  type?: 0 | 1;
  items: Array<{ value: string; text: string; description?: string; status?: 0 | 1 }>;
}

/** A table readable through table dictionaries (`table,text,code[,filter]`), with its allowed columns. */
export interface TableDictDef {
  table: string;
  columns: string[];
  tenant?: boolean;
}

export interface TreeTableDef {
  table: string;
  columns: string[];
  pidField: string;
  hasChildField?: string;
}

export interface DuplicateCheckDef {
  table: string;
  fields: string[];
}

/** Everything the server reads from `schemas/`; other definition kinds are added by their loaders. */
export interface Definitions {
  root: string;
  menus: MenuDef[];
  dicts: DictDef[];
  tableDicts: TableDictDef[];
  treeTables: TreeTableDef[];
  duplicateChecks: DuplicateCheckDef[];
}

export const DEFAULT_SCHEMAS_DIR = path.resolve('schemas');

export function readJsonFiles(dir: string): Array<{ file: string; data: unknown }> {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      return { file, data: JSON.parse(fs.readFileSync(file, 'utf8')) as unknown };
    });
}

export function loadDefinitions(root = DEFAULT_SCHEMAS_DIR): Definitions {
  const defs: Definitions = { root, menus: [], dicts: [], tableDicts: [], treeTables: [], duplicateChecks: [] };
  for (const { data } of readJsonFiles(path.join(root, 'menus'))) {
    defs.menus.push(...((data as { menus?: MenuDef[] }).menus ?? []));
  }
  for (const { data } of readJsonFiles(path.join(root, 'dicts'))) {
    const d = data as Partial<Pick<Definitions, 'dicts' | 'tableDicts' | 'treeTables' | 'duplicateChecks'>>;
    defs.dicts.push(...(d.dicts ?? []));
    defs.tableDicts.push(...(d.tableDicts ?? []));
    defs.treeTables.push(...(d.treeTables ?? []));
    defs.duplicateChecks.push(...(d.duplicateChecks ?? []));
  }
  return defs;
}
