import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../../../src/client/api/feedback';
import { ThemeProvider } from '../../../src/client/layout/settings/ThemeProvider';
import { useSettings } from '../../../src/client/layout/settings/store';
import { resetShell } from './harness';

const dialogs = () => Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-confirm'));

/** The newest confirmation dialog, once its code has loaded. */
const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = dialogs().find((d) => d.querySelector('.ant-modal-confirm-title')?.textContent === title);
    if (!found) throw new Error(`no dialog ${title}`);
    return found;
    // The dialog code is its own chunk; on a loaded machine it takes longer than waitFor's default second.
  }, { timeout: 5000 });

describe('feedback().modal', () => {
  afterEach(() => {
    resetShell();
    document.body.innerHTML = '';
  });

  it('keeps antd’s synchronous shape and opens the themed dialog once its code has loaded', async () => {
    resetShell();
    useSettings.setState({ color: '#13c2c2' });
    render(
      <ThemeProvider>
        <p>页面</p>
      </ThemeProvider>,
    );
    const onOk = vi.fn();
    const handle = feedback().modal.confirm({ title: '真的要注销登录吗？', content: '注销', onOk });
    expect(typeof handle.destroy).toBe('function');
    expect(typeof handle.update).toBe('function');
    handle.update({ content: '真的要注销吗' });

    const dialog = await dialogTitled('真的要注销登录吗？');
    expect(dialog).toHaveTextContent('真的要注销吗');
    const ok = screen.getByRole('button', { name: '确定' });
    // Rendered inside the theme: the primary button takes the chosen colour.
    expect(getComputedStyle(ok).backgroundColor).toBe('rgb(19, 194, 194)');
    await userEvent.click(ok);
    expect(onOk).toHaveBeenCalledTimes(1);
  });

  it('does not open a dialog destroyed before its code arrived; later calls open at once', async () => {
    resetShell();
    render(
      <ThemeProvider>
        <p>页面</p>
      </ThemeProvider>,
    );
    feedback().modal.error({ title: '已撤回' }).destroy();
    feedback().modal.warning({ title: '第二个' });
    await dialogTitled('第二个');
    expect(dialogs()).toHaveLength(1);

    feedback().modal.info({ title: '第三个' });
    // The host is mounted now: the next dialog needs no more loading.
    await dialogTitled('第三个');
  });

  it('falls back to antd’s static dialogs when no theme is rendered', async () => {
    resetShell();
    feedback().modal.success({ title: '无主题' });
    await dialogTitled('无主题');
  });
});
