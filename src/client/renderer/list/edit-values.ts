import { httpAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { apiOf, fillPath, pageApi } from '../definition/api';
import type { PageApis, PageForm } from '../definition/types';
import { resolveValues } from '../definition/values';
import { fieldNames } from '../form/field-names';

type Row = Record<string, unknown>;

function pick(row: Readonly<Row>, names: readonly string[]): Row {
  const out: Row = {};
  for (const n of names) if (row[n] !== undefined) out[n] = row[n];
  return out;
}

/** A list answer item as form text: objects give `pick`, lists are joined. */
function loadedValue(result: unknown, pickKey: string | undefined, join: string): unknown {
  if (Array.isArray(result)) {
    return result
      .map((item) => (pickKey && item && typeof item === 'object' ? (item as Row)[pickKey] : item))
      .filter((v) => v !== undefined && v !== null && v !== '')
      .map(String)
      .join(join);
  }
  if (pickKey && result && typeof result === 'object') return (result as Row)[pickKey];
  return result;
}

/**
 * The values an edit form starts from: the row's form fields (and key), the full record from
 * `queryById` when the definition asks, then each declared extra load (e.g. role ids of a user).
 */
export async function editValues(
  form: PageForm,
  apis: PageApis,
  row: Readonly<Row>,
  rowKey: string,
  code?: string,
): Promise<Row> {
  const names = [...fieldNames(form.schema), rowKey];
  let values = pick(row, names);
  const id = row[rowKey] === undefined ? '' : String(row[rowKey]);
  const byId = pageApi(apis, 'queryById');
  if (form.loadById && byId) {
    const { url, used } = fillPath(byId.url, { id, code });
    const res = await httpAction<Row>(url, used.has('id') ? {} : { id }, byId.method);
    if (!res.success || !res.result || typeof res.result !== 'object')
      throw new Error(res.message || t.renderer.form.loadFailed);
    values = { ...values, ...pick(res.result, names) };
  }
  for (const load of form.load ?? []) {
    const api = apiOf(load.api);
    if (!api) continue;
    const res = await httpAction<unknown>(
      fillPath(api.url, { id, code }).url,
      resolveValues(load.params, { row }),
      api.method,
    );
    if (!res.success) throw new Error(res.message || t.renderer.form.loadFailed);
    values[load.into] = loadedValue(res.result, load.pick, load.join ?? ',');
  }
  return values;
}

/** The values an edit sends: the record key plus the form, without the fields edits must not send. */
export function editPayload(form: PageForm, values: Row, row: Readonly<Row>, rowKey: string): Row {
  const out: Row = { ...values, [rowKey]: row[rowKey] };
  for (const name of form.omitOnEdit ?? []) delete out[name];
  return out;
}
