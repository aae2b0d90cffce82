import path from 'node:path';
import { formatProblem, type DefinitionProblem } from '../../src/server/definitions/check.js';

/** The payload Vite's client shows as its error overlay (vite/types/hmrPayload ErrorPayload['err']). */
export interface OverlayError {
  message: string;
  stack: string;
  id?: string;
  plugin?: string;
  loc?: { file: string; line: number; column: number };
}

/**
 * Definition problems as one overlay error: the first problem's file and position become the overlay's
 * link (an editor opens it at the line), every problem is listed in the message as `file:line:column`.
 */
export function definitionOverlay(problems: DefinitionProblem[]): OverlayError {
  const first = problems[0];
  return {
    plugin: '定义文件检查',
    message: `定义文件有 ${problems.length} 处错误，修正并保存后自动恢复：\n${problems.map(formatProblem).join('\n')}`,
    stack: '',
    id: first ? path.resolve(first.file) : undefined,
    loc: first?.line ? { file: path.resolve(first.file), line: first.line, column: first.column ?? 1 } : undefined,
  };
}
