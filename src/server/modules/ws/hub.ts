import type { WebSocket } from 'ws';

/** At most this many sockets per user (tabs, devices); the oldest is closed when one more arrives. */
export const MAX_SOCKETS_PER_USER = 10;

/** The sockets this instance holds, by the user their session belongs to. */
export class SocketHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private count = 0;

  add(userId: string, socket: WebSocket): void {
    let set = this.byUser.get(userId);
    if (!set) {
      set = new Set();
      this.byUser.set(userId, set);
    }
    if (set.size >= MAX_SOCKETS_PER_USER) {
      const oldest = set.values().next().value as WebSocket;
      this.remove(userId, oldest);
      oldest.close(4008, 'too many connections');
    }
    set.add(socket);
    this.count++;
  }

  remove(userId: string, socket: WebSocket): void {
    const set = this.byUser.get(userId);
    if (!set?.delete(socket)) return;
    this.count--;
    if (set.size === 0) this.byUser.delete(userId);
  }

  /** Sends a text frame to every open socket of the users (null: every socket); returns how many got it. */
  deliver(userIds: readonly string[] | null, frame: string): number {
    let sent = 0;
    const send = (s: WebSocket) => {
      if (s.readyState !== s.OPEN) return;
      s.send(frame);
      sent++;
    };
    if (userIds === null) {
      for (const set of this.byUser.values()) for (const s of set) send(s);
      return sent;
    }
    for (const id of new Set(userIds)) for (const s of this.byUser.get(id) ?? []) send(s);
    return sent;
  }

  size(): number {
    return this.count;
  }

  all(): WebSocket[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }
}
