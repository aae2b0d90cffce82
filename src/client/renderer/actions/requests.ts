import type { Envelope } from '../../../shared/envelope';
import { downloadFile, httpAction } from '../../api';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { apiOf, fillPath, pageApi, type ResolvedApi } from '../definition/api';
import type { PageAction, PageApis } from '../definition/types';
import { resolveValues, type ValueContext } from '../definition/values';
import type { ExportChoice } from '../list/Toolbar';

type Row = Readonly<Record<string, unknown>>;

/**
 * Calls an API with values: GET and DELETE send them as query parameters, the others as a JSON
 * body. `{id}`/`{ids}`/`{code}` in the path are filled, and then not repeated in the query.
 */
export function callApi<T = unknown>(
  api: ResolvedApi,
  values: Record<string, unknown>,
  path: { id?: string; ids?: string; code?: string } = {},
): Promise<Envelope<T>> {
  const { url, used } = fillPath(api.url, path);
  const data = { ...values };
  for (const key of used) if (data[key] === path[key]) delete data[key];
  return httpAction<T>(url, data, api.method);
}

/** Tells the user how a mutation went; true when it succeeded. */
export function report(res: Envelope<unknown>, fallback: string): boolean {
  if (res.success) feedback().message.success(res.message || fallback);
  else feedback().message.warning(res.message || t.common.failed);
  return res.success;
}

const idOf = (row: Row, rowKey: string) =>
  row[rowKey] === undefined || row[rowKey] === null ? '' : String(row[rowKey]);

/** Deletes one row through `delete` (`?id=`); says so when the definition has no delete URL. */
export async function deleteRow(apis: PageApis, row: Row, rowKey: string, code?: string): Promise<boolean> {
  const api = pageApi(apis, 'delete');
  if (!api) {
    feedback().message.error(t.renderer.config.deleteUrlMissing);
    return false;
  }
  const id = idOf(row, rowKey);
  return report(await callApi(api, { id }, { id, code }), t.renderer.messages.deleted);
}

/** Deletes the selected rows through `deleteBatch` (`?ids=a,b`). */
export async function deleteRows(
  apis: PageApis,
  rows: readonly Row[],
  rowKey: string,
  code?: string,
): Promise<boolean> {
  const api = pageApi(apis, 'deleteBatch');
  if (!api) {
    feedback().message.error(t.renderer.config.deleteBatchUrlMissing);
    return false;
  }
  const ids = rows.map((r) => idOf(r, rowKey)).join(',');
  return report(await callApi(api, { ids }, { ids, code }), t.renderer.messages.deleted);
}

/**
 * Downloads `exportXls` with the list's current filters (no paging), or only the selected rows as
 * `selections` (protocol.md §9).
 */
export async function exportList(
  apis: PageApis,
  listParams: Record<string, unknown>,
  selectedIds: readonly string[],
  fileName: string,
  code?: string,
  /** An analysis export's format and option values (Toolbar's choices); the default is Excel with texts. */
  choice?: ExportChoice,
): Promise<boolean> {
  const api = pageApi(apis, 'exportXls');
  if (!api) {
    feedback().message.error(t.renderer.config.exportUrlMissing);
    return false;
  }
  const { pageNo: _p, pageSize: _s, ...filters } = listParams;
  const { url } = fillPath(api.url, { code });
  const M = t.renderer.messages;
  return downloadFile(url, `${fileName}${choice?.format === 'csv' ? M.csvFileSuffix : M.exportFileSuffix}`, {
    ...filters,
    selections: selectedIds.length ? selectedIds.join(',') : undefined,
    ...(choice ? { format: choice.format, formValues: choice.formValues } : {}),
  }).catch(() => false);
}

/** Runs a request action: its `params` go in the query, its `body` as JSON (by method). */
export async function runRequestAction(
  action: PageAction,
  ctx: ValueContext,
  rowKey: string,
  extra: Record<string, unknown> = {},
): Promise<boolean> {
  const api = apiOf(action.api, 'post');
  if (!api) return false;
  const values = { ...resolveValues(action.params, ctx), ...resolveValues(action.body, ctx), ...extra };
  const id = ctx.row ? idOf(ctx.row, rowKey) : undefined;
  const ids = ctx.selected?.map((r) => idOf(r, rowKey)).join(',');
  return report(await callApi(api, values, { id, ids, code: ctx.route?.code }), t.common.success);
}
