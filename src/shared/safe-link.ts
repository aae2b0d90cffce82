/**
 * The one rule for links the console stores and follows: announcement pages, message redirects, menu
 * addresses, links and images inside rich text. The server refuses bad links when they are stored and
 * the console checks them again before it navigates, with this same code.
 *
 * Browsers remove tab and newline from a URL and read `\` as `/`, so `/\t/evil.example` and
 * `/\evil.example` are the off-site `//evil.example` once clicked. Such characters are refused before
 * any prefix check, and the origin of a path is confirmed with the URL parser, not by looking at text.
 */

export type LinkKind = 'path' | 'external';
export type LinkProblem = 'control' | 'invalid';
export type LinkCheck = { ok: true; kind: LinkKind } | { ok: false; problem: LinkProblem };

export interface LinkPolicy {
  /** Whether an absolute http(s) address elsewhere is acceptable (opened in a new window). */
  external: boolean;
}

export const MAX_LINK_LENGTH = 2000;

/** Control and format characters (tab, newline, NUL, zero-width, bidi overrides) and any space. */
const CONTROL = /[\p{Cc}\p{Cf}\p{Z}]/u;
const EXTERNAL = /^https?:\/\//i;
/** A stand-in origin: a path is same-origin when resolving it against any origin keeps that origin. */
const PROBE_ORIGIN = 'http://console.invalid';

const refused = (problem: LinkProblem): LinkCheck => ({ ok: false, problem });

/** Whether the text holds a character a browser would drop or rewrite inside a URL. */
export function hasControlChars(text: string): boolean {
  return CONTROL.test(text);
}

/** Classifies a link: a same-origin path (`/x`, never `//x` or `/\x`), or an http(s) address when allowed. */
export function checkLink(link: string, policy: LinkPolicy): LinkCheck {
  if (link === '' || link.length > MAX_LINK_LENGTH) return refused('invalid');
  if (hasControlChars(link)) return refused('control');
  if (link.includes('\\')) return refused('invalid');
  if (link.startsWith('/')) return isSameOrigin(link) ? { ok: true, kind: 'path' } : refused('invalid');
  if (!policy.external || !EXTERNAL.test(link)) return refused('invalid');
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return refused('invalid');
  }
  // `https://trusted.example@evil.example` shows one host and opens another.
  if (!url.hostname || url.username || url.password) return refused('invalid');
  return { ok: true, kind: 'external' };
}

function isSameOrigin(path: string): boolean {
  if (path.startsWith('//')) return false;
  try {
    return new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

export function isSafeLink(link: string, policy: LinkPolicy): boolean {
  return checkLink(link, policy).ok;
}

/** A same-origin path inside the console (what a route or an in-console link must be). */
export function isSitePath(link: string): boolean {
  return checkLink(link, { external: false }).ok;
}

/**
 * An image that may appear in rich text: a file of this site (a same-origin path) or of the configured
 * static-file domain. Any other address is a tracking pixel: it tells a third party who read what, when.
 */
export function isLocalImage(src: string, staticDomain: string): boolean {
  const check = checkLink(src, { external: true });
  if (!check.ok) return false;
  if (check.kind === 'path') return true;
  if (!EXTERNAL.test(staticDomain)) return false;
  try {
    const base = new URL(staticDomain.replace(/\/*$/, '/'));
    const url = new URL(src);
    return url.origin === base.origin && url.pathname.startsWith(base.pathname);
  } catch {
    return false;
  }
}

/** Rich-text hrefs also take mail and phone links and in-page anchors. */
export function isSafeHref(href: string): boolean {
  if (hasControlChars(href)) return false;
  if (/^(mailto|tel):[^/\\]/i.test(href) || /^#[\w-]*$/.test(href)) return true;
  return isSafeLink(href, { external: true });
}
