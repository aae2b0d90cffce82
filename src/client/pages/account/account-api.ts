import { getAction, postAction, putAction } from '../../api';
import { setUserInfo } from '../../session/store';
import type { UserInfo } from '../../session/types';

/** The caller's own profile as the server shows it: phone and e-mail masked. */
export interface SelfProfile {
  id: string;
  username: string;
  realname: string | null;
  sex: number | null;
  birthday: string | null;
  email: string | null;
  phone: string | null;
  avatar: string | null;
  orgCode: string | null;
}

export interface SelfProfileInput {
  realname?: string;
  sex?: number | null;
  birthday?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
}

export interface OwnSession {
  id: string;
  current: boolean;
  userAgent: string | null;
  clientIp: string | null;
  createTime: string;
  lastActiveTime: string;
}

/** Thrown with the server's Chinese message when it refuses (success false). */
export class Refused extends Error {}

function unwrap<T>(res: { success: boolean; message: string; result: T }): T {
  if (!res.success) throw new Refused(res.message);
  return res.result;
}

export async function loadProfile(): Promise<SelfProfile> {
  return unwrap(await getAction<SelfProfile>('/sys/user/selfProfile'));
}

/** Saves own fields; the header and the rest of the console see the new name and avatar at once. */
export async function saveProfile(input: SelfProfileInput): Promise<SelfProfile> {
  const result = unwrap(await putAction<{ userInfo: UserInfo; profile: SelfProfile }>('/sys/user/appEdit', input));
  setUserInfo(result.userInfo);
  return result.profile;
}

export async function listSessions(): Promise<OwnSession[]> {
  return unwrap(await getAction<OwnSession[]>('/sys/user/mySessions'));
}

export async function revokeSession(id: string): Promise<string> {
  const res = await postAction<string>('/sys/user/mySessions/revoke', { id });
  unwrap(res);
  return res.message;
}

export async function revokeOtherSessions(): Promise<string> {
  const res = await postAction<{ count: number }>('/sys/user/mySessions/revokeOthers');
  unwrap(res);
  return res.message;
}
