import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { UnreadMessageModal } from '../../../src/client/notices/unread/UnreadMessageModal';
import { canMarkAll, canNext, canPrevious } from '../../../src/client/notices/unread/rules';
import type { Notice } from '../../../src/client/notices/types';
import { bizFail, fakeServer, ok, type Reply, type Recorded } from '../shell/fake-server';
import { renderWithRouter, signedIn } from './harness';

const DRIVER = 'DRIVER-WEB';

const msg = (id: string, title: string, readFlag = 0): Notice => ({
  id,
  title,
  content: `${title}的内容`,
  createTime: '2026-11-20 09:00:00',
  readFlag,
  msgColor: 'blue',
  classify: 'system',
  classifyName: '系统消息',
  redirect: null,
  anntId: null,
});

const THREE = [msg('m1', '第一条'), msg('m2', '第二条'), msg('m3', '第三条')];

let server: ReturnType<typeof fakeServer>;
let readReply: (req: Recorded) => Reply;
const reads = () => server.calls.filter((c) => c.method === 'POST' && c.url === '/api/sys/msg/rec/read').map((c) => (c.body as { ids: string }).ids);

function start(list: Notice[], appCode = DRIVER) {
  server = fakeServer({
    'GET /api/sys/msg/rec/unreadList': ok(list),
    'POST /api/sys/msg/rec/read': (req) => readReply(req),
    'GET /api/sys/msg/rec/getUnreadListWithMsg': ok([]),
  });
  return renderWithRouter(<UnreadMessageModal appCode={appCode} />);
}

const dialog = () => screen.findByRole('dialog');
const button = (name: string) => within(screen.getByRole('dialog')).getByRole('button', { name });
const shown = () => document.querySelector<HTMLElement>('.notices-unread');

beforeEach(() => {
  signedIn();
  readReply = () => ok(null, '已读');
});

describe('unread-message modal rules (spec §4)', () => {
  it('previous is off at the first message; next off at the last or with one; mark-all off with ≤1 or nothing unread', () => {
    expect(canPrevious(0)).toBe(false);
    expect(canPrevious(1)).toBe(true);
    expect(canNext(0, 1)).toBe(false);
    expect(canNext(0, 3)).toBe(true);
    expect(canNext(2, 3)).toBe(false);
    expect(canMarkAll([msg('a', 'a')])).toBe(false);
    expect(canMarkAll([msg('a', 'a', 1), msg('b', 'b', 1)])).toBe(false);
    expect(canMarkAll([msg('a', 'a', 1), msg('b', 'b')])).toBe(true);
  });
});

describe('unread-message modal', () => {
  it('opens for the driver web application with the recent unread list and marks the first message read', async () => {
    start(THREE);
    const d = await dialog();
    expect(within(d).getByText('近三天未读消息（3）')).toBeInTheDocument();
    expect(within(d).getByText('第一条')).toBeInTheDocument();
    await waitFor(() => expect(reads()).toEqual(['m1']));
    expect(server.calls.find((c) => c.url === '/api/sys/msg/rec/unreadList')?.params.dayCount).toBe(3);
    expect(button('上一条')).toBeDisabled();
    expect(button('下一条')).toBeEnabled();
    expect(button('全部标为已读')).toBeEnabled();
  });

  it('does not open for other application codes, nor with nothing unread', async () => {
    start(THREE, 'YJY-ERP-WEB');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls.some((c) => c.url === '/api/sys/msg/rec/unreadList')).toBe(false);

    start([]);
    await waitFor(() => expect(server.calls.some((c) => c.url === '/api/sys/msg/rec/unreadList')).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('marks each next message read on moving, and disables next at the end', async () => {
    start(THREE);
    await dialog();
    await userEvent.click(button('下一条'));
    expect(within(screen.getByRole('dialog')).getByText('第二条')).toBeInTheDocument();
    expect(button('上一条')).toBeEnabled();
    await userEvent.click(button('下一条'));
    expect(within(screen.getByRole('dialog')).getByText('第三条')).toBeInTheDocument();
    expect(button('下一条')).toBeDisabled();
    await waitFor(() => expect(reads()).toEqual(['m1', 'm2', 'm3']));
    // Everything is read now: nothing left for "mark all".
    expect(button('全部标为已读')).toBeDisabled();
    // Going back does not mark again.
    await userEvent.click(button('上一条'));
    expect(reads()).toHaveLength(3);
  });

  it('with a single message: next and mark-all are disabled', async () => {
    start([msg('only', '唯一一条')]);
    await dialog();
    expect(button('下一条')).toBeDisabled();
    expect(button('上一条')).toBeDisabled();
    expect(button('全部标为已读')).toBeDisabled();
  });

  it('mark-all sends every unread id comma-joined and closes', async () => {
    start(THREE);
    await dialog();
    await waitFor(() => expect(reads()).toEqual(['m1']));
    await userEvent.click(button('全部标为已读'));
    await waitFor(() => expect(reads()).toEqual(['m1', 'm2,m3']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('on a failed mark the flag returns to unread and the server message shows', async () => {
    readReply = () => bizFail('消息服务暂不可用');
    start(THREE);
    await dialog();
    expect(await screen.findByText('消息服务暂不可用')).toBeInTheDocument();
    await waitFor(() => expect(shown()?.dataset.read).toBe('0'));
    // All three are still unread, so mark-all is offered and sends them all.
    readReply = () => ok(null);
    await userEvent.click(button('全部标为已读'));
    await waitFor(() => expect(reads().at(-1)).toBe('m1,m2,m3'));
  });
});
