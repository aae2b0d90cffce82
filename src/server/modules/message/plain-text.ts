import { badRequest } from '../../http/errors.js';

/** Something that looks like an HTML tag or comment. */
const MARKUP = /<\s*\/?\s*[A-Za-z!][^>]*>/;

/**
 * Sent messages are plain text: the bell and the unread modal show them as text (never as HTML). Markup
 * is refused rather than stripped, so what the sender wrote is what the recipient reads.
 */
export function assertPlainText(field: string, text: string | null | undefined): void {
  if (text && MARKUP.test(text)) throw badRequest(`${field}为纯文本，不能包含 HTML 标签`);
}
