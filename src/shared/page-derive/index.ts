/**
 * One statement per field: an entity page (`entity` set) gets every part it leaves out derived from the
 * entity's fields — api, columns, query form, super query, toolbar, row actions, add/edit form, detail —
 * with `overrides` applied (page.schema.json PageOverrides). Parts given in full are kept. The server runs
 * this when it loads the definitions, so GET /sys/schema/page answers a complete page.
 */
import type { EntityDefinition, PageApis, PageDefinition, PageToolbar, RowActions } from '../schema-types.js';
import { deriveApi, deriveRowActions, deriveToolbar } from './actions.js';
import { deriveColumns } from './columns.js';
import { deriveDetail } from './detail.js';
import { deriveForm } from './form.js';
import { deriveQuery } from './query.js';
import { deriveSuperQuery } from './super-query.js';

/** A page as served: the api is always there (given, or derived from the entity). */
export type ServedPage = Omit<PageDefinition, 'api' | 'overrides'> & { api: PageApis };

/** The complete page of a definition; a page without an (existing) entity is returned as written. */
export function derivePage(page: PageDefinition, entities: readonly EntityDefinition[]): ServedPage {
  const { overrides = {}, ...rest } = page;
  const entity = page.entity ? entities.find((e) => e.code === page.entity) : undefined;
  if (!entity) return { ...rest, api: page.api ?? {} };
  const hide = overrides.hide ?? [];
  const sort = entity.defaultSort && { column: entity.defaultSort.field, order: entity.defaultSort.order };
  const list = sort || page.list ? { ...(sort ? { sort } : {}), ...page.list } : undefined;
  // A tree entity's list shows its rows nested under their parents (EntityTree).
  const tree = page.tree ?? (entity.tree ? { parentField: entity.tree.field, nest: true } : undefined);
  const query = page.query ?? deriveQuery(entity, overrides.query, hide, entities);
  return {
    ...rest,
    permissionPrefix: page.permissionPrefix ?? `${entity.code}:`,
    api: { ...deriveApi(entity.code), ...page.api },
    ...(list ? { list } : {}),
    ...(tree ? { tree } : {}),
    ...(query ? { query } : {}),
    columns: page.columns ?? deriveColumns(entity, overrides.columns, overrides.order, hide, entities),
    toolbar: toolbar(page.toolbar, entity, hide),
    rowActions: rowActions(entity, page.rowActions),
    // A form given in full (it always has its schema) is kept; otherwise derived with overrides.form.
    form: page.form ?? deriveForm(entity, entities, overrides.form),
    detail: page.detail?.fields ? page.detail : { ...deriveDetail(entity, hide), ...page.detail },
  };
}

/** Given row action keys win, except that a page's custom actions come after the derived transitions. */
function rowActions(entity: EntityDefinition, given: RowActions | undefined): RowActions {
  const derived = deriveRowActions(entity);
  const custom = [...(derived.custom ?? []), ...(given?.custom ?? [])];
  return { ...derived, ...given, ...(custom.length ? { custom } : {}) };
}

/** Given toolbar keys win (a page's custom buttons come after the derived ones); the super query gets the derived fields unless it lists its own or is off. */
function toolbar(
  given: PageToolbar | undefined,
  entity: EntityDefinition,
  hide: readonly string[],
): PageToolbar {
  const sq = given?.superQuery;
  const superQuery =
    sq === false
      ? false
      : typeof sq === 'object' && sq.fields
        ? sq
        : { ...(typeof sq === 'object' ? sq : {}), fields: deriveSuperQuery(entity, hide) };
  const derived = deriveToolbar(entity);
  const custom = [...(derived.custom ?? []), ...(given?.custom ?? [])];
  return { ...derived, ...given, ...(custom.length ? { custom } : {}), superQuery };
}

/** Every page completed from its entity (the definitions as the server keeps them). */
export const derivePages = (pages: readonly PageDefinition[], entities: readonly EntityDefinition[]) =>
  pages.map((p) => derivePage(p, entities));
