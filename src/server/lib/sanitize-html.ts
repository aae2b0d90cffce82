import sanitizeHtml from 'sanitize-html';
import { isLocalImage, isSafeHref } from '../../shared/safe-link.js';

/**
 * The one server-side policy for rich text (announcements, articles, editor fields): parse, then keep
 * only an allow-list (security catalogue: no regex "sanitisers"). It matches what the console's editor
 * produces; the console sanitises again with DOMPurify when it renders. Links and images follow the
 * shared link rule (src/shared/safe-link.ts); images elsewhere than this site or its static-file domain
 * are dropped, because a remote picture reports every reader to whoever serves it.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
    'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'mark', 'span',
    'ul', 'ol', 'li', 'a', 'img',
    'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'colwidth'],
    th: ['colspan', 'rowspan', 'colwidth'],
    col: ['span', 'width'],
    ol: ['start'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [/^\d{1,3}(px|em|rem|%)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links that open a new window must not hand it our window object.
    a: (tagName, attribs) => {
      const next = { ...attribs };
      if (next.href !== undefined && !isSafeHref(next.href)) delete next.href;
      if (next.target && next.target !== '_blank') delete next.target;
      if (next.target === '_blank') next.rel = 'noopener noreferrer';
      return { tagName, attribs: next };
    },
  },
};

/** `staticDomain` is the configured static-file domain (empty: files are served by this site). */
export function sanitizeRichText(html: string | null | undefined, staticDomain = ''): string {
  if (!html) return '';
  return sanitizeHtml(html, {
    ...OPTIONS,
    exclusiveFilter: (frame) => frame.tag === 'img' && !isLocalImage(frame.attribs.src ?? '', staticDomain),
  });
}
