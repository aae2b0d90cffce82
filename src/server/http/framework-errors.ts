import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from '../../shared/envelope.js';

/**
 * Chinese answers for the errors Fastify, its body parsers and @fastify/multipart raise themselves.
 * Their own messages echo the request URL or name internals, so none of them is ever passed on.
 */
const FRAMEWORK_ANSWERS: Readonly<Record<string, readonly [status: number, message: string]>> = {
  FST_ERR_BAD_URL: [400, '请求地址包含无效的编码'],
  FST_ERR_MAX_PARAM_LENGTH: [414, '请求地址过长'],
  FST_ERR_ASYNC_CONSTRAINT: [400, '请求不符合接口的约束条件'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的请求内容类型'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '请求内容过大'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求内容的长度与声明不符'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求内容声明为 JSON，但内容为空'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求内容不是有效的 JSON'],
  FST_REQ_FILE_TOO_LARGE: [413, '文件过大或数量超出限制'],
  FST_FILES_LIMIT: [413, '文件过大或数量超出限制'],
  FST_PARTS_LIMIT: [413, '文件过大或数量超出限制'],
  FST_FIELDS_LIMIT: [413, '文件过大或数量超出限制'],
  FST_PROTO_VIOLATION: [400, '请求内容包含不允许的字段名'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, '请以 multipart/form-data 上传文件'],
};

/** The status and Chinese message for a framework error; a plain 4xx gets a generic message. */
export function frameworkAnswer(error: FastifyError): { status: number; message: string } | null {
  const known = error.code && Object.hasOwn(FRAMEWORK_ANSWERS, error.code) ? FRAMEWORK_ANSWERS[error.code] : undefined;
  if (known) return { status: known[0], message: known[1] };
  // secure-json-parse refuses `__proto__`/`constructor.prototype` keys with a SyntaxError.
  if (error instanceof SyntaxError) return { status: 400, message: '请求内容不是有效的 JSON' };
  const status = error.statusCode ?? 500;
  if (status === 413) return { status, message: '请求内容过大' };
  if (status === 415) return { status, message: '不支持的请求内容类型' };
  if (status === 429) return { status, message: '请求过于频繁，请稍后再试' };
  if (status >= 400 && status < 500) return { status, message: '请求格式不正确' };
  return null;
}

/**
 * Fastify's `frameworkErrors`: routing failures (bad URL encoding, an over-long path parameter) that
 * happen before a route is chosen, so the error handler never sees them.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const answer = frameworkAnswer(error) ?? { status: 400, message: '请求格式不正确' };
  return reply.status(answer.status).send(fail(answer.message, answer.status));
}

/**
 * Node's `clientError`: requests the HTTP parser refuses (head too large → 431, timeouts, malformed
 * requests) never reach Fastify; the envelope is written on the socket by hand, then it is closed.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, '请求头或请求地址过长']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, '请求超时']
        : [400, '请求格式不正确'];
  const body = JSON.stringify(fail(message, status));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\nConnection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(error);
}
