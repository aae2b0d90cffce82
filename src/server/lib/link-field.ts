import { checkLink, type LinkKind, type LinkPolicy } from '../../shared/safe-link.js';
import { badRequest } from '../http/errors.js';

/** The answer to a link with characters a browser drops or rewrites (tab, newline, spaces, NUL). */
export const controlCharsMessage = (label: string) => `${label}不能包含空格、换行、制表符等控制字符`;

/**
 * Refuses a link before it is stored (src/shared/safe-link.ts): a clean 400 naming the field, so a
 * stored link is always one the console will follow. Returns whether it is a path or an address.
 */
export function assertSafeLink(label: string, link: string, policy: LinkPolicy): LinkKind {
  const check = checkLink(link, policy);
  if (check.ok) return check.kind;
  if (check.problem === 'control') throw badRequest(controlCharsMessage(label));
  throw badRequest(
    policy.external ? `${label}只能是 http(s) 地址或以单个 / 开头的站内路径` : `${label}只能是以单个 / 开头的站内路径`,
  );
}
