import type { Envelope } from '../../../shared/envelope';
import type { RecordTab } from '../../../shared/schema-types';
import { httpAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { fillPath, pageApi } from '../definition/api';
import type { PageDefinition } from '../definition/types';
import { detailItems, type DetailItem } from '../detail/DetailView';

type Row = Record<string, unknown>;

/** Header fields shown when a record page names none. */
export const DEFAULT_HEADER_FIELDS = 4;

/** What opening a record gives: the row, or why there is none to show. */
export type RecordAnswer = { kind: 'ok'; row: Row } | { kind: 'forbidden' } | { kind: 'notFound' };

/** No-permission result code of the protocol (an envelope, not an HTTP status). */
const NO_PERMISSION = 510;

/**
 * The record through the page's queryById, so the entity's scope and masking apply. The server answers
 * an id outside the caller's scope as not found, which is what the user is told.
 */
export async function loadRecord(page: PageDefinition, id: string, routeCode?: string): Promise<RecordAnswer> {
  const api = pageApi(page.api, 'queryById');
  if (!api) throw new Error(t.renderer.config.queryByIdUrlMissing);
  const filled = fillPath(api.url, { id, code: routeCode ?? page.entity });
  const res: Envelope<Row> = await httpAction<Row>(filled.url, filled.used.has('id') ? {} : { id }, api.method);
  if (res.success && res.result) return { kind: 'ok', row: res.result };
  return res.code === NO_PERMISSION ? { kind: 'forbidden' } : { kind: 'notFound' };
}

/** The header card's fields: the named ones in their order (detail labels, formats), else the first few. */
export function headerItems(page: PageDefinition): DetailItem[] {
  const all = detailItems(page.detail, page.columns ?? []);
  const names = page.record?.header;
  if (!names?.length) return all.slice(0, DEFAULT_HEADER_FIELDS);
  return names.flatMap((n) => all.filter((i) => i.name === n));
}

/**
 * A related entity's list page made compact for a tab: the tab's columns in its order (else all), its
 * sort, no query form, super query, import or export; 新增 and the row actions stay (gated as usual).
 */
export function compactPage(page: PageDefinition, tab: RecordTab): PageDefinition {
  const columns = tab.columns?.length
    ? tab.columns.flatMap((n) => (page.columns ?? []).filter((c) => c.dataIndex === n))
    : page.columns;
  const sort = tab.sort ? { column: tab.sort.column, order: tab.sort.order ?? 'desc' } : page.list?.sort;
  return {
    ...page,
    kind: 'list',
    columns,
    query: undefined,
    list: { ...page.list, ...(sort ? { sort } : {}), selection: false },
    toolbar: { ...page.toolbar, batchDelete: false, export: false, import: false, superQuery: false },
  };
}

/** Whether the page's form edits `field` with the image upload (else it is a file list). */
export function isImageField(page: PageDefinition, field: string): boolean {
  const walk = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    const props = (node as { properties?: Record<string, unknown> }).properties ?? {};
    for (const [name, child] of Object.entries(props)) {
      if (name === field) return (child as Record<string, unknown>)['x-component'] === 'JImageUpload';
      if (walk(child)) return true;
    }
    return false;
  };
  return walk(page.form?.schema);
}
