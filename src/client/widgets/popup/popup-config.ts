import { md5 } from 'js-md5';
import { t } from '../../locale/zh-CN';

/** Spec §9: a popup row key is at most 50 characters. */
export const ROW_KEY_MAX = 50;

export interface PopupFieldConfig {
  code?: string;
  orgFields?: string;
  destFields?: string;
}

const split = (s: string | undefined) =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/**
 * The misconfiguration messages of spec §5: code, orgFields and destFields are all needed, and there
 * must be as many original fields as target fields. Null when the configuration is usable.
 */
export function popupConfigError(cfg: PopupFieldConfig): string | null {
  const org = split(cfg.orgFields);
  const dest = split(cfg.destFields);
  if (!cfg.code || org.length === 0 || dest.length === 0) return t.editable.popup.misconfigured;
  if (org.length !== dest.length) return t.editable.popup.countMismatch;
  return null;
}

/**
 * The values a choice writes: destFields[i] gets orgFields[i] of the chosen record, or of every chosen
 * record comma-joined when several were chosen.
 */
export function popupFillValues(
  records: ReadonlyArray<Record<string, unknown>>,
  orgFields: string,
  destFields: string,
): Record<string, string> {
  const org = split(orgFields);
  const dest = split(destFields);
  const out: Record<string, string> = {};
  dest.forEach((d, i) => {
    out[d] = records
      .map((r) => r[org[i]])
      .map((v) => (v === null || v === undefined ? '' : String(v)))
      .join(',');
  });
  return out;
}

/** `column=asc|desc` → a sort; anything else is ignored. */
export function parseSorter(sorter: string | undefined): { column: string; order: 'asc' | 'desc' } | null {
  const m = /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(asc|desc)\s*$/i.exec(sorter ?? '');
  return m ? { column: m[1], order: m[2].toLowerCase() as 'asc' | 'desc' } : null;
}

/**
 * A record's key: its values joined, id first (protocol §6); long keys are replaced by their MD5 so that
 * no key exceeds 50 characters and distinct records keep distinct keys.
 */
export function popupRowKey(record: Record<string, unknown>): string {
  let key = record.id === undefined || record.id === null ? '' : String(record.id);
  for (const [k, v] of Object.entries(record)) {
    if (k === 'id') continue;
    key += v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return key.length > ROW_KEY_MAX ? md5(key) : key;
}
