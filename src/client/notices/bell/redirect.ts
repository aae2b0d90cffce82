import type { MessageRedirect } from '../../../shared/notices';
import { PATIENT_ABNORMAL_PATH, VISIT_FORM_PATH } from '../config';

/** What following a message's redirect does. */
export type RedirectAction =
  | { kind: 'route'; to: string }
  | { kind: 'open'; url: string }
  | { kind: 'download'; url: string }
  | { kind: 'announcement'; id: string }
  | { kind: 'blocked' }
  | { kind: 'none' };

/** Same-site paths and http(s) URLs only (the server checks too; a console never opens script links). */
export function isSafeLink(url: string): boolean {
  if (url.startsWith('/')) return !url.startsWith('//') && !url.startsWith('/\\');
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const query = (param: Record<string, string | undefined>, keys: string[]) => {
  const sp = new URLSearchParams();
  for (const k of keys) if (param[k]) sp.set(k, String(param[k]));
  const text = sp.toString();
  return text ? `?${text}` : '';
};

/**
 * Spec §4 "Notice: click triggers its redirect": a download, a route (visit form with its record ids,
 * the abnormal-patient list, an in-console page), a web page, or the announcement viewer.
 */
export function redirectAction(redirect: MessageRedirect | null | undefined, anntId?: string | null): RedirectAction {
  if (!redirect) return anntId ? { kind: 'announcement', id: anntId } : { kind: 'none' };
  const param = (redirect.param ?? {}) as Record<string, string | undefined>;
  switch (redirect.type) {
    case 'download':
      if (!redirect.downloadUrl) return { kind: 'none' };
      return isSafeLink(redirect.downloadUrl) ? { kind: 'download', url: redirect.downloadUrl } : { kind: 'blocked' };
    case 'web':
      if (!redirect.webUrl) return { kind: 'none' };
      if (!isSafeLink(redirect.webUrl)) return { kind: 'blocked' };
      return redirect.webUrl.startsWith('/') ? { kind: 'route', to: redirect.webUrl } : { kind: 'open', url: redirect.webUrl };
    case 'visitForm':
      return { kind: 'route', to: `${VISIT_FORM_PATH}${query(param, ['detailId', 'caseId', 'formId', 'projectId'])}` };
    case 'patientAbnormal':
      return { kind: 'route', to: PATIENT_ABNORMAL_PATH };
    case 'announcement': {
      const id = param.anntId ?? anntId;
      return id ? { kind: 'announcement', id } : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}
