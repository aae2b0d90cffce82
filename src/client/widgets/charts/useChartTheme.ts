import { theme as antTheme } from 'antd';
import { useMemo } from 'react';
import type { ChartTheme } from './options';

/** Relative luminance of a #rrggbb / rgb() colour, to tell a dark theme from a light one. */
function isDark(color: string): boolean {
  const hex = /^#([0-9a-f]{6})$/i.exec(color)?.[1];
  const parts = hex
    ? [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16))
    : (/rgba?\(([^)]+)\)/.exec(color)?.[1].split(',').slice(0, 3).map(Number) ?? [255, 255, 255]);
  const [r, g, b] = parts;
  return 0.299 * r + 0.587 * g + 0.114 * b < 128;
}

/** Chart colours from the antd token: the primary colour first, then antd's preset hues; dark when the container is. */
export function useChartTheme(): ChartTheme {
  const { token } = antTheme.useToken();
  return useMemo(
    () => ({
      dark: isDark(token.colorBgContainer),
      text: token.colorText,
      subtleText: token.colorTextSecondary,
      split: token.colorSplit,
      background: token.colorBgContainer,
      motion: token.motion !== false,
      palette: [
        token.colorPrimary,
        token.colorSuccess,
        token.colorWarning,
        token.cyan,
        token.purple,
        token.colorError,
        token.geekblue,
        token.gold,
        token.magenta,
        token.lime,
      ],
    }),
    [token],
  );
}
