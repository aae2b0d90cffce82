/** Colours of the palette by name; a #hex colour is used as it is, anything else falls back to blue. */
const NAMED: Record<string, string> = {
  blue: '#1677ff',
  red: '#f5222d',
  orange: '#fa8c16',
  green: '#52c41a',
  purple: '#722ed1',
  cyan: '#13c2c2',
  gold: '#faad14',
  gray: '#8c8c8c',
};
export const titleColor = (c: string | null | undefined) => (c && /^#[0-9a-f]{3,8}$/i.test(c) ? c : NAMED[c ?? ''] ?? NAMED.blue);
