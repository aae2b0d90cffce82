import { httpAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { apiOf } from '../definition/api';
import type { ApiRef } from '../definition/types';

type Row = Record<string, unknown>;

export interface BinPage {
  records: Row[];
  total: number;
}

/**
 * One page of a recycle bin. The list answers a page (`{records, total}`, like the user bin) or a
 * plain array (like the original's dictionary bin), which is then paged here.
 */
export async function loadBin(ref: ApiRef, pageNo: number, pageSize: number): Promise<BinPage> {
  const api = apiOf(ref, 'get');
  if (!api) throw new Error(t.renderer.config.listUrlMissing);
  const res = await httpAction<Row[] | { records?: Row[]; total?: number }>(
    api.url,
    { pageNo, pageSize },
    api.method,
  );
  if (!res.success) throw new Error(res.message || t.recycle.loadFailed);
  const result = res.result;
  if (Array.isArray(result))
    return { records: result.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: result.length };
  const records = Array.isArray(result?.records) ? result.records : [];
  return { records, total: Number(result?.total ?? records.length) };
}
