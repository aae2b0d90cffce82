import { useMemo } from 'react';
import { hasAuth, isAuthDisabled } from '../session/permissions';
import { useSessionStore } from '../session/store';
import type { AuthRecord } from '../session/types';

/** A permission prefix as the exclusion list reads it: with its trailing colon. */
export function normalisePrefix(prefix: string | undefined): string {
  if (!prefix) return '';
  return prefix.endsWith(':') ? prefix : `${prefix}:`;
}

/**
 * The exclusion list of spec §6 for a prefix: button codes under `prefix:` configured in allAuth that
 * the user may not use (by the `has` rule), without the prefix — e.g. ['add', 'batch_delete'].
 */
export function exclusionList(
  prefix: string | undefined,
  auth: readonly AuthRecord[],
  allAuth: readonly AuthRecord[],
): string[] {
  const p = normalisePrefix(prefix);
  if (!p) return [];
  const codes = new Set<string>();
  for (const a of allAuth) {
    if (String(a.type ?? '') === '2') continue;
    for (const code of String(a.action ?? '')
      .split(',')
      .map((c) => c.trim())) {
      if (code.startsWith(p) && !hasAuth(code, auth, allAuth)) codes.add(code.slice(p.length));
    }
  }
  return [...codes];
}

/** `permission` keeps an element only when held; `unlessPermission` only when not held. */
export interface Gate {
  permission?: string;
  unlessPermission?: string;
}

export function gateAllows(gate: Gate | null | undefined, has: (code: string) => boolean): boolean {
  if (!gate) return true;
  if (gate.permission && !has(gate.permission)) return false;
  if (gate.unlessPermission && has(gate.unlessPermission)) return false;
  return true;
}

/**
 * A form field's `x-auth` code: a type '2' code disables the field when the user lacks it
 * (disabledAuthFilter); any other code hides it when the `has` rule refuses it.
 */
export function fieldAuthState(
  code: string,
  auth: readonly AuthRecord[],
  allAuth: readonly AuthRecord[],
): 'editable' | 'disabled' | 'hidden' {
  const rule = allAuth.find((a) => a.action === code);
  if (rule && String(rule.type) === '2') return isAuthDisabled(code, auth, allAuth) ? 'disabled' : 'editable';
  return hasAuth(code, auth, allAuth) ? 'editable' : 'hidden';
}

export interface PagePermissions {
  has: (code: string) => boolean;
  /** Whether a built-in button (add, batch_delete, ...) is in the page prefix's exclusion list. */
  excluded: (button: string) => boolean;
  fieldState: (code: string) => 'editable' | 'disabled' | 'hidden';
}

/** The permission view of one page, recomputed when the session's permissions change. */
export function usePagePermissions(prefix: string | undefined): PagePermissions {
  const auth = useSessionStore((s) => s.auth);
  const allAuth = useSessionStore((s) => s.allAuth);
  return useMemo(() => {
    const excludedSet = new Set(exclusionList(prefix, auth, allAuth));
    return {
      has: (code: string) => hasAuth(code, auth, allAuth),
      excluded: (button: string) => excludedSet.has(button),
      fieldState: (code: string) => fieldAuthState(code, auth, allAuth),
    };
  }, [prefix, auth, allAuth]);
}
