/** The eight primary-colour presets of the theme drawer; the first is the default. */
export const COLOR_PRESETS = [
  { key: 'daybreak', color: '#1890FF' },
  { key: 'dust', color: '#F5222D' },
  { key: 'volcano', color: '#FA541C' },
  { key: 'sunset', color: '#FAAD14' },
  { key: 'cyan', color: '#13C2C2' },
  { key: 'green', color: '#52C41A' },
  { key: 'geekblue', color: '#2F54EB' },
  { key: 'purple', color: '#722ED1' },
] as const;

export const DEFAULT_PRIMARY = COLOR_PRESETS[0].color;

/** Menu font sizes in pixels; the spec's default is L. */
export const MENU_FONT_SIZES = { S: 13, M: 14, L: 15 } as const;
export type MenuFontSize = keyof typeof MENU_FONT_SIZES;
