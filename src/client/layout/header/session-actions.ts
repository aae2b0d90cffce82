import { getAction } from '../../api';
import { feedback } from '../../api/feedback';
import { currentVariant, routerBase } from '../../config/runtime';
import { t } from '../../locale/zh-CN';
import { refreshDictCache } from '../../session/dicts';
import { pageNavigation } from '../../router/navigation';
import { logout } from '../../session/logout';

/** 清除字典缓存 (spec §7, §8). */
export async function clearDictCache(): Promise<void> {
  try {
    if (await refreshDictCache()) feedback().message.success(t.shell.header.dictRefreshed);
    else feedback().message.warning(t.shell.header.dictRefreshFailed);
  } catch {
    feedback().message.warning(t.shell.header.dictRefreshFailed);
  }
}

/** 清除系统缓存. */
export async function clearSystemCache(): Promise<void> {
  try {
    const res = await getAction('/api/yjy/common/clearCache');
    if (res.success) feedback().message.success(res.message || t.shell.header.systemCacheCleared);
    else feedback().message.warning(res.message || t.shell.header.systemCacheFailed);
  } catch {
    // The error catalogue has told the user.
  }
}

export function loginUrl(): string {
  const base = routerBase();
  return `${base === '/' ? '' : base}${currentVariant().loginPath}`;
}

/** Asks 真的要注销登录吗？, then signs out and loads the login route afresh, whatever the server says. */
export function confirmLogout(): void {
  feedback().modal.confirm({
    title: t.shell.header.logoutConfirmTitle,
    content: t.shell.header.logoutConfirm,
    onOk: async () => {
      try {
        await logout();
      } finally {
        pageNavigation.assign(loginUrl());
      }
    },
  });
}
