import type { EntityDefinition, PageDefinition } from '../../shared/schema-types.js';
import { childEntities, pageField } from '../../shared/page-derive/fields.js';
import type { DefinitionFile } from './load.js';
import type { DefinitionProblem } from './meta-validation.js';

/**
 * An entity page's overrides may only name what the entity has: its fields (and the audit columns for
 * columns and query), its child tables for form fields. A name it lacks would silently do nothing, so
 * schemas:check reports it at its pointer.
 */
export function derivedPageProblems(
  files: DefinitionFile[],
  entities: readonly EntityDefinition[],
  show: (file: string) => string,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  for (const f of files) {
    if (f.kind !== 'page') continue;
    const page = f.data as PageDefinition;
    const entity = entities.find((e) => e.code === page.entity);
    const o = page.overrides;
    if (!entity || !o) continue;
    const file = show(f.file);
    const missing = (pointer: string, name: string) =>
      problems.push({ file, pointer, message: `实体 ${entity.code} 没有字段 "${name}"` });
    const check = (pointer: string, name: string) => {
      if (!pageField(entity, name)) missing(pointer, name);
    };
    o.columns?.forEach((c, i) =>
      typeof c === 'string'
        ? check(`/overrides/columns/${i}`, c)
        : check(`/overrides/columns/${i}/dataIndex`, c.dataIndex),
    );
    o.query?.forEach((q, i) =>
      typeof q === 'string' ? check(`/overrides/query/${i}`, q) : check(`/overrides/query/${i}/name`, q.name),
    );
    o.order?.forEach((n, i) => check(`/overrides/order/${i}`, n));
    o.hide?.forEach((n, i) => check(`/overrides/hide/${i}`, n));
    const formNames = new Set([
      ...entity.fields.map((x) => x.name),
      ...childEntities(entity, entities).map((c) => c.code),
    ]);
    for (const name of Object.keys(o.form?.fields ?? {}))
      if (!formNames.has(name))
        missing(`/overrides/form/fields/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`, name);
    // A part given in full replaces the derived one, so overrides of it would silently do nothing.
    for (const part of ['columns', 'query', 'form'] as const)
      if (page[part] !== undefined && o[part] !== undefined)
        problems.push({
          file,
          pointer: `/overrides/${part}`,
          message: `页面已完整给出 ${part}，overrides.${part} 不会生效（二选一）`,
        });
    const validator = o.form?.validator;
    if (validator && !entities.some((e) => e.code === validator))
      problems.push({
        file,
        pointer: '/overrides/form/validator',
        message: `没有名为 "${validator}" 的预编译校验器（应为实体编码）`,
      });
  }
  return problems;
}
