import { useSessionStore } from './store';
import type { AuthRecord, MenuNode } from './types';

const notDataType = (a: AuthRecord) => String(a.type ?? '') !== '2';
const codesOf = (list: AuthRecord[]) => list.flatMap((a) => String(a.action ?? '').split(',').map((c) => c.trim()));

/**
 * The `has` rule of protocol.md §3.2: workflow-node permissions first; then a rule disabled globally
 * (status '0' in allAuth) lets everyone; otherwise the user's button codes (comma-expanded) decide.
 * Data-type records (type '2') never count. An unconfigured code absent from the user's list is denied.
 */
export function hasAuth(
  code: string,
  auth: readonly AuthRecord[],
  allAuth: readonly AuthRecord[],
  nodePermissions?: readonly AuthRecord[],
): boolean {
  if (!code) return false;
  if (nodePermissions?.length && codesOf(nodePermissions.filter(notDataType)).includes(code)) return true;
  if (allAuth.filter(notDataType).some((a) => a.action === code && String(a.status) === '0')) return true;
  const mine = auth.filter(notDataType);
  if (mine.length === 0) return false;
  return codesOf(mine).includes(code);
}

/**
 * `disabledAuthFilter` of protocol.md §3.2 for enable/disable controls (type '2'): disabled when the
 * rule is in force (status not '0') and the user's type-2 codes lack it.
 */
export function isAuthDisabled(code: string, auth: readonly AuthRecord[], allAuth: readonly AuthRecord[]): boolean {
  const rule = allAuth.find((a) => a.action === code && String(a.type) === '2');
  if (!rule || String(rule.status) === '0') return false;
  return !codesOf(auth.filter((a) => String(a.type) === '2')).includes(code);
}

/**
 * The menu as the user may reach it: an entry whose `meta.permission` names codes stays only when the
 * user holds one of them (the `has` rule), and its subtree goes with it. Entries without codes stay.
 */
export function permittedMenu(
  menu: readonly MenuNode[],
  auth: readonly AuthRecord[],
  allAuth: readonly AuthRecord[],
): MenuNode[] {
  return menu
    .filter((node) => {
      const codes = ([] as string[]).concat(node.meta?.permission ?? []).filter(Boolean);
      return codes.length === 0 || codes.some((code) => hasAuth(code, auth, allAuth));
    })
    .map((node) => (node.children ? { ...node, children: permittedMenu(node.children, auth, allAuth) } : node));
}

/** The current user's button permission (element directive). */
export function hasPermission(code: string): boolean {
  const { auth, allAuth } = useSessionStore.getState();
  return hasAuth(code, auth, allAuth);
}

/** React form of `hasPermission`, re-rendering when permissions load. */
export function usePermission(code: string): boolean {
  const auth = useSessionStore((s) => s.auth);
  const allAuth = useSessionStore((s) => s.allAuth);
  return hasAuth(code, auth, allAuth);
}

/** Whether a type-2 (enable/disable) control should be disabled for the current user. */
export function isPermissionDisabled(code: string): boolean {
  const { auth, allAuth } = useSessionStore.getState();
  return isAuthDisabled(code, auth, allAuth);
}
