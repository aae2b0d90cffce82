import { getAction } from '../../api';

/** One choice of a ref field: the target row's id and its display text. */
export interface RefOption {
  value: string;
  label: string;
}

export interface RefPage {
  options: RefOption[];
  total: number;
}

/** Rows per page of the picker (the server allows at most 50). */
export const REF_PAGE_SIZE = 20;

/** `GET /online/cgform/api/refOptions/<entity>/<field>`: the target rows the caller may pick. */
export const refOptionsUrl = (entity: string, field: string) =>
  `/online/cgform/api/refOptions/${encodeURIComponent(entity)}/${encodeURIComponent(field)}`;

async function fetchRefs(
  entity: string,
  field: string,
  params: Record<string, string | number>,
): Promise<RefPage | null> {
  const res = await getAction<{ records: Array<{ value: string; text: string }>; total: number }>(
    refOptionsUrl(entity, field),
    params,
  );
  if (!res.success || !res.result) return null;
  return {
    options: res.result.records.map((r) => ({ value: String(r.value), label: String(r.text ?? '') })),
    total: Number(res.result.total) || 0,
  };
}

/** One page of choices matching the keyword (display and search fields on the server). */
export const searchRefs = (entity: string, field: string, keyword: string, pageNo: number) =>
  fetchRefs(entity, field, { ...(keyword ? { keyword } : {}), pageNo, pageSize: REF_PAGE_SIZE });

/** The choices for stored ids (an edit form's current value, a query form's filter). */
export const resolveRefs = async (entity: string, field: string, ids: string[]) =>
  ids.length ? ((await fetchRefs(entity, field, { ids: ids.join(',') }))?.options ?? []) : [];

/** One row of a tree target (EntityTree): its id, display text and parent's id. */
export interface RefTreeOption extends RefOption {
  parent: string | null;
}

/** The whole tree of a tree target (`tree=true`: up to 1000 rows, each with its parent). */
export async function treeRefs(entity: string, field: string): Promise<RefTreeOption[]> {
  const res = await getAction<{ records: Array<{ value: string; text: string; parent?: string | null }> }>(
    refOptionsUrl(entity, field),
    { tree: 'true' },
  );
  if (!res.success || !res.result) return [];
  return res.result.records.map((r) => ({
    value: String(r.value),
    label: String(r.text ?? ''),
    parent: r.parent === null || r.parent === undefined ? null : String(r.parent),
  }));
}
