import type { EntityDefinition } from '../../../shared/schema-types.js';
import type { Definitions } from '../../definitions/load.js';
import type { EntityRow } from './entity-records.js';

/**
 * `<field>_color` on each row for every dictionary field whose items declare colours (a risk grade's
 * 高危 red, spec §3's gradeColor): the console draws the value as a tag of that colour. The colours live
 * in the definitions only, never in the database's dictionary tables.
 */
export function attachColors(defs: Definitions, entity: EntityDefinition, rows: EntityRow[]): EntityRow[] {
  const colored = entity.fields.flatMap((f) => {
    const items = f.dictCode ? defs.dicts.find((d) => d.code === f.dictCode)?.items : undefined;
    const colors = new Map((items ?? []).filter((i) => i.color).map((i) => [i.value, i.color as string]));
    return colors.size ? [{ name: f.name, colors }] : [];
  });
  if (!colored.length) return rows;
  return rows.map((row) => {
    const out = { ...row };
    for (const { name, colors } of colored)
      if (out[`${name}_color`] == null) out[`${name}_color`] = colors.get(String(row[name] ?? '')) ?? null;
    return out;
  });
}
