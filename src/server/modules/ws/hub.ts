import type { WebSocket } from 'ws';

/** At most this many sockets per user (tabs, devices); the oldest is closed when one more arrives. */
export const MAX_SOCKETS_PER_USER = 10;

/** How many users' disconnect times are remembered for the catch-up on reconnect. */
const MAX_REMEMBERED_DISCONNECTS = 10_000;

/** Close code for a socket whose session has ended; a reconnect with its token is refused (401). */
export const SESSION_ENDED_CODE = 4401;

/** The sockets this instance holds, by the user and the session they were opened with. */
export class SocketHub {
  private readonly byUser = new Map<string, Set<WebSocket>>();
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly sessionOf = new WeakMap<WebSocket, string>();
  /** When each user's last socket here closed (bounded): what he may have missed is newer than that. */
  private readonly goneAt = new Map<string, number>();
  private count = 0;

  add(userId: string, sessionId: string, socket: WebSocket): void {
    this.goneAt.delete(userId);
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
    if (set.size === 0) {
      this.byUser.delete(userId);
      this.goneAt.set(userId, Date.now());
      if (this.goneAt.size > MAX_REMEMBERED_DISCONNECTS) this.goneAt.delete(this.goneAt.keys().next().value as string);
    }
    const sessionId = this.sessionOf.get(socket);
    const ofSession = sessionId === undefined ? undefined : this.bySession.get(sessionId);
    if (sessionId !== undefined && ofSession?.delete(socket) && ofSession.size === 0) this.bySession.delete(sessionId);
  }

  /** When the user's last socket on this instance closed, if he has none open now and it is remembered. */
  disconnectedAt(userId: string): number | undefined {
    return this.byUser.has(userId) ? undefined : this.goneAt.get(userId);
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
