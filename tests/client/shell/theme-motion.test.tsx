import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeProvider } from '../../../src/client/layout/settings/ThemeProvider';

/** A matchMedia whose reduced-motion answer the test can flip, telling listeners as a browser would. */
function mediaWith(reduce: boolean) {
  const listeners = new Set<() => void>();
  const state = { reduce };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query.includes('prefers-reduced-motion') && state.reduce;
        },
        media: query,
        addEventListener: (_: string, fn: () => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    state.reduce = next;
    listeners.forEach((fn) => fn());
  };
}

function MotionProbe() {
  return <output data-testid="motion">{String(theme.useToken().token.motion)}</output>;
}

describe('reduced motion', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns antd motion off while the system asks for less motion, and back on when it stops', () => {
    const setReduce = mediaWith(true);
    render(
      <ThemeProvider>
        <MotionProbe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId('motion').textContent).toBe('false');
    act(() => setReduce(false));
    expect(screen.getByTestId('motion').textContent).toBe('true');
  });
});
