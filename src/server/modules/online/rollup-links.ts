import { formulaDependencies, parseFormula } from '../../../shared/formula.js';
import type { EntityDefinition } from '../../../shared/schema-types.js';

/**
 * Which rows a roll-up reads (entity `formula`: sum(<entity>.<field>), count(<entity>)…): the rows of the
 * named entity whose link field holds the target row's id. The link of a child entity is its parent field;
 * any other entity must have exactly one ref field to the target. Shared by the definition check
 * (rollup-problems.ts) and the derived updates (derived-updates.ts).
 */

export type RollupLink = { field: string } | { problem: 'none' | 'ambiguous' };

/** The field of `source` rows that names the `targetCode` row they roll up into. */
export function rollupLink(source: EntityDefinition, targetCode: string): RollupLink {
  const parentField = source.parent?.field;
  if (parentField && source.fields.find((f) => f.name === parentField)?.ref?.entity === targetCode)
    return { field: parentField };
  const refs = source.fields.filter((f) => f.ref?.entity === targetCode);
  if (refs.length === 1) return { field: refs[0].name };
  return { problem: refs.length === 0 ? 'none' : 'ambiguous' };
}

/** An entity whose roll-ups read the rows of another: `reader` rows are found by `field` of the read rows. */
export interface RollupReader {
  reader: EntityDefinition;
  field: string;
}

/** The entity codes the roll-up formulas of an entity read (those that parse). */
export function rolledUpEntities(entity: EntityDefinition): Set<string> {
  const out = new Set<string>();
  for (const f of entity.fields) {
    if (!f.formula) continue;
    try {
      for (const d of formulaDependencies(parseFormula(f.formula)).children) out.add(d.entity);
    } catch {
      // A formula that does not parse is the definition check's to report.
    }
  }
  return out;
}

const readerIndex = new WeakMap<readonly EntityDefinition[], Map<string, RollupReader[]>>();

/** For each entity code, the entities whose roll-ups read its rows and the link field (cached per definitions). */
export function rollupReaders(entities: readonly EntityDefinition[]): Map<string, RollupReader[]> {
  const cached = readerIndex.get(entities);
  if (cached) return cached;
  const byCode = new Map(entities.map((e) => [e.code, e]));
  const out = new Map<string, RollupReader[]>();
  for (const reader of entities)
    for (const code of rolledUpEntities(reader)) {
      const source = byCode.get(code);
      const link = source && rollupLink(source, reader.code);
      if (!link || !('field' in link)) continue;
      out.set(code, [...(out.get(code) ?? []), { reader, field: link.field }]);
    }
  readerIndex.set(entities, out);
  return out;
}
