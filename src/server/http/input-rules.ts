import type { FastifyInstance } from 'fastify';
import { CONTROL_CHARS_MESSAGE, hasForbiddenControlChars } from '../../shared/text-rules.js';
import { badRequest } from './errors.js';

/** Why a request's text or numbers are refused, or null. */
export function inputProblem(root: unknown): string | null {
  // Iterative: a 2 MB body of nested arrays must not overflow the stack.
  const stack: unknown[] = [root];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (hasForbiddenControlChars(v)) return CONTROL_CHARS_MESSAGE;
    } else if (typeof v === 'number') {
      // JSON allows 1e400 (Infinity) and integers no column or JavaScript holds exactly.
      if (!Number.isFinite(v) || (Number.isInteger(v) && !Number.isSafeInteger(v))) return '请求中的数值超出允许范围';
    } else if (Array.isArray(v)) {
      for (const item of v) stack.push(item);
    } else if (v && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (hasForbiddenControlChars(key)) return CONTROL_CHARS_MESSAGE;
        stack.push(child);
      }
    }
  }
  return null;
}

/**
 * One rule for every route's text: query, path parameters, JSON or form body and headers are refused
 * (400) when they hold control characters other than tab and line breaks, or numbers beyond the safe
 * integer range. Runs after parsing and before schema validation; multipart fields are checked where
 * they are read (`checkedPart`).
 */
export function installInputRules(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const problem =
      inputProblem(request.query) ?? inputProblem(request.params) ?? inputProblem(request.body) ?? inputProblem(request.headers);
    if (problem) throw badRequest(problem);
  });
}

/** The text of a multipart field or file name, refused like any other request text. */
export function checkedPartText(text: string): string {
  if (hasForbiddenControlChars(text)) throw badRequest(CONTROL_CHARS_MESSAGE);
  return text;
}
