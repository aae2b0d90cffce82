import type { FastifyError, FastifyInstance } from 'fastify';
import { fail } from '../../shared/envelope.js';
import { dbErrorKind } from './db-errors.js';
import { ApiError } from './errors.js';
import { frameworkAnswer } from './framework-errors.js';

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Names the bad field in Chinese from Fastify's ajv error (HTTP 400). */
export function validationMessage(issues: AjvIssue[], context: string | undefined): string {
  const issue = issues[0] ?? {};
  const where = context === 'body' ? '请求体' : context === 'params' ? '路径参数' : '参数';
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const field = issue.keyword === 'required' ? String(issue.params?.missingProperty ?? '') : path;
  switch (issue.keyword) {
    case 'required':
      return `缺少必填${where}：${field}`;
    case 'type':
      return `${where} ${field || '(整体)'} 类型错误，应为 ${String(issue.params?.type ?? '')}`;
    case 'maxLength':
      return `${where} ${field} 过长，最多 ${String(issue.params?.limit)} 个字符`;
    case 'minLength':
      return `${where} ${field} 过短，至少 ${String(issue.params?.limit)} 个字符`;
    case 'enum':
      return `${where} ${field} 的取值不在允许范围内`;
    case 'pattern':
    case 'format':
      return `${where} ${field} 格式不正确`;
    case 'additionalProperties':
      return `${where}包含不允许的字段：${String(issue.params?.additionalProperty ?? '')}`;
    case 'minimum':
    case 'maximum':
      return `${where} ${field} 超出允许范围`;
    default:
      return `${where} ${field || ''} 无效`.replace(/\s+/g, ' ');
  }
}

/**
 * One place turns every failure into the envelope: no stack trace or SQL ever leaves the server; the
 * request id in the log ties a generic message to its cause.
 */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply.status(error.httpStatus).send(fail(error.message, error.code, error.result));
    }
    if (error.validation) {
      return reply.status(400).send(fail(validationMessage(error.validation, error.validationContext), 400));
    }
    const db = dbErrorKind(error);
    if (db) {
      // Kept in the log (warn) so a server bug hiding behind a constraint still shows.
      request.log.warn({ err: error }, 'statement refused by the database');
      if (db === 'unique') return reply.status(200).send(fail('数据已存在（可能是重复提交），请刷新后重试', 500));
      if (db === 'reference') return reply.status(200).send(fail('关联的数据不存在或仍被引用，操作未完成', 500));
      return reply.status(400).send(fail('数据格式不正确或超出允许范围', 400));
    }
    const answer = frameworkAnswer(error);
    if (answer) return reply.status(answer.status).send(fail(answer.message, answer.status));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(`操作失败，服务器内部错误（请求编号 ${request.id}）`, 500));
  });
}
