import DOMPurify from 'dompurify';
import { isLocalImage, isSafeHref } from '../../../shared/safe-link';
import { getRuntimeConfig } from '../../config/runtime';

/**
 * The console's rich-text policy, the same allow-list as the server's sanitize-html helper
 * (src/server/lib/sanitize-html.ts): editor output is cleaned before it leaves the field.
 */
const ALLOWED_TAGS = [
  'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code',
  'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'sub', 'sup', 'mark', 'span',
  'ul', 'ol', 'li', 'a', 'img',
  'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption', 'colgroup', 'col',
];
const ALLOWED_ATTR = ['href', 'title', 'target', 'rel', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'colwidth', 'span', 'start', 'style'];

/** Inline styles: only these properties with these value shapes survive (as on the server). */
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\))$/i;
const ALLOWED_STYLES: Record<string, RegExp> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': /^(left|right|center|justify)$/,
  'font-size': /^\d{1,3}(px|em|rem|%)$/,
};

export function cleanStyle(style: string): string {
  return style
    .split(';')
    .map((decl) => {
      const i = decl.indexOf(':');
      if (i < 0) return '';
      const prop = decl.slice(0, i).trim().toLowerCase();
      const value = decl.slice(i + 1).trim();
      return ALLOWED_STYLES[prop]?.test(value) ? `${prop}:${value}` : '';
    })
    .filter(Boolean)
    .join(';');
}

let purifier: ReturnType<typeof DOMPurify> | null = null;

function instance() {
  if (purifier) return purifier;
  const p = DOMPurify(window);
  p.addHook('uponSanitizeAttribute', (_node, data) => {
    // The shared link rule (src/shared/safe-link.ts), as on the server: images only from this site or
    // its static-file domain (a remote one is a tracking pixel; content stored earlier may hold one),
    // links only to web pages, this site's paths, mail and phone.
    if (data.attrName === 'src' && !isLocalImage(data.attrValue.trim(), getRuntimeConfig().staticDomain)) data.keepAttr = false;
    if (data.attrName === 'href' && !isSafeHref(data.attrValue.trim())) data.keepAttr = false;
    if (data.attrName === 'style') {
      data.attrValue = cleanStyle(data.attrValue);
      if (!data.attrValue) data.keepAttr = false;
    }
  });
  p.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'IMG' && !node.getAttribute('src')) node.remove();
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') node.setAttribute('rel', 'noopener noreferrer');
  });
  purifier = p;
  return p;
}

export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return '';
  return instance().sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false });
}
