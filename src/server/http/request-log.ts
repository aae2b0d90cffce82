import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * The level and message of a request's one log line: failures and slow answers are worth reading at
 * `info`; an ordinary answer only at `debug` (a line per request at `info` buried the start-up banner).
 */
export function requestLogLine(statusCode: number, elapsedMs: number, slowMs: number) {
  if (statusCode >= 500) return { level: 'error', message: 'request failed' } as const;
  if (statusCode >= 400) return { level: 'warn', message: 'request refused' } as const;
  if (elapsedMs >= slowMs) return { level: 'warn', message: 'slow request' } as const;
  return { level: 'debug', message: 'request completed' } as const;
}

/**
 * Fastify's request lines, reduced to one per request, written when the answer is sent. The request goes
 * under `req`, so the redacting serializer (log-redact.ts) writes it: method, URL without tokens or
 * codes, and address, never headers.
 */
export class RequestLogController extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = Math.round(reply.elapsedTime);
    const { level, message } = error
      ? ({ level: 'error', message: 'request errored' } as const)
      : requestLogLine(reply.statusCode, responseTime, this.slowMs);
    request.log[level]({ req: request, res: reply, responseTime, ...(error ? { err: error } : {}) }, message);
  }
}
