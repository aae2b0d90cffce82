import type { MessageRedirect } from '../../../shared/notices';
import { checkLink, type LinkProblem } from '../../../shared/safe-link';
import { PATIENT_ABNORMAL_PATH, VISIT_FORM_PATH } from '../config';

/** What following a message's redirect does. */
export type RedirectAction =
  | { kind: 'route'; to: string }
  | { kind: 'open'; url: string }
  | { kind: 'download'; url: string }
  | { kind: 'announcement'; id: string }
  | { kind: 'blocked'; problem: LinkProblem }
  | { kind: 'none' };

/**
 * Where a stored link leads, by the shared link rule (the server checked it when it was stored; links
 * stored before that rule, or by another backend, are checked here): a console route, a page elsewhere
 * in a new window, or nowhere.
 */
export function linkAction(url: string): RedirectAction {
  const check = checkLink(url, { external: true });
  if (!check.ok) return { kind: 'blocked', problem: check.problem };
  return check.kind === 'path' ? { kind: 'route', to: url } : { kind: 'open', url };
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
    case 'download': {
      if (!redirect.downloadUrl) return { kind: 'none' };
      const link = linkAction(redirect.downloadUrl);
      return link.kind === 'blocked' ? link : { kind: 'download', url: redirect.downloadUrl };
    }
    case 'web':
      return redirect.webUrl ? linkAction(redirect.webUrl) : { kind: 'none' };
    case 'visitForm':
      return { kind: 'route', to: `${VISIT_FORM_PATH}${query(param, ['detailId', 'caseId', 'formId', 'projectId'])}` };
    case 'patientAbnormal':
      // With a record (an alert a trigger raised), the list opens filtered to it, as `?id=` does for any list.
      return {
        kind: 'route',
        to: param.detailId
          ? `${PATIENT_ABNORMAL_PATH}?id=${encodeURIComponent(param.detailId)}`
          : PATIENT_ABNORMAL_PATH,
      };
    case 'announcement': {
      const id = param.anntId ?? anntId;
      return id ? { kind: 'announcement', id } : { kind: 'none' };
    }
    default:
      return { kind: 'none' };
  }
}
