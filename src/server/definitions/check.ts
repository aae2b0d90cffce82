import path from 'node:path';
import { assembleDefinitions, DEFAULT_SCHEMAS_DIR, readDefinitionFiles, type Definitions } from './load.js';
import { crossReferenceProblems } from './cross-refs.js';
import { derivedPageProblems } from './derived-pages.js';
import { positionOf, type SourcePosition } from './json-locations.js';
import { statProblems } from './stat-problems.js';
import { ajvProblems, loadMetaSchemas, type DefinitionProblem } from './meta-validation.js';
import { dashboardProblems } from './dashboard-refs.js';
import { seedProblems } from './seed-problems.js';
import { formFileProblems } from './form-problems.js';

export type { DefinitionProblem };

export interface CheckResult {
  /** The definitions of the files that passed; complete only when there are no problems. */
  defs: Definitions;
  problems: DefinitionProblem[];
}

/** `schemas/pages/x.json:41:11: /columns/3/dict: 字典 "foo" 不存在` (file:line:column, as editors link it). */
export const formatProblem = (p: DefinitionProblem) =>
  `${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''}: ${p.pointer || '/'}: ${p.message}`;

/** Thrown when definitions are invalid; its message lists every problem, one per line. */
export class DefinitionsError extends Error {
  constructor(readonly problems: DefinitionProblem[]) {
    super(`定义文件有 ${problems.length} 处错误：\n${problems.map(formatProblem).join('\n')}`);
  }
}

/**
 * Validates every file under `root` against its meta-schema (`<metaDir>/<kind>.schema.json`, ajv with all
 * errors), then checks the names that must exist across files (cross-refs.ts). Used by
 * `npm run schemas:check`, by the server at start and by the development reload.
 */
export function checkDefinitions(root = DEFAULT_SCHEMAS_DIR, opts: { metaDir?: string } = {}): CheckResult {
  const metaDir = opts.metaDir ?? path.join(root, 'meta');
  const meta = loadMetaSchemas(metaDir);
  const show = (file: string) => path.relative(process.cwd(), file) || file;
  const problems: DefinitionProblem[] = [];
  const files = readDefinitionFiles(root);
  const valid = files.filter((f) => {
    const file = show(f.file);
    if (f.parseError) {
      problems.push({ file, pointer: '', message: `不是有效的 JSON：${f.parseError}`, ...f.parsePosition });
      return false;
    }
    // A duplicate key is refused, but the file still takes part in the cross-checks with the value JSON.parse
    // would keep, so the report names the duplicate, not every reference to the file's contents.
    for (const d of f.duplicates ?? [])
      problems.push({
        file,
        pointer: d.pointer,
        message: `属性 "${d.key}" 重复（第 ${d.first.line} 行第 ${d.first.column} 列已有；JSON 只会保留最后一个）`,
        line: d.line,
        column: d.column,
      });
    // Relative to the file: ../meta/… at the top level, ../../../meta/… in a module's folder.
    const metaRel = path.relative(path.dirname(f.file), path.join(root, 'meta')).split(path.sep).join('/');
    const expected = `${metaRel}/${f.kind}.schema.json`;
    const declared = (f.data as { $schema?: unknown } | null)?.$schema;
    const own: DefinitionProblem[] = [];
    if (declared !== expected)
      own.push({ file, pointer: '/$schema', message: `"$schema" 应为 "${expected}"` });
    const validate = meta.validator(f.kind);
    if (typeof validate === 'string') own.push({ file, pointer: '', message: validate });
    else if (!validate(f.data))
      own.push(...ajvProblems(file, validate.errors).filter((p) => p.pointer !== '/$schema'));
    problems.push(...own);
    return own.length === 0;
  });
  const defs = assembleDefinitions(root, valid);
  problems.push(...crossReferenceProblems(valid, defs, meta, show));
  problems.push(...statProblems(valid, defs, show));
  problems.push(...dashboardProblems(valid, defs, show));
  problems.push(...seedProblems(valid, defs, show));
  problems.push(...formFileProblems(valid, defs, meta, show));
  problems.push(...derivedPageProblems(valid, defs.entities, show));
  locate(problems, new Map(files.map((f) => [show(f.file), f.positions])));
  // Grouped by file (stable: each file's problems keep their order).
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { defs, problems };
}

/**
 * Gives each problem the line:column of its pointer (duplicates and syntax errors come with their own);
 * a pointer that names a missing property points at its nearest existing parent.
 */
function locate(problems: DefinitionProblem[], byFile: Map<string, Map<string, SourcePosition> | undefined>) {
  for (const p of problems) {
    if (p.line) continue;
    const found = byFile.get(p.file);
    const pos = found && positionOf(found, p.pointer);
    if (pos) Object.assign(p, pos);
  }
}

/** The checked definitions, or a DefinitionsError naming every problem (server start refuses to go on). */
export function loadCheckedDefinitions(
  root = DEFAULT_SCHEMAS_DIR,
  opts: { metaDir?: string } = {},
): Definitions {
  const { defs, problems } = checkDefinitions(root, opts);
  if (problems.length) throw new DefinitionsError(problems);
  return defs;
}
