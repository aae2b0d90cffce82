import { useEffect } from 'react';
import { getRuntimeConfig } from '../../config/runtime';
import { emitNoticesReload } from '../bus';
import { POLL_COUNT_MS, POLL_REFRESH_MS, RECONNECT_BASE_MS, RECONNECT_MAX_MS } from '../config';
import { refreshUnreadCount, setConnected } from '../store';
import { socketUrl } from './frames';
import { NoticeSocket } from './socket';

/**
 * Keeps the bell current: a push reloads it at once; while the push channel is down the console polls
 * the unread count every 6 s and reloads everything once after 60 s (spec §9), and catches up when the
 * channel is back.
 */
export function useNoticeRealtime(userId: string | undefined, token: string | null): void {
  useEffect(() => {
    if (!userId || !token) return;
    let countTimer: ReturnType<typeof setInterval> | null = null;
    let refreshTimer: ReturnType<typeof setTimeout> | null = null;
    const startPolling = () => {
      if (countTimer) return;
      countTimer = setInterval(() => void refreshUnreadCount(), POLL_COUNT_MS);
      refreshTimer = setTimeout(emitNoticesReload, POLL_REFRESH_MS);
    };
    const stopPolling = () => {
      if (countTimer) clearInterval(countTimer);
      if (refreshTimer) clearTimeout(refreshTimer);
      countTimer = null;
      refreshTimer = null;
    };
    const socket = new NoticeSocket({
      url: socketUrl(getRuntimeConfig().apiBase, userId),
      token,
      baseDelayMs: RECONNECT_BASE_MS,
      maxDelayMs: RECONNECT_MAX_MS,
      onFrame: () => emitNoticesReload(),
      onStatus: (connected) => {
        setConnected(connected);
        if (connected) {
          stopPolling();
          emitNoticesReload();
        } else startPolling();
      },
    });
    startPolling();
    socket.start();
    return () => {
      socket.stop();
      stopPolling();
    };
  }, [userId, token]);
}
