/** The console routes of audited data changes (issue 16 §3); messages and menus point at them. */
export const DATA_APPLY_PAGES = [
  'dataApply',
  'dataApplyAudit',
  'applyAudit',
  'applyDetails',
  'applyAdd',
  'dataHandleApply',
  'applyDel',
  'applyMergeList',
  'applyMerge',
  'dataDetails',
] as const;
export type DataApplyPage = (typeof DATA_APPLY_PAGES)[number];

/** The address of one of those pages with its query (empty values left out). */
export function applyPath(page: DataApplyPage, query: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) q.set(k, v);
  const s = q.toString();
  return `/dynamicForm/${page}${s ? `?${s}` : ''}`;
}
