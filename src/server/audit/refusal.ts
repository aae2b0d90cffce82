import type { FastifyRequest } from 'fastify';
import { bizError, type ApiError } from '../http/errors.js';
import { securityLog, type SecurityEvent } from './security-log.js';

/**
 * A refused attempt to hand out or use rights beyond the caller's own (escalation): written to the
 * security log as a failure, and returned as the business error the caller throws. `content` is what
 * the log says when it should say more than the caller is told.
 */
export async function refusal(
  request: FastifyRequest,
  event: SecurityEvent,
  message: string,
  target?: string | null,
  content: string = message,
): Promise<ApiError> {
  await securityLog(request, { event, content, ok: false, target: target ?? null });
  return bizError(message);
}
