/**
 * Local storage in the Vue2 `vue-ls` format: key `pro__<name>`, value JSON `{value, expire}` where
 * expire is epoch milliseconds or null. Expired entries read as absent and are removed.
 */
const PREFIX = 'pro__';

interface Stored<T> {
  value: T;
  expire: number | null;
}

function local(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function lsSet<T>(name: string, value: T, ttlMs?: number): void {
  const item: Stored<T> = { value, expire: ttlMs ? Date.now() + ttlMs : null };
  try {
    local()?.setItem(PREFIX + name, JSON.stringify(item));
  } catch {
    // Quota exceeded or storage disabled: the value lives only in memory for this page.
  }
}

export function lsGet<T>(name: string): T | undefined {
  const raw = local()?.getItem(PREFIX + name);
  if (raw == null) return undefined;
  try {
    const item = JSON.parse(raw) as Stored<T>;
    if (item && typeof item === 'object' && 'value' in item) {
      if (item.expire != null && item.expire < Date.now()) {
        lsRemove(name);
        return undefined;
      }
      return item.value;
    }
  } catch {
    // A foreign value under our name: treat as absent.
  }
  return undefined;
}

export function lsRemove(name: string): void {
  local()?.removeItem(PREFIX + name);
}

export function ssSet(name: string, value: unknown): void {
  try {
    sessionStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Ignored as above.
  }
}

export function ssGet<T>(name: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(name);
    return raw == null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function ssRemove(name: string): void {
  try {
    sessionStorage.removeItem(name);
  } catch {
    // Ignored as above.
  }
}
