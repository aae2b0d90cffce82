/** China area data (root '86'; province → city → county), loaded once on first use. */
export const AREA_ROOT = '86';
export type AreaData = Record<string, Record<string, string>>;

let pending: Promise<AreaData> | null = null;

/** The generated map (tools/gen-area-data.ts) is a separate chunk, fetched when an area field first shows. */
export function loadAreaData(): Promise<AreaData> {
  pending ??= import('./area-data.json').then((m) => (m as unknown as { default: AreaData }).default ?? (m as unknown as AreaData));
  return pending;
}

export function children(data: AreaData, parent: string): Array<{ value: string; label: string }> {
  return Object.entries(data[parent] ?? {}).map(([value, label]) => ({ value, label }));
}

/** Codes from the province down to `code`, e.g. '110101' → ['110000', '110100', '110101']; [] when unknown. */
export function areaPath(data: AreaData, code: string | null | undefined): string[] {
  if (!code) return [];
  const path: string[] = [];
  let current = code;
  for (let guard = 0; guard < 4; guard++) {
    const parent = Object.keys(data).find((p) => p !== current && data[p][current] !== undefined);
    if (!parent) return [];
    path.unshift(current);
    if (parent === AREA_ROOT) return path;
    current = parent;
  }
  return [];
}

/** Province/city/county names of a code, joined ('北京市/北京市/东城区'). */
export function areaText(data: AreaData, code: string | null | undefined, separator = '/'): string {
  const path = areaPath(data, code);
  const names: string[] = [];
  let parent = AREA_ROOT;
  for (const c of path) {
    names.push(data[parent][c]);
    parent = c;
  }
  return names.join(separator);
}
