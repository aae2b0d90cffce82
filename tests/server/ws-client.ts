import WebSocket from 'ws';

/** A test WebSocket client that records frames. */
export interface Client {
  ws: WebSocket;
  frames: string[];
  /** Resolves with the next frame that satisfies the test. */
  next(match?: (text: string) => boolean, ms?: number): Promise<string>;
  /** Resolves with the close code once the server closes the socket; rejects if it stays open `ms`. */
  closed(ms?: number): Promise<number>;
  close(): void;
}

/** Opens a socket the way the console does: token as the subprotocol. */
export function openSocket(url: string, protocols: string[] = []): Promise<Client> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    const frames: string[] = [];
    const waiters: Array<{ match: (t: string) => boolean; resolve: (t: string) => void }> = [];
    const closedWith = new Promise<number>((res) => ws.once('close', (code) => res(code)));
    ws.on('message', (data) => {
      const text = data.toString();
      frames.push(text);
      const i = waiters.findIndex((w) => w.match(text));
      if (i >= 0) waiters.splice(i, 1)[0].resolve(text);
    });
    ws.once('open', () =>
      resolve({
        ws,
        frames,
        next: (match = () => true, ms = 3000) =>
          new Promise((res, rej) => {
            const seen = frames.find(match);
            if (seen) return res(seen);
            const timer = setTimeout(() => rej(new Error(`no matching frame within ${ms} ms; got ${JSON.stringify(frames)}`)), ms);
            waiters.push({ match, resolve: (t) => (clearTimeout(timer), res(t)) });
          }),
        closed: (ms = 3000) =>
          new Promise((res, rej) => {
            const timer = setTimeout(() => rej(new Error(`socket still open after ${ms} ms`)), ms);
            void closedWith.then((code) => (clearTimeout(timer), res(code)));
          }),
        close: () => ws.close(),
      }),
    );
    ws.once('unexpected-response', (req, res) => {
      // With this listener ws leaves the refused request open; end it so the server can close.
      req.destroy();
      reject(new Error(`refused ${res.statusCode}`));
    });
    ws.once('error', reject);
  });
}

