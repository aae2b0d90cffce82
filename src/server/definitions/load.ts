import fs from 'node:fs';
import path from 'node:path';
import {
  JsonSyntaxError,
  parseJsonWithLocations,
  type LocatedJson,
  type SourcePosition,
} from './json-locations.js';
import type {
  DashboardDefinition,
  DictDef as DictDefinition,
  DictFile,
  DuplicateCheckDef as DuplicateCheckDefinition,
  EntityDefinition,
  FormDefinition,
  MenuDef,
  MenuFile,
  PageDefinition,
  ReportDefinition,
  SeedDefinition,
  StatDefinition,
  TableDictDef as TableDictDefinition,
  TreeTableDef as TreeTableDefinition,
} from '../../shared/schema-types.js';
import { derivePages, type ServedPage } from '../../shared/page-derive/index.js';

/* The definition types are generated from schemas/meta (src/shared/schema-types.ts); these names stay for callers. */
export type DictDef = DictDefinition;
/** A table readable through table dictionaries (`table,text,code[,filter]`), with its allowed columns. */
export type TableDictDef = TableDictDefinition;
export type TreeTableDef = TreeTableDefinition;
export type DuplicateCheckDef = DuplicateCheckDefinition;

/** Everything the server reads from `schemas/`, validated by definitions/check.ts. */
export interface Definitions {
  root: string;
  menus: MenuDef[];
  dicts: DictDef[];
  tableDicts: TableDictDef[];
  treeTables: TreeTableDef[];
  duplicateChecks: DuplicateCheckDef[];
  entities: EntityDefinition[];
  /** Complete pages: an entity page's left-out parts derived from its entity (src/shared/page-derive). */
  pages: ServedPage[];
  reports: ReportDefinition[];
  /** Aggregate queries (schemas/stats), served by /sys/stats. */
  stats: StatDefinition[];
  dashboards: DashboardDefinition[];
  /** Demo business stories (schemas/<module>/seeds), played once when demo data is seeded. */
  seeds: SeedDefinition[];
  /** Case-report forms kept as files (schemas/forms, a module's forms/); stored forms live in sys_form. */
  forms: FormDefinition[];
}

export const DEFAULT_SCHEMAS_DIR = path.resolve('schemas');

/** The definition folders and the meta-schema (schemas/meta/<kind>.schema.json) of each. */
export const DEFINITION_KINDS = {
  entities: 'entity',
  pages: 'page',
  reports: 'report',
  menus: 'menu',
  dicts: 'dict',
  stats: 'stat',
  dashboards: 'dashboard',
  seeds: 'seed',
  forms: 'form',
} as const;
export type DefinitionFolder = keyof typeof DEFINITION_KINDS;
export type DefinitionKind = (typeof DEFINITION_KINDS)[DefinitionFolder];

/** One JSON file as read: its data with where each value is, or why (and where) it could not be parsed. */
export interface JsonFile extends Partial<Omit<LocatedJson, 'data'>> {
  /** Absolute path. */
  file: string;
  data: unknown;
  parseError?: string;
  /** Where the syntax error is. */
  parsePosition?: SourcePosition;
}

/** One definition file as read. */
export interface DefinitionFile extends JsonFile {
  folder: DefinitionFolder;
  kind: DefinitionKind;
}

export function readJsonFiles(dir: string): JsonFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const file = path.join(dir, f);
      try {
        return { file, ...parseJsonWithLocations(fs.readFileSync(file, 'utf8')) };
      } catch (err) {
        if (err instanceof JsonSyntaxError)
          return { file, data: undefined, parseError: err.reason, parsePosition: err.position };
        return { file, data: undefined, parseError: err instanceof Error ? err.message : String(err) };
      }
    });
}

/** Business modules keep all their definitions in one folder: schemas/modules/<module>/<kind folder>/. */
export const MODULES_DIR = 'modules';

/** The folders definitions are read from: the root itself, then each module's folder in name order. */
export function definitionRoots(root: string): string[] {
  const modules = path.join(root, MODULES_DIR);
  if (!fs.existsSync(modules)) return [root];
  return [
    root,
    ...fs
      .readdirSync(modules, { withFileTypes: true })
      .filter((d) => d.isDirectory() && /^[a-z][a-z0-9_-]{0,62}$/.test(d.name))
      .map((d) => path.join(modules, d.name))
      .sort(),
  ];
}

/** Every definition file under the root and its modules, folder by folder, in file-name order. */
export function readDefinitionFiles(root: string): DefinitionFile[] {
  return (Object.keys(DEFINITION_KINDS) as DefinitionFolder[]).flatMap((folder) =>
    definitionRoots(root).flatMap((dir) =>
      readJsonFiles(path.join(dir, folder)).map((f) => ({ folder, kind: DEFINITION_KINDS[folder], ...f })),
    ),
  );
}

/** Puts the files' contents together; the files are assumed valid (check.ts validates them first). */
export function assembleDefinitions(root: string, files: DefinitionFile[]): Definitions {
  const pages: PageDefinition[] = [];
  const defs: Definitions = {
    root,
    menus: [],
    dicts: [],
    tableDicts: [],
    treeTables: [],
    duplicateChecks: [],
    entities: [],
    pages: [],
    reports: [],
    stats: [],
    dashboards: [],
    seeds: [],
    forms: [],
  };
  for (const { kind, data, file, parseError, parsePosition } of files) {
    if (parseError)
      throw new Error(
        `${file}${parsePosition ? `:${parsePosition.line}:${parsePosition.column}` : ''}: ${parseError}`,
      );
    switch (kind) {
      case 'menu':
        defs.menus.push(...(data as MenuFile).menus);
        break;
      case 'dict': {
        const d = data as DictFile;
        defs.dicts.push(...(d.dicts ?? []));
        defs.tableDicts.push(...(d.tableDicts ?? []));
        defs.treeTables.push(...(d.treeTables ?? []));
        defs.duplicateChecks.push(...(d.duplicateChecks ?? []));
        break;
      }
      case 'entity':
        defs.entities.push(data as EntityDefinition);
        break;
      case 'page':
        pages.push(data as PageDefinition);
        break;
      case 'report':
        defs.reports.push(data as ReportDefinition);
        break;
      case 'stat':
        defs.stats.push(data as StatDefinition);
        break;
      case 'dashboard':
        defs.dashboards.push(data as DashboardDefinition);
        break;
      case 'seed':
        defs.seeds.push(data as SeedDefinition);
        break;
      case 'form':
        defs.forms.push(data as FormDefinition);
        break;
    }
  }
  defs.pages = derivePages(pages, defs.entities);
  return defs;
}

/** Reads the definitions without validating them (tests and tools that build their own). */
export function loadDefinitions(root = DEFAULT_SCHEMAS_DIR): Definitions {
  return assembleDefinitions(root, readDefinitionFiles(root));
}
