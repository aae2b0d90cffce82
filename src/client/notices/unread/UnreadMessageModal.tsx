import { useCallback, useEffect, useState } from 'react';
import { feedback } from '../../api/feedback';
import { getRuntimeConfig } from '../../config/runtime';
import { t } from '../../locale/zh-CN';
import { fetchUnreadList, markMessagesRead } from '../api';
import { emitNoticesReload } from '../bus';
import { onDemand } from '../../router/lazy';
import { OnDemand } from '../../router/OnDemand';
import { DRIVER_WEB_APP_CODE } from '../config';
import type { Notice } from '../types';
import { showsOnStart, unreadIds, withFlags } from './rules';

// The dialog (antd Modal, Typography) loads only when there are messages to show.
const UnreadMessageDialog = onDemand(() => import('./UnreadMessageDialog'), 'UnreadMessageDialog');

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : t.common.failed);

/**
 * 近三天未读消息: at start, for the driver web application, the unread messages of the last three days,
 * one at a time. Showing a message marks it read; a failed mark puts its flag back and shows the
 * server's message (spec §4).
 */
export function UnreadMessageModal({ appCode = getRuntimeConfig().appCode }: { appCode?: string }) {
  const [list, setList] = useState<Notice[]>([]);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const mark = useCallback(async (ids: string[]) => {
    if (ids.length === 0) return true;
    setList((l) => withFlags(l, ids, 1));
    try {
      await markMessagesRead(ids);
      return true;
    } catch (e) {
      setList((l) => withFlags(l, ids, 0));
      feedback().message.error(errorText(e));
      return false;
    } finally {
      emitNoticesReload();
    }
  }, []);

  const markAt = useCallback(
    (messages: readonly Notice[], i: number) => {
      const m = messages[i];
      if (m && m.readFlag === 0) void mark([m.id]);
    },
    [mark],
  );

  useEffect(() => {
    if (appCode !== DRIVER_WEB_APP_CODE) return;
    let alive = true;
    fetchUnreadList()
      .then((found) => {
        if (!alive || !showsOnStart(appCode, DRIVER_WEB_APP_CODE, found)) return;
        setList(found);
        setIndex(0);
        setOpen(true);
        markAt(found, 0);
      })
      .catch(() => {});
    return () => {
      alive = false;
    };
  }, [appCode, markAt]);

  const go = (next: number) => {
    setIndex(next);
    markAt(list, next);
  };

  const markAll = async () => {
    setBusy(true);
    const ok = await mark(unreadIds(list));
    setBusy(false);
    if (ok) {
      feedback().message.success(t.notices.unread.allRead);
      setOpen(false);
    }
  };

  if (!open) return null;
  return (
    <OnDemand when={open} onFailed={() => setOpen(false)}>
      <UnreadMessageDialog
        list={list}
        index={index}
        busy={busy}
        onClose={() => setOpen(false)}
        onGo={go}
        onMarkAll={() => void markAll()}
      />
    </OnDemand>
  );
}
