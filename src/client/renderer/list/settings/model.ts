import type { PageColumn } from '../../definition/types';

/** antd Table sizes behind 默认 / 中等 / 紧凑. */
export type Density = 'large' | 'middle' | 'small';
export type Pin = 'left' | 'right' | 'none';

/** One column as the user arranged it; absent fields keep the definition's value. */
export interface ColumnSetting {
  key: string;
  show: boolean;
  /** 'none' unpins a column the definition pins. */
  fixed?: Pin;
  width?: number;
}

/** What a user changed on one list: column order, visibility, pins, widths, and the density. */
export interface ListSettings {
  columns: ColumnSetting[];
  density?: Density;
}

export const DENSITIES: readonly Density[] = ['large', 'middle', 'small'];
/** The density a list starts with (the table's size before settings existed). */
export const DEFAULT_DENSITY: Density = 'middle';
export const MIN_COLUMN_WIDTH = 48;
export const MAX_COLUMN_WIDTH = 1200;

export const clampWidth = (w: number) =>
  Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, w)));

/** The settings of a definition untouched: every column shown, in its order, nothing overridden. */
export function defaultSettings(columns: readonly PageColumn[]): ListSettings {
  return { columns: columns.map((c) => ({ key: c.dataIndex, show: true })) };
}

/**
 * Stored settings lined up with the definition as it is now: columns the definition no longer has are
 * dropped, new ones are shown at their definition place (after their definition predecessor), and
 * anything malformed (hand-edited storage, an older format) reads as the default.
 */
export function normalizeSettings(columns: readonly PageColumn[], stored: unknown): ListSettings {
  const base = defaultSettings(columns);
  if (!stored || typeof stored !== 'object') return base;
  const s = stored as Partial<ListSettings>;
  const known = new Set(columns.map((c) => c.dataIndex));
  const seen = new Set<string>();
  const kept: ColumnSetting[] = [];
  for (const raw of Array.isArray(s.columns) ? s.columns : []) {
    if (!raw || typeof raw !== 'object' || typeof raw.key !== 'string') continue;
    if (!known.has(raw.key) || seen.has(raw.key)) continue;
    seen.add(raw.key);
    const c: ColumnSetting = { key: raw.key, show: raw.show !== false };
    if (raw.fixed === 'left' || raw.fixed === 'right' || raw.fixed === 'none') c.fixed = raw.fixed;
    if (typeof raw.width === 'number' && Number.isFinite(raw.width)) c.width = clampWidth(raw.width);
    kept.push(c);
  }
  // Columns added to the definition since the settings were saved go after their predecessor.
  columns.forEach((col, i) => {
    if (seen.has(col.dataIndex)) return;
    const before = i === 0 ? -1 : kept.findIndex((k) => k.key === columns[i - 1]!.dataIndex);
    kept.splice(before + 1, 0, { key: col.dataIndex, show: true });
    seen.add(col.dataIndex);
  });
  const density = DENSITIES.includes(s.density as Density) ? s.density : undefined;
  return density ? { columns: kept, density } : { columns: kept };
}

/** The definition's columns as the user arranged them: ordered, hidden ones left out, pins and widths applied. */
export function applySettings(columns: readonly PageColumn[], settings: ListSettings): PageColumn[] {
  const byKey = new Map(columns.map((c) => [c.dataIndex, c]));
  const out: PageColumn[] = [];
  for (const s of settings.columns) {
    const col = byKey.get(s.key);
    if (!col || !s.show) continue;
    const next: PageColumn = { ...col };
    if (s.fixed === 'none') delete next.fixed;
    else if (s.fixed) next.fixed = s.fixed;
    if (s.width) next.width = s.width;
    out.push(next);
  }
  // Pinned columns must sit at the table's edges: antd draws a left pin after unpinned columns wrongly.
  return [
    ...out.filter((c) => c.fixed === 'left'),
    ...out.filter((c) => !c.fixed),
    ...out.filter((c) => c.fixed === 'right'),
  ];
}

/** True when nothing differs from the definition (no need to keep anything in storage). */
export function isDefault(columns: readonly PageColumn[], settings: ListSettings): boolean {
  return (
    (settings.density ?? DEFAULT_DENSITY) === DEFAULT_DENSITY &&
    settings.columns.length === columns.length &&
    settings.columns.every(
      (s, i) => s.key === columns[i]!.dataIndex && s.show && s.fixed === undefined && s.width === undefined,
    )
  );
}

const update = (settings: ListSettings, key: string, patch: Partial<ColumnSetting>): ListSettings => ({
  ...settings,
  columns: settings.columns.map((c) => (c.key === key ? { ...c, ...patch } : c)),
});

/** Shows or hides one column; the last shown column cannot be hidden (an empty table helps nobody). */
export function setShown(settings: ListSettings, key: string, show: boolean): ListSettings {
  if (!show && settings.columns.filter((c) => c.show).length <= 1) return settings;
  return update(settings, key, { show });
}

export function setAllShown(settings: ListSettings, show: boolean): ListSettings {
  if (!show) {
    // 全选 cleared keeps the first column, for the same reason as setShown.
    return { ...settings, columns: settings.columns.map((c, i) => ({ ...c, show: i === 0 })) };
  }
  return { ...settings, columns: settings.columns.map((c) => ({ ...c, show: true })) };
}

export function setPin(
  settings: ListSettings,
  key: string,
  fixed: Pin,
  defined?: 'left' | 'right',
): ListSettings {
  // Back to what the definition says is no override at all.
  const value = fixed === (defined ?? 'none') ? undefined : fixed;
  return update(settings, key, { fixed: value });
}

export function setWidth(settings: ListSettings, key: string, width: number | undefined): ListSettings {
  return update(settings, key, { width: width === undefined ? undefined : clampWidth(width) });
}

/** Moves a column from one place to another in the order (drag and drop, up/down buttons). */
export function moveColumn(settings: ListSettings, from: number, to: number): ListSettings {
  const n = settings.columns.length;
  if (from === to || from < 0 || to < 0 || from >= n || to >= n) return settings;
  const columns = [...settings.columns];
  const [moved] = columns.splice(from, 1);
  columns.splice(to, 0, moved!);
  return { ...settings, columns };
}

export function setDensity(settings: ListSettings, density: Density): ListSettings {
  return { ...settings, density };
}
