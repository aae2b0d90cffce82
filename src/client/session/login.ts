import { getAction, postAction } from '../api';
import { http } from '../api/http';
import type { Envelope } from '../../shared/envelope';
import { t } from '../locale/zh-CN';
import { storeDictCache } from './dicts';
import { permittedMenu } from './permissions';
import { KEYS } from './keys';
import { lsGet, lsRemove, lsSet } from './storage';
import { setPermissions, setTenantId, setToken, setUserInfo, useSessionStore } from './store';
import type { Depart, LoginResult, MenuNode, PermissionResult, UserInfo } from './types';

/** Login answers other than code 200 are refused to the caller with the server's message (spec §8). */
function signedIn(res: Envelope<LoginResult>): LoginResult {
  if (String(res.code) !== '200' || !res.result?.token) throw new Error(res.message || t.shell.login.failed);
  return res.result;
}

const signIn = async (url: string, body: Record<string, unknown>) =>
  signedIn(await postAction<LoginResult>(url, body));

export function passwordLogin(username: string, password: string): Promise<LoginResult> {
  return signIn('/sys/login', { username, password, remember_me: true });
}

export function phoneLogin(mobile: string, captcha: string): Promise<LoginResult> {
  return signIn('/sys/phoneLogin', { mobile, captcha, remember_me: true });
}

/**
 * Single sign-on (protocol §2.9): the CAS server sent the browser back with a one-time ticket for
 * `service`; the server validates it and signs the CAS user in.
 */
export async function casLogin(ticket: string, service: string): Promise<LoginResult> {
  return signedIn(await getAction<LoginResult>('/sys/cas/client/validateLogin', { ticket, service }));
}

/** smsmode: '0' sign-in, '1' register, '2' forgotten password. Resolves to the server's message. */
export async function sendSmsCode(mobile: string, smsmode: '0' | '1' | '2'): Promise<string> {
  const res = await postAction<string>('/sys/sms', { mobile, smsmode });
  if (!res.success) throw new Error(res.message);
  return res.message;
}

/** Stores what a successful sign-in returns (7 days) and remembers the username. */
export function applyLoginResult(result: LoginResult, rememberUsername?: string | null): void {
  setToken(result.token);
  setUserInfo(result.userInfo);
  if (result.sysAllDictItems) storeDictCache(result.sysAllDictItems);
  const tenants = result.tenantList ?? [];
  setTenantId(tenants.length === 1 ? tenants[0].id : null);
  if (rememberUsername) lsSet(KEYS.loginUsername, rememberUsername);
  else if (rememberUsername === null) lsRemove(KEYS.loginUsername);
}

export function rememberedUsername(): string {
  return lsGet<string>(KEYS.loginUsername) ?? '';
}

/** Fetches the menu and button permissions; an empty menu is an error (spec §8). */
export async function loadPermissions(): Promise<MenuNode[]> {
  const res = await getAction<PermissionResult>('/sys/permission/getUserPermissionByToken');
  const result = res.result;
  if (!res.success || !result) throw new Error(res.message || t.shell.login.permissionLoadFailed);
  if (!Array.isArray(result.menu) || result.menu.length === 0)
    throw new Error(t.shell.login.permissionsEmpty);
  const auth = result.auth ?? [];
  const allAuth = result.allAuth ?? [];
  const menu = permittedMenu(result.menu, auth, allAuth);
  setPermissions({ menu, auth, allAuth });
  return menu;
}

/** The signed-in user's departments and the current one (`{list, orgCode}` or a bare list). */
export async function currentUserDeparts(): Promise<{ list: Depart[]; orgCode: string | null }> {
  const res = await getAction<Depart[] | { list: Depart[]; orgCode?: string | null }>(
    '/sys/user/getCurrentUserDeparts',
  );
  if (!res.success) throw new Error(res.message);
  const r = res.result;
  const list = Array.isArray(r) ? r : (r?.list ?? []);
  const orgCode = Array.isArray(r) ? null : (r?.orgCode ?? null);
  return { list: list.map((d) => ({ ...d, orgCode: d.orgCode ?? d.deptCode ?? '' })), orgCode };
}

/**
 * Makes a department current (spec §6). During sign-in the token is not stored yet (the choice comes
 * first), so it can be passed; afterwards the returned user info replaces the stored one.
 */
export async function selectDepart(orgCode: string, token?: string): Promise<UserInfo> {
  const headers = token ? { 'X-Access-Token': token } : undefined;
  const res = (
    await http.put<Envelope<{ userInfo?: UserInfo }>>('/sys/selectDepart', { orgCode }, { headers })
  ).data;
  if (!res.success) throw new Error(res.message);
  const info = res.result?.userInfo ?? { ...(useSessionStore.getState().userInfo as UserInfo), orgCode };
  if (!token) setUserInfo(info);
  return info;
}

export function saveTenant(id: string | number | null): void {
  setTenantId(id);
}
