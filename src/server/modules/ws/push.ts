import type { AppContext } from '../../context.js';
import type { PushFrame } from '../../../shared/notices.js';
import type { Fanout } from './fanout.js';
import type { SocketHub } from './hub.js';

interface Realtime {
  hub: SocketHub;
  fanout: Fanout;
}

/** The real-time channel of each app (one per AppContext; tests run several apps in one process). */
const channels = new WeakMap<AppContext, Realtime>();

export function attachRealtime(ctx: AppContext, rt: Realtime): void {
  channels.set(ctx, rt);
}

export function detachRealtime(ctx: AppContext): void {
  channels.delete(ctx);
}

export function realtimeOf(ctx: AppContext): Realtime | undefined {
  return channels.get(ctx);
}

/**
 * Pushes a frame to the users' sockets on every instance. Best effort: the data is already in the
 * database and consoles poll while disconnected, so a failed push is logged by the caller, not fatal.
 */
export async function pushToUsers(ctx: AppContext, userIds: readonly string[] | null, frame: PushFrame): Promise<void> {
  const rt = channels.get(ctx);
  if (!rt || (userIds !== null && userIds.length === 0)) return;
  await rt.fanout.publish(userIds, JSON.stringify(frame));
}
