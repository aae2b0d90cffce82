/** A Formily expression string: Formily would compile it to code with `new Function`. */
const EXPRESSION = /^\s*\{\{[\s\S]*\}\}\s*$/;

/**
 * The JSON path of the first `{{ … }}` string in a definition, or null. The meta-schema already
 * forbids them; the renderer checks again because definitions arrive from the server at run time.
 */
export function findExpression(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return EXPRESSION.test(value) ? path || '/' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const hit = findExpression(value[i], `${path}/${i}`);
      if (hit) return hit;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const hit = findExpression(v, `${path}/${k}`);
      if (hit) return hit;
    }
  }
  return null;
}
