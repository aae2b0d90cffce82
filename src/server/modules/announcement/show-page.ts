import type { FastifyRequest } from 'fastify';
import { sanitizeRichText } from '../../lib/sanitize-html.js';

/**
 * The HTML detail page of one announcement (`/sys/annountCement/show/{id}` opened in an iframe).
 * It runs no script at all: the policy allows none, the rich text is sanitised again on the way out
 * (it was on the way in), and every plain field is escaped, so neither a `<script>`, an event handler
 * nor a backtick or `${` in the content can do anything (XSS-01).
 */
export const SHOW_HEADERS = {
  'content-security-policy':
    "default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** A browser navigating (an iframe or a new tab) asks for HTML; API clients ask for JSON. */
export function wantsHtml(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return /text\/html/i.test(accept) && !/application\/json/i.test(accept.split(',')[0] ?? '');
}

const escapeHtml = (text: unknown) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{margin:0;padding:24px 32px;font:14px/1.7 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;color:#262626;background:#fff}
h1{margin:0 0 8px;font-size:20px;font-weight:600}
.meta{color:#8c8c8c;font-size:13px;margin-bottom:16px;padding-bottom:12px;border-bottom:1px solid #f0f0f0}
.meta span{margin-right:16px}
.content img{max-width:100%}
.content table{border-collapse:collapse}
.content td,.content th{border:1px solid #e8e8e8;padding:4px 8px}
.empty{color:#8c8c8c;text-align:center;margin-top:80px}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export interface ShownAnnouncement {
  titile: string;
  msgContent: string | null;
  sender: string | null;
  sendTime: string | null;
  priority_dictText?: unknown;
  msgCategory_dictText?: unknown;
}

export function showPage(row: ShownAnnouncement, staticDomain: string): string {
  const meta = [
    row.msgCategory_dictText ? `<span>${escapeHtml(row.msgCategory_dictText)}</span>` : '',
    row.sender ? `<span>发布人：${escapeHtml(row.sender)}</span>` : '',
    row.sendTime ? `<span>发布时间：${escapeHtml(row.sendTime)}</span>` : '',
    row.priority_dictText ? `<span>优先级：${escapeHtml(row.priority_dictText)}</span>` : '',
  ].join('');
  const content = sanitizeRichText(row.msgContent, staticDomain);
  return page(
    row.titile,
    `<h1>${escapeHtml(row.titile)}</h1><div class="meta">${meta}</div><div class="content">${content}</div>`,
  );
}

/** A page that only says why there is nothing to show (not found, signed out). */
export function showMessagePage(message: string): string {
  return page(message, `<p class="empty">${escapeHtml(message)}</p>`);
}
