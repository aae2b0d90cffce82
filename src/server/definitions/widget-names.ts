/**
 * The x-component names a page may use, read from schemas/meta/widgets.schema.json (owned by the
 * widgets). Accepted shapes, first match wins: a `widgets` list or map; an enum named WidgetName in
 * definitions/$defs; the keys of `properties` (one property per widget describing its props).
 */
export function widgetNames(schema: unknown): Set<string> | null {
  if (!schema || typeof schema !== 'object') return null;
  const s = schema as Record<string, unknown>;
  const list = s.widgets ?? s['x-widgets'];
  if (Array.isArray(list))
    return new Set(
      list
        .map((w) => (typeof w === 'string' ? w : String((w as { name?: unknown }).name ?? '')))
        .filter(Boolean),
    );
  if (list && typeof list === 'object') return new Set(Object.keys(list));
  for (const defs of [s.definitions, s.$defs]) {
    const named =
      defs && typeof defs === 'object' ? (defs as Record<string, { enum?: unknown }>).WidgetName : undefined;
    if (named && Array.isArray(named.enum)) return new Set(named.enum.map(String));
  }
  if (s.properties && typeof s.properties === 'object') return new Set(Object.keys(s.properties));
  return null;
}
