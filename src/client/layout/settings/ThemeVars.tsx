import { theme as antTheme } from 'antd';
import { useLayoutEffect } from 'react';

const STYLE_ID = 'shell-theme-vars';

/** `colorBgContainer` → `--ant-color-bg-container`: the names antd's own `cssVar` mode would give. */
export const cssVarName = (token: string) =>
  `--ant-${token
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z0-9]+)/g, '$1-$2')
    .replace(/([a-z])([A-Z0-9])/g, '$1-$2')
    .toLowerCase()}`;

/**
 * The colour tokens of the current antd theme as CSS variables on :root, and `shell-dark` on <html> for
 * the few colours global.css switches itself, so the console's CSS files, inline styles, the body and
 * popups follow the primary colour and light / dark mode. Not antd's
 * `cssVar` option: that rewrites every component's styles to var() (jsdom cannot resolve them) and
 * scopes the variables to component classes, out of reach of the body.
 */
export function ThemeVars({ dark }: { dark: boolean }) {
  const { token } = antTheme.useToken();
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('shell-dark', dark);
    const lines = Object.entries(token)
      .filter(([key, value]) => key.startsWith('color') && typeof value === 'string')
      .map(([key, value]) => `${cssVarName(key)}:${String(value)};`);
    let style = document.getElementById(STYLE_ID);
    if (!style) {
      style = document.createElement('style');
      style.id = STYLE_ID;
      document.head.appendChild(style);
    }
    style.textContent = `:root{${lines.join('')}}`;
  }, [token, dark]);
  return null;
}
