/** Multi-value fields travel comma-joined (spec §9); these convert both ways. */
export function splitValues(value: string | string[] | number | null | undefined): string[] {
  if (value === null || value === undefined || value === '') return [];
  if (Array.isArray(value)) return value.map(String).filter((v) => v !== '');
  return String(value)
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v !== '');
}

export function joinValues(values: string[]): string | undefined {
  return values.length ? values.join(',') : undefined;
}

/** Records of a list reply: a page (`records`) or a bare array. */
export function recordsOf<T>(result: unknown): { records: T[]; total: number; pages: number } {
  if (Array.isArray(result)) return { records: result as T[], total: result.length, pages: 1 };
  if (result && typeof result === 'object' && Array.isArray((result as { records?: unknown }).records)) {
    const r = result as { records: T[]; total?: number; pages?: number };
    return { records: r.records, total: Number(r.total ?? r.records.length), pages: Number(r.pages ?? 1) };
  }
  return { records: [], total: 0, pages: 0 };
}
