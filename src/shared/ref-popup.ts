import type { EntityField } from './schema-types.js';

/** How a popup report fills a record or row, in the popup pickers' terms (JPopup, the grid's popup cells). */
export interface RefPopupMapping {
  /** Report code. */
  code: string;
  /** Report columns, comma-joined: the id, the display column, then the filled ones… */
  orgFields: string;
  /** …copied into these fields of the same record or row: the ref, its `<field>_dictText`, the fill fields. */
  destFields: string;
}

/** The mapping of a ref field picked through a popup report (EntityRef.popup); null for any other field. */
export function refPopupMapping(f: EntityField): RefPopupMapping | null {
  const popup = f.ref?.popup;
  if (!f.ref || !popup) return null;
  const fill = Object.entries(popup.fill ?? {});
  return {
    code: popup.report,
    orgFields: ['id', f.ref.display, ...fill.map(([, column]) => column)].join(','),
    destFields: [f.name, refTextKey(f.name), ...fill.map(([name]) => name)].join(','),
  };
}

/** The row key carrying a ref's shown text, as the server answers it for stored rows. */
export const refTextKey = (field: string) => `${field}_dictText`;
