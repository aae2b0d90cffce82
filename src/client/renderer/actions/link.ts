/** The console route of a `link` action: its path with the resolved values as the query (empty ones left out). */
export function linkUrl(to: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  const text = query.toString();
  return text ? `${to}?${text}` : to;
}
