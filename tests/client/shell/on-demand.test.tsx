import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bindFeedback, feedback } from '../../../src/client/api/feedback';
import { onDemand } from '../../../src/client/router/lazy';
import { OnDemand } from '../../../src/client/router/OnDemand';

function Dialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return open ? (
    <div role="dialog">
      对话框
      <button type="button" onClick={onClose}>
        关闭
      </button>
    </div>
  ) : null;
}

/** A menu entry that opens a part loaded on first use, as the header's dialogs are. */
function Opener({ part: Part }: { part: ReturnType<typeof onDemand<'Dialog', { Dialog: typeof Dialog }>> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        打开
      </button>
      <OnDemand when={open} onFailed={() => setOpen(false)}>
        <Part open={open} onClose={() => setOpen(false)} />
      </OnDemand>
    </>
  );
}

describe('parts loaded on first use', () => {
  const real = feedback();
  afterEach(() => bindFeedback(real));

  it('loads nothing until first opened, then keeps the part mounted between openings', async () => {
    const load = vi.fn(async () => ({ Dialog }));
    render(<Opener part={onDemand(load, 'Dialog')} />);
    expect(load).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('对话框');
    await userEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tells the user when the code does not arrive, closes, and loads again on the next opening', async () => {
    const error = vi.fn();
    bindFeedback({ ...real, message: { ...real.message, error } });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi
      .fn<() => Promise<{ Dialog: typeof Dialog }>>()
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValue({ Dialog });
    render(<Opener part={onDemand(load, 'Dialog')} />);
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('加载失败，请检查网络后重试'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('renders preloaded code at once, without a loading frame', async () => {
    const part = onDemand(async () => ({ Dialog }), 'Dialog');
    await part.preload();
    render(<Opener part={part} />);
    await userEvent.click(screen.getByRole('button', { name: '打开' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});
