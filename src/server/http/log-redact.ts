import type { FastifyRequest } from 'fastify';

/** Path segments that carry a session token (the third-party login hands it over in the path). */
const TOKEN_IN_PATH = /(\/thirdLogin\/getLoginUser\/)[^/?#]+/gi;
/** Query parameters that carry secrets. */
const SECRET_PARAM = /([?&](?:token|access_token|x-access-token|ticket|code|password|smscode|captcha)=)[^&#]*/gi;

/** The URL as it may appear in a log line: tokens, tickets, codes and passwords replaced by ***. */
export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_PATH, '$1***').replace(SECRET_PARAM, '$1***');
}

/** Fastify's request serializer with the URL redacted; headers (and so X-Access-Token) are never logged. */
export function requestLogSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
