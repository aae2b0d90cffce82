import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TEXT, type PushFrame } from '../../../shared/notices';
import { parseFrame, reconnectDelay } from './frames';

export interface NoticeSocketOptions {
  url: string;
  /** The session token, sent as the subprotocol (protocol §7.2); never in the URL. */
  token: string;
  onFrame: (frame: PushFrame) => void;
  onStatus: (connected: boolean) => void;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Tests pass a fake. */
  WebSocketImpl?: typeof WebSocket;
}

/**
 * The push channel of the bell: connects, sends the heartbeat text every 20 s, and reconnects with
 * backoff whenever the connection drops, until stopped.
 */
export class NoticeSocket {
  private ws: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private stopped = false;
  private connected = false;

  constructor(private readonly opts: NoticeSocketOptions) {}

  start(): void {
    this.stopped = false;
    this.open();
  }

  stop(): void {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.stopHeartbeat();
    const ws = this.ws;
    this.ws = null;
    if (ws && (ws.readyState === ws.CONNECTING || ws.readyState === ws.OPEN)) ws.close(1000);
    this.setConnected(false);
  }

  private open(): void {
    if (this.stopped) return;
    const Impl = this.opts.WebSocketImpl ?? WebSocket;
    let ws: WebSocket;
    try {
      ws = new Impl(this.opts.url, [this.opts.token]);
    } catch {
      this.schedule();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      if (this.ws !== ws) return;
      this.attempt = 0;
      this.setConnected(true);
      this.startHeartbeat(ws);
    };
    ws.onmessage = (event: MessageEvent) => {
      const frame = parseFrame(event.data);
      if (frame && frame.cmd !== 'heartcheck') this.opts.onFrame(frame);
    };
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.stopHeartbeat();
      this.setConnected(false);
      this.schedule();
    };
    // An error is followed by close, which does the reconnecting.
    ws.onerror = () => {};
  }

  private schedule(): void {
    if (this.stopped || this.retry) return;
    const delay = reconnectDelay(this.attempt++, this.opts.baseDelayMs, this.opts.maxDelayMs);
    this.retry = setTimeout(() => {
      this.retry = null;
      this.open();
    }, delay);
  }

  private startHeartbeat(ws: WebSocket): void {
    this.stopHeartbeat();
    this.heartbeat = setInterval(() => {
      if (ws.readyState === ws.OPEN) ws.send(HEARTBEAT_TEXT);
    }, HEARTBEAT_INTERVAL_MS);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    this.opts.onStatus(connected);
  }
}
