import type { ColumnOverride, EntityDefinition, EntityField, PageColumn } from '../schema-types.js';
import { childEntities, isNumeric, isStateField, listedFields, pageField } from './fields.js';
import { applyOverrides } from './overrides.js';

/** Width of a column whose field states none (the renderer's default too). */
export const DEFAULT_COLUMN_WIDTH = 120;

/**
 * Sort arrows where ordering means something — numbers, dates, numbered fields — or where the entity
 * says sortable: true. Each arrow widens its header, so on every column they push a wide list past the
 * pinned 操作 column at 1280 px; the server still sorts any field not marked sortable: false.
 */
const showsSorter = (f: EntityField) =>
  // A live field is computed after the query (never stored): the server cannot sort by it.
  !f.live &&
  (f.sortable === true ||
    (f.sortable !== false && (isNumeric(f) || f.type === 'date' || f.type === 'datetime' || !!f.numbering)));

/** The list column of one field: title, width, sorter, dictionary text, date/number format. */
export function fieldColumn(f: EntityField): PageColumn {
  const col: PageColumn = { dataIndex: f.name, title: f.title };
  if (f.width) col.width = f.width;
  else if (f.type === 'date') col.width = 120;
  else if (f.type === 'datetime') col.width = 170;
  else if (isNumeric(f)) col.width = 130;
  // Every column states a width: the list fits declared widths beside the pinned 操作 column.
  else col.width = DEFAULT_COLUMN_WIDTH;
  if (showsSorter(f)) col.sorter = true;
  if (f.dictCode) col.dict = f.dictCode;
  if (isStateField(f)) col.format = 'tag';
  // A ref column shows the target's display text the server adds as <field>_dictText (no dict code).
  if (f.type === 'date') col.format = 'date';
  if (isNumeric(f) && !f.dictCode) Object.assign(col, { format: 'number', align: 'right' });
  return col;
}

/** The list column of a junction (many-to-many): the picked targets' texts the server joins as <code>_dictText. */
const pickColumn = (child: EntityDefinition): PageColumn => ({
  dataIndex: `${child.code}_dictText`,
  title: child.parent?.title ?? child.name,
  width: 200,
});

/**
 * Columns of an entity page: the listed fields, then one per junction (many-to-many) of the entity, with
 * the page's overrides, order and hidden fields applied.
 */
export function deriveColumns(
  entity: EntityDefinition,
  overrides: Array<string | ColumnOverride> = [],
  order: readonly string[] = [],
  hide: readonly string[] = [],
  entities: readonly EntityDefinition[] = [],
): PageColumn[] {
  const junctions = childEntities(entity, entities).filter((c) => c.parent?.pick);
  return applyOverrides({
    derived: [...listedFields(entity).map(fieldColumn), ...junctions.map(pickColumn)],
    key: (c) => c.dataIndex,
    overrides,
    overrideKey: (o) => o.dataIndex,
    added: (name) => {
      const f = pageField(entity, name);
      return f && fieldColumn(f);
    },
    order,
    hide,
  });
}
