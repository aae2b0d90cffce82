import type { FormSchema } from '../definition/types';

/** Names of the value fields of a schema (top level and inside void layout nodes). */
export function fieldNames(node: FormSchema): string[] {
  const names: string[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    if (child.type === 'void') names.push(...fieldNames(child));
    else names.push(name);
  }
  return names;
}
