import type { FastifyInstance, FastifyRequest } from 'fastify';
import { okMessage } from '../../../shared/envelope.js';
import { securityLog } from '../../audit/security-log.js';
import { bizError } from '../../http/errors.js';

const LOGOUT_PATHS = ['/sys/logout', '/api/sys/staff/user/logout'];
/** Logout reads nothing from a body; this only bounds what is drained. */
const LOGOUT_BODY_LIMIT = 64 * 1024;

/**
 * Sign-out for every client of the protocol: the console and Vue2 clients POST (often an empty form
 * body), others GET. Registered as its own plugin so that accepting and discarding any body type stays
 * on these routes: an unparsed or unknown body must never stop the revocation (a 415 left the token alive).
 */
export async function logoutRoutes(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGOUT_BODY_LIMIT }, (_request, _body, done) =>
    done(null, undefined),
  );

  // Revokes only the caller's own verified session (AUTH-05).
  const logout = async (request: FastifyRequest) => {
    const session = request.session;
    if (!session) throw bizError('退出登录失败！');
    await app.ctx.sessions.revoke(session.id);
    await securityLog(request, { event: 'logout', content: '退出登录', target: session.username });
    return okMessage('退出登录成功！');
  };
  for (const url of LOGOUT_PATHS) app.route({ method: ['GET', 'POST'], url, config: { access: 'public' }, handler: logout });
}
