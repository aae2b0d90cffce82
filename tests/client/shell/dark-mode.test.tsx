import { act, fireEvent, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SettingsDrawer } from '../../../src/client/layout/settings/SettingsDrawer';
import { ThemeProvider } from '../../../src/client/layout/settings/ThemeProvider';
import { loadSettings, useSettings } from '../../../src/client/layout/settings/store';
import { resetShell } from './harness';

/** A matchMedia whose colour-scheme answer the test can flip, telling listeners as a browser would. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  const state = { dark };
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
    const scheme = query.includes('prefers-color-scheme: dark');
    // Only the colour-scheme query changes here; antd's breakpoint queries never fire.
    const listen = scheme ? (_: string, fn: () => void) => listeners.add(fn) : () => undefined;
    const unlisten = scheme ? (_: string, fn: () => void) => listeners.delete(fn) : () => undefined;
    return {
      get matches() {
        return scheme && state.dark;
      },
      media: query,
      addEventListener: listen,
      removeEventListener: unlisten,
      addListener: () => undefined,
      removeListener: () => undefined,
    } as unknown as MediaQueryList;
  });
  return (next: boolean) => {
    state.dark = next;
    listeners.forEach((fn) => fn());
  };
}

/** The container background antd's theme gives components: white in the light theme, near black in the dark. */
function BackgroundProbe() {
  return <output data-testid="bg">{theme.useToken().token.colorBgContainer}</output>;
}

const LIGHT_BG = '#ffffff';
const DARK_BG = '#141414';
const bg = () => screen.getByTestId('bg').textContent;
const html = () => document.documentElement.classList;
const themeVars = () => document.getElementById('shell-theme-vars')?.textContent ?? '';
const stored = () => JSON.parse(localStorage.getItem('pro__DEFAULT_THEME_MODE') ?? 'null')?.value;

function renderDrawer() {
  render(
    <ThemeProvider>
      <BackgroundProbe />
      <SettingsDrawer open onClose={() => undefined} />
    </ThemeProvider>,
  );
}

describe('主题模式 in the theme drawer', () => {
  beforeEach(() => resetShell());
  afterEach(() => {
    vi.restoreAllMocks();
    html().remove('shell-dark');
  });

  it('is light by default, switches antd to its dark algorithm on 暗色 and remembers it', () => {
    systemScheme(true); // the system's preference does not matter until 跟随系统 is chosen
    renderDrawer();
    expect(bg()).toBe(LIGHT_BG);
    expect(html().contains('shell-dark')).toBe(false);
    expect(themeVars()).toContain('--ant-color-bg-container:#ffffff;');

    fireEvent.click(screen.getByRole('radio', { name: '暗色' }));
    expect(bg()).toBe(DARK_BG);
    expect(html().contains('shell-dark')).toBe(true);
    // The console's own CSS reads the same colours as CSS variables.
    expect(themeVars()).toContain('--ant-color-bg-container:#141414;');
    expect(themeVars()).toContain('--ant-color-text-tertiary:rgba(255,255,255,0.45);');
    expect(stored()).toBe('dark');
    expect(loadSettings().themeMode).toBe('dark');

    fireEvent.click(screen.getByRole('radio', { name: '亮色' }));
    expect(bg()).toBe(LIGHT_BG);
    expect(html().contains('shell-dark')).toBe(false);
    expect(stored()).toBe('light');
  });

  it('follows the system live on 跟随系统', () => {
    const setSystemDark = systemScheme(false);
    renderDrawer();
    fireEvent.click(screen.getByRole('radio', { name: '跟随系统' }));
    expect(stored()).toBe('system');
    expect(bg()).toBe(LIGHT_BG);
    act(() => setSystemDark(true));
    expect(bg()).toBe(DARK_BG);
    expect(html().contains('shell-dark')).toBe(true);
    act(() => setSystemDark(false));
    expect(bg()).toBe(LIGHT_BG);
  });

  it('starts dark when dark was chosen before', () => {
    systemScheme(false);
    localStorage.setItem('pro__DEFAULT_THEME_MODE', JSON.stringify({ value: 'dark', expire: null }));
    useSettings.setState(loadSettings(), true); // what the console does when it starts
    renderDrawer();
    expect(bg()).toBe(DARK_BG);
    expect(screen.getByRole('radio', { name: '暗色' })).toBeChecked();
  });
});
