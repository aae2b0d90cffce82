import { PROJECT_NAME_MAX } from '../../config/constants';
import { KEYS } from '../../session/keys';
import { lsGet } from '../../session/storage';

/** The project name stored by the project picker of RWS-P-WEB, cut to 8 characters for the header. */
export function storedProjectName(): { full: string; short: string } {
  const info = lsGet<{ projectName?: string; name?: string } | string>(KEYS.projectInfo);
  const full = typeof info === 'string' ? info : (info?.projectName ?? info?.name ?? '');
  return { full, short: Array.from(full).slice(0, PROJECT_NAME_MAX).join('') };
}
