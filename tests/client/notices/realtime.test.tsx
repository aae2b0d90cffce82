import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onNoticesReload } from '../../../src/client/notices/bus';
import { parseFrame, reconnectDelay, socketUrl } from '../../../src/client/notices/realtime/frames';
import { NoticeSocket } from '../../../src/client/notices/realtime/socket';
import { useNoticeRealtime } from '../../../src/client/notices/realtime/useNoticeRealtime';
import { useNoticeStore } from '../../../src/client/notices/store';
import { fakeServer, ok } from '../shell/fake-server';
import { signedIn } from './harness';

/** A WebSocket double: records what the console sends; the test opens, pushes and drops it. */
class FakeSocket {
  static instances: FakeSocket[] = [];
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeSocket.instances.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
  serverOpen() {
    this.readyState = 1;
    this.onopen?.();
  }
  push(data: unknown) {
    this.onmessage?.({ data });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.();
  }
}

const latest = () => FakeSocket.instances.at(-1) as FakeSocket;

beforeEach(() => {
  FakeSocket.instances = [];
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('push frames', () => {
  it('are parsed as JSON data only; anything else is ignored, never run', () => {
    expect(parseFrame('{"cmd":"user","msgId":"a1","msgTxt":"通知"}')).toEqual({ cmd: 'user', msgId: 'a1', msgTxt: '通知' });
    expect(parseFrame('{"cmd":"topic"}')).toEqual({ cmd: 'topic' });
    (window as unknown as { __pwned?: boolean }).__pwned = false;
    for (const hostile of ['window.__pwned=true', '({"cmd":"user"})', '"user"', '{"cmd":"eval"}', 'ping', null, 42])
      expect(parseFrame(hostile)).toBeNull();
    expect((window as unknown as { __pwned?: boolean }).__pwned).toBe(false);
  });

  it('go to /websocket/{userId} on the API host with ws or wss', () => {
    expect(socketUrl('/jeecg-boot', 'u1', { href: 'https://console.example.com/dashboard' })).toBe('wss://console.example.com/jeecg-boot/websocket/u1');
    expect(socketUrl('http://10.0.0.5:8080/jeecg-boot/', 'u1', { href: 'http://localhost:5173/' })).toBe('ws://10.0.0.5:8080/jeecg-boot/websocket/u1');
  });

  it('reconnect with growing, capped, jittered delays', () => {
    expect(reconnectDelay(0, 1000, 30_000, () => 1)).toBe(1000);
    expect(reconnectDelay(3, 1000, 30_000, () => 1)).toBe(8000);
    expect(reconnectDelay(10, 1000, 30_000, () => 1)).toBe(30_000);
    expect(reconnectDelay(10, 1000, 30_000, () => 0)).toBe(15_000);
  });
});

describe('notice socket', () => {
  it('sends the token as subprotocol, the heartbeat every 20 s, and reconnects after a drop', () => {
    const frames: unknown[] = [];
    const status: boolean[] = [];
    const s = new NoticeSocket({
      url: 'ws://h/jeecg-boot/websocket/u1',
      token: 'tok-123',
      baseDelayMs: 1000,
      maxDelayMs: 30_000,
      onFrame: (f) => frames.push(f),
      onStatus: (c) => status.push(c),
      WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
    });
    s.start();
    expect(latest().url).toBe('ws://h/jeecg-boot/websocket/u1');
    expect(latest().protocols).toEqual(['tok-123']);
    latest().serverOpen();
    expect(status).toEqual([true]);
    vi.advanceTimersByTime(20_000);
    expect(latest().sent).toEqual(['ping']);
    latest().push('{"cmd":"heartcheck","msgTxt":"心跳响应"}');
    latest().push('{"cmd":"user","msgId":"m1","msgTxt":"新消息"}');
    expect(frames).toEqual([{ cmd: 'user', msgId: 'm1', msgTxt: '新消息' }]);

    latest().drop();
    expect(status).toEqual([true, false]);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(1000);
    // The second attempt waits longer (between 1 and 2 s with jitter).
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(3);
    s.stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(3);
  });
});

function Realtime() {
  useNoticeRealtime('u1', 'tok-123');
  return null;
}

describe('realtime with polling fallback', () => {
  it('polls the unread count every 6 s while disconnected, refreshes after 60 s, and stops polling once connected', async () => {
    signedIn();
    vi.stubGlobal('WebSocket', FakeSocket);
    let count = 4;
    const server = fakeServer({ 'GET /api/sys/msg/rec/unreadCount': () => ok(count) });
    const polls = () => server.calls.filter((c) => c.url === '/api/sys/msg/rec/unreadCount').length;
    const reloads: number[] = [];
    const off = onNoticesReload(() => reloads.push(Date.now()));
    const view = render(<Realtime />);
    expect(latest().protocols).toEqual(['tok-123']);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_000);
    });
    expect(polls()).toBe(1);
    expect(useNoticeStore.getState().count).toBe(4);
    count = 5;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(12_000);
    });
    expect(polls()).toBe(3);
    expect(useNoticeStore.getState().count).toBe(5);
    expect(reloads).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(42_000);
    });
    expect(reloads).toHaveLength(1);

    // Connected: a catch-up reload, no more polling; a push reloads at once.
    act(() => latest().serverOpen());
    expect(useNoticeStore.getState().connected).toBe(true);
    expect(reloads).toHaveLength(2);
    const before = polls();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    expect(polls()).toBe(before);
    act(() => latest().push('{"cmd":"user","msgId":"a1","msgTxt":"新通告"}'));
    expect(reloads).toHaveLength(3);

    view.unmount();
    off();
  });
});
