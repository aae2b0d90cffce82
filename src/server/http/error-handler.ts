import type { FastifyError, FastifyInstance } from 'fastify';
import { fail } from '../../shared/envelope.js';
import { ApiError } from './errors.js';

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
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT')
      return reply.status(413).send(fail('文件过大或数量超出限制', 413));
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send(fail('不支持的请求内容类型', 415));
    if (status === 429) return reply.status(429).send(fail('请求过于频繁，请稍后再试', 429));
    if (status >= 400 && status < 500) return reply.status(status).send(fail('请求格式不正确', status));
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(`操作失败，服务器内部错误（请求编号 ${request.id}）`, 500));
  });
}
