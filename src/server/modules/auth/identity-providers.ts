import type { Config } from '../../config.js';
import { bizError } from '../../http/errors.js';

const TIMEOUT_MS = 10_000;

/**
 * Feishu-style sign-in: the console sends an authorisation code; the server exchanges it at the
 * configured token URL and reads the user from the configured user URL (both from settings only, never
 * from the request). Responses follow Feishu's `{code:0,data:{…}}` shape. Returns the user's mobile.
 */
export async function feishuMobile(cfg: Config, code: string): Promise<string> {
  if (!cfg.feishuTokenUrl || !cfg.feishuUserUrl) throw bizError('未配置飞书登录');
  const tokenRes = await fetchJson(cfg.feishuTokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'authorization_code', code, app_id: cfg.feishuAppId, app_secret: cfg.feishuAppSecret }),
  });
  const accessToken = (tokenRes.data as { access_token?: unknown } | undefined)?.access_token;
  if (tokenRes.code !== 0 || typeof accessToken !== 'string') throw bizError('飞书授权码无效或已过期');
  const userRes = await fetchJson(cfg.feishuUserUrl, { headers: { authorization: `Bearer ${accessToken}` } });
  const mobile = (userRes.data as { mobile?: unknown } | undefined)?.mobile;
  if (userRes.code !== 0 || typeof mobile !== 'string' || !mobile) throw bizError('无法从飞书获取用户信息');
  return mobile.replace(/^\+86/, '');
}

/** CAS 3 ticket validation against the configured server; returns the authenticated user name. */
export async function casUser(cfg: Config, ticket: string, service: string): Promise<string> {
  if (!cfg.casPrefix) throw bizError('未配置单点登录');
  const url = `${cfg.casPrefix.replace(/\/$/, '')}/p3/serviceValidate?ticket=${encodeURIComponent(ticket)}&service=${encodeURIComponent(service)}`;
  const res = await fetchWithTimeout(url, { redirect: 'error' });
  const xml = await res.text();
  const user = /<cas:user>\s*([^<\s]+)\s*<\/cas:user>/.exec(xml)?.[1];
  if (!user) {
    const reason = /<cas:authenticationFailure[^>]*>\s*([^<]*)</.exec(xml)?.[1]?.trim();
    throw bizError(reason ? `单点登录票据无效：${reason}` : '单点登录票据无效');
  }
  return user;
}

async function fetchJson(url: string, init: RequestInit): Promise<{ code?: number; data?: unknown }> {
  const res = await fetchWithTimeout(url, { ...init, redirect: 'error' });
  try {
    return (await res.json()) as { code?: number; data?: unknown };
  } catch {
    throw bizError('身份提供方返回了无法识别的数据');
  }
}

async function fetchWithTimeout(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw bizError('无法连接身份提供方，请稍后再试');
  }
}
