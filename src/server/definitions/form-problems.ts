/**
 * Checks of a case-report form definition (schemas/meta/form.schema.json) that its meta-schema cannot see: the
 * root is an object with properties, field names are unique in the whole form, the schema nodes name registered
 * widgets and existing dictionaries (the checks page forms get), and linkage names fields of the form.
 * `checkFormDefinition` is the one check of a single form: schemas:check and the stored-form routes both use it,
 * so the designer shows exactly the messages the command line prints.
 */
import path from 'node:path';
import type {
  Condition,
  FormDefinition,
  FormReaction,
  FormSchema,
  MenuDef,
} from '../../shared/schema-types.js';
import { FORM_SCHEMA_REF, formDataFields } from '../../shared/form-fields.js';
import type { DefinitionFile, Definitions } from './load.js';
import {
  ajvProblems,
  loadMetaSchemas,
  pointerOf,
  type DefinitionProblem,
  type MetaSchemas,
} from './meta-validation.js';
import { pageReferenceProblems, reportColumnsOf, type PageContext } from './page-references.js';
import { schemaNodeChecker, type Add } from './schema-nodes.js';

/** What page checks need to know of the other definitions, read from the assembled definitions. */
export function definitionContext(defs: Definitions): PageContext {
  const perms = new Set<string>();
  const walkMenus = (menus: MenuDef[]) =>
    menus.forEach((m) => {
      for (const b of m.buttons ?? []) perms.add(b.perms);
      walkMenus(m.children ?? []);
    });
  walkMenus(defs.menus);
  return {
    entities: new Set(defs.entities.map((e) => e.code)),
    entityFields: new Map(defs.entities.map((e) => [e.code, e.fields.map((f) => f.name)])),
    reportColumns: reportColumnsOf(defs.reports),
    perms,
  };
}

/** The field names a condition reads (`field`, `valueField`; a path reads its first segment). */
function conditionFields(c: Condition, at: string, out: Array<[string, string]>) {
  if ('all' in c) c.all.forEach((x, i) => conditionFields(x, `${at}/all/${i}`, out));
  else if ('any' in c) c.any.forEach((x, i) => conditionFields(x, `${at}/any/${i}`, out));
  else if ('not' in c) conditionFields(c.not, `${at}/not`, out);
  else {
    out.push([c.field, `${at}/field`]);
    if (c.valueField !== undefined) out.push([c.valueField, `${at}/valueField`]);
  }
}

/** Linkage must read fields of the form; inside a child table also the columns of its row. */
function reactionProblems(node: FormSchema, pointer: string, names: ReadonlySet<string>, add: Add) {
  const reactions = node['x-reactions'];
  const list: FormReaction[] = Array.isArray(reactions) ? reactions : reactions ? [reactions] : [];
  list.forEach((r, i) => {
    const at = Array.isArray(reactions) ? `${pointer}/x-reactions/${i}` : `${pointer}/x-reactions`;
    const read: Array<[string, string]> = [];
    (r.dependencies ?? []).forEach((d, j) => read.push([d, `${at}/dependencies/${j}`]));
    conditionFields(r.when, `${at}/when`, read);
    for (const [name, ptr] of read) if (!names.has(name.split('.')[0])) add(ptr, `字段 "${name}" 不在表单中`);
  });
  for (const [key, child] of Object.entries(node.properties ?? {}))
    reactionProblems(child, `${pointer}/properties${pointerOf(key)}`, names, add);
  if (node.items) {
    const row = new Set([...names, ...formDataFields(node.items).map((f) => f.name)]);
    reactionProblems(node.items, `${pointer}/items`, row, add);
  }
}

/**
 * The checks of one form that passed its meta-schema, against the other definitions. `checkNodes` is the
 * shared schema-node checker of the whole check (see schema-nodes.ts).
 */
export function formProblems(
  form: FormDefinition,
  ctx: PageContext,
  checkNodes: (value: unknown, add: Add) => void,
  add: Add,
) {
  const root = form.schema;
  if (root.type !== 'object') add('/schema/type', '表单的根节点应为 "type": "object"');
  if (!root.properties) add('/schema', '表单的根节点缺少 properties（表单的字段）');
  const fields = formDataFields(root);
  if (root.properties && fields.length === 0) add('/schema/properties', '表单没有任何数据字段');
  const seen = new Map<string, string>();
  for (const f of fields) {
    const first = seen.get(f.name);
    if (first) add(`/schema${f.path}`, `字段名 "${f.name}" 重复（已在 /schema${first} 定义）`);
    else seen.set(f.name, f.path);
  }
  checkNodes(form, add);
  pageReferenceProblems(form, ctx, add);
  reactionProblems(root, '/schema', new Set(fields.map((f) => f.name)), add);
}

/** The cross-checks of the form files of a definitions check (file name, codes unique across files, each form). */
export function formFileProblems(
  files: DefinitionFile[],
  defs: Definitions,
  meta: MetaSchemas,
  show: (file: string) => string,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const ctx = definitionContext(defs);
  const checkNodes = schemaNodeChecker(defs, meta, ctx);
  const seen = new Map<string, string>();
  for (const f of files.filter((x) => x.kind === 'form')) {
    const file = show(f.file);
    const form = f.data as FormDefinition;
    const add: Add = (pointer, message) => problems.push({ file, pointer, message });
    if (path.basename(f.file, '.json') !== form.code) add('/code', `文件名应为 ${form.code}.json`);
    const first = seen.get(form.code);
    if (first) add('/code', `表单编码 "${form.code}" 重复（已在 ${first} 的 /code 定义）`);
    else seen.set(form.code, file);
    formProblems(form, ctx, checkNodes, add);
  }
  return problems;
}

/**
 * The problems `npm run schemas:check` would report for `data` saved as schemas/forms/<code>.json: the
 * meta-schema (the same ajv over the loaded meta-schemas), then the cross-checks. Pointers are into `data`.
 */
export function checkFormDefinition(data: unknown, defs: Definitions): DefinitionProblem[] {
  const meta = loadMetaSchemas(path.join(defs.root, 'meta'));
  const code = (data as { code?: unknown } | null)?.code;
  const file = path.join('schemas', 'forms', `${typeof code === 'string' && code ? code : 'form'}.json`);
  const problems: DefinitionProblem[] = [];
  const declared = (data as { $schema?: unknown } | null)?.$schema;
  if (declared !== FORM_SCHEMA_REF)
    problems.push({ file, pointer: '/$schema', message: `"$schema" 应为 "${FORM_SCHEMA_REF}"` });
  const validate = meta.validator('form');
  if (typeof validate === 'string') return [...problems, { file, pointer: '', message: validate }];
  if (!validate(data))
    return [...problems, ...ajvProblems(file, validate.errors).filter((p) => p.pointer !== '/$schema')];
  if (problems.length) return problems;
  const ctx = definitionContext(defs);
  formProblems(data as FormDefinition, ctx, schemaNodeChecker(defs, meta, ctx), (pointer, message) =>
    problems.push({ file, pointer, message }),
  );
  return problems;
}
