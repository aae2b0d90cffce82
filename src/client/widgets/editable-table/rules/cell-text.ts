/**
 * A cell value as the text the rules look at: lists comma-joined (spec §9), numbers as written, an
 * uploaded file by its path, nothing as ''. `false` counts as empty, so an unticked checkbox without
 * custom values fails `required`.
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : '';
  if (Array.isArray(value))
    return value
      .map(cellText)
      .filter((v) => v !== '')
      .join(',');
  if (typeof value === 'object') {
    const path = (value as { path?: unknown; url?: unknown }).path ?? (value as { url?: unknown }).url;
    return typeof path === 'string' ? path : '';
  }
  return String(value);
}
