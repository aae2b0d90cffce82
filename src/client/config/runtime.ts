import { DEFAULT_APP_CODE, resolveVariant, type AppVariant } from './variants';
import { DEFAULT_TIME_ZONE, isTimeZone, setTimeZone } from '../../shared/time';

/** What `/config.json` tells the console at start (one build, every deployment). */
export interface RuntimeConfig {
  apiBase: string;
  /** Prefix for stored file paths that are not absolute URLs. */
  staticDomain: string;
  appCode: string;
  /** Web alias (BSC, YCBL) that picks its own sign-in route. */
  webAlias?: string;
  /** The server's X-Sign secret when it is not the protocol's public one. */
  signSecret?: string;
  /** History base when a micro-frontend host mounts the console below a path. */
  routerBase?: string;
  /** The CAS server's login page; the sign-in screen offers single sign-on when set. */
  casLoginUrl?: string;
  /** The server's IANA time zone (TZ): greetings, "today" and the times it sends follow it. */
  timeZone: string;
}

const DEFAULTS: RuntimeConfig = {
  apiBase: '/jeecg-boot',
  staticDomain: '/jeecg-boot/sys/common/static',
  appCode: DEFAULT_APP_CODE,
  timeZone: DEFAULT_TIME_ZONE,
};

let current: RuntimeConfig = { ...DEFAULTS };

declare global {
  interface Window {
    /** Set by a micro-frontend host before the console starts. */
    __CONSOLE_ROUTER_BASE__?: string;
  }
}

/** Reads `/config.json`; keeps the defaults for anything missing or when the file cannot be read. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const res = await fetchImpl('/config.json', { cache: 'no-store' });
    if (res.ok) {
      const body = (await res.json()) as Partial<RuntimeConfig>;
      setRuntimeConfig(body);
    }
  } catch {
    // Offline or misconfigured host: the defaults still let the sign-in page show its own error.
  }
  return current;
}

export function setRuntimeConfig(patch: Partial<RuntimeConfig>): RuntimeConfig {
  const next: RuntimeConfig = { ...current };
  for (const [k, v] of Object.entries(patch)) {
    if (typeof v === 'string') (next as unknown as Record<string, string>)[k] = v;
  }
  next.apiBase = next.apiBase.replace(/\/+$/, '');
  // A zone this browser does not know keeps the previous one rather than breaking every date.
  if (!isTimeZone(next.timeZone)) next.timeZone = current.timeZone;
  setTimeZone(next.timeZone);
  current = next;
  return current;
}

export function getRuntimeConfig(): RuntimeConfig {
  return current;
}

export function currentVariant(): AppVariant {
  return resolveVariant(current.appCode, current.webAlias);
}

export function routerBase(): string {
  const raw = (typeof window !== 'undefined' && window.__CONSOLE_ROUTER_BASE__) || current.routerBase || '/';
  return raw === '/' ? '/' : `/${raw.replace(/^\/+|\/+$/g, '')}`;
}
