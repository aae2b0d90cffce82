/** Rows without an id get a temporary one; it is recognisable so a save can tell new rows from stored ones. */
export const TEMP_ID_PREFIX = '_tmp_';

let seq = 0;
export function tempRowId(): string {
  seq = (seq + 1) % 1_000_000;
  return `${TEMP_ID_PREFIX}${Date.now().toString(36)}${seq.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

export function isTempRowId(id: string): boolean {
  return id.startsWith(TEMP_ID_PREFIX);
}
