import type { WebSocket } from 'ws';

/** At most this many sockets per user (tabs, devices); the oldest is closed when one more arrives. */
export const MAX_SOCKETS_PER_USER = 10;

/** Close code for a socket whose session has ended; a reconnect with its token is refused (401). */
export const SESSION_ENDED_CODE = 4401;

/** The sockets this instance holds, by the user and the session they were opened with. */
export class SocketHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly sessionOf = new WeakMap<WebSocket, string>();
  private count = 0;

  add(userId: string, sessionId: string, socket: WebSocket): void {
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
    let ofSession = this.bySession.get(sessionId);
    if (!ofSession) {
      ofSession = new Set();
      this.bySession.set(sessionId, ofSession);
    }
    ofSession.add(socket);
    this.sessionOf.set(socket, sessionId);
    this.count++;
  }

  remove(userId: string, socket: WebSocket): void {
    const set = this.byUser.get(userId);
    if (!set?.delete(socket)) return;
    this.count--;
    if (set.size === 0) this.byUser.delete(userId);
    const sessionId = this.sessionOf.get(socket);
    const ofSession = sessionId === undefined ? undefined : this.bySession.get(sessionId);
    if (sessionId !== undefined && ofSession?.delete(socket) && ofSession.size === 0) this.bySession.delete(sessionId);
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

  /** Closes the sockets opened with these sessions (they were revoked); returns how many. */
  closeSessions(sessionIds: readonly string[]): number {
    let closed = 0;
    for (const id of new Set(sessionIds)) {
      for (const s of [...(this.bySession.get(id) ?? [])]) {
        s.close(SESSION_ENDED_CODE, 'session ended');
        closed++;
      }
    }
    return closed;
  }

  /** The sessions this instance holds sockets for. */
  sessionIds(): string[] {
    return [...this.bySession.keys()];
  }

  size(): number {
    return this.count;
  }

  all(): WebSocket[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }
}
