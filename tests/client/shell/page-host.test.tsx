import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '../../../src/client/config/constants';
import { withTimeout } from '../../../src/client/router/lazy';
import { PageHost } from '../../../src/client/router/PageHost';
import { registerComponentResolver } from '../../../src/client/router/registry';
import { renderAt, resetShell } from './harness';

const meta = { title: '慢页面', keepAlive: false, internalOrExternal: false };
let unregister = () => {};
afterEach(() => unregister());

describe('page chunks', () => {
  it('times out after 120 s by default', () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('shows a clear timeout message with a retry that asks for the chunk again', async () => {
    resetShell();
    let attempts = 0;
    unregister = registerComponentResolver((name) => {
      if (name !== 'slow/Page') return null;
      attempts += 1;
      // The first attempt never arrives (a short timeout stands in for the 120 s); the retry works.
      return attempts === 1
        ? lazy(() => withTimeout(new Promise<never>(() => {}), 30))
        : lazy(async () => ({ default: () => <p>页面已加载</p> }));
    });
    renderAt(<PageHost component="slow/Page" path="/slow" meta={meta} />, '/slow');
    expect(await screen.findByText('页面加载超时（超过 120 秒），请检查网络后重试')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('页面已加载')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it('explains a page nobody provides in plain words, without its internal name, and leads home', async () => {
    resetShell();
    renderAt(<PageHost component="system/UnknownList" path="/x" meta={meta} />, '/x');
    expect(await screen.findByText('该功能尚未开放')).toBeInTheDocument();
    expect(screen.queryByText(/UnknownList/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(screen.getByTestId('location').textContent).toBe('/dashboard/analysis');
  });
});
