import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import websocket from '@fastify/websocket';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Session } from '../../auth/sessions.js';
import { forbidden, unauthorized } from '../../http/errors.js';
import { HEARTBEAT_TEXT, type PushFrame } from '../../../shared/notices.js';
import { catchUpFrame } from './catch-up.js';
import { formatDateTime } from '../../../shared/time.js';
import { LocalFanout, PgFanout, type Fanout } from './fanout.js';
import { SESSION_ENDED_CODE, SocketHub } from './hub.js';
import { attachRealtime, detachRealtime } from './push.js';

/**
 * Revocations close sockets at once (SessionStore.onRevoke); long-lived sockets also re-check their
 * session now and then (on a frame or a pong), for idle and absolute expiry and as a backstop.
 */
const RECHECK_MS = 5 * 60_000;
const MAX_FRAME_BYTES = 4096;
/** An upgrade request must be accepted within this time or its socket is closed. */
const UPGRADE_GRACE_MS = 10_000;
const HEARTBEAT_REPLY = JSON.stringify({ cmd: 'heartcheck', msgTxt: '心跳响应' } satisfies PushFrame);

/** The first subprotocol offered is the session token (protocol §7.2); ws echoes it back on success. */
function subprotocolToken(request: FastifyRequest): string {
  const raw = request.headers['sec-websocket-protocol'];
  const first = (Array.isArray(raw) ? raw[0] : raw ?? '').split(',')[0];
  return first.trim();
}

/**
 * `/websocket/{userId}`: the session token comes only in the Sec-WebSocket-Protocol header (never a
 * query parameter, which ends up in logs), and the path id must be the session's own user, so nobody
 * listens to someone else's notices (security catalogue §10). Frames from the console are heartbeats,
 * answered on that socket alone.
 *
 * Liveness does not rely on the console's heartbeat: the JeecgBoot Vue 2 console sends none (its code
 * is disabled), and closing its quiet socket lost every push until it reconnected 20 s later. The
 * server pings every socket each WS_PING_SECONDS instead (browsers answer pings by themselves) and
 * terminates one that left the previous ping unanswered. A user who reconnects is told what arrived
 * while he had no socket here (catch-up.ts); a page that just opened loads its bell itself.
 */
export async function wsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  await app.register(websocket, { options: { maxPayload: MAX_FRAME_BYTES } });

  const hub = new SocketHub();
  /** Closes the sockets whose sessions are no longer live (after missing revocations). */
  const closeDead = async (sessionIds: string[]) => {
    const live = await ctx.sessions.stillLive(sessionIds);
    hub.closeSessions(sessionIds.filter((id) => !live.has(id)));
  };
  let fanout: Fanout;
  if (ctx.db.pgUrl) {
    const pgFanout = new PgFanout(ctx.db.pgUrl, ctx.db.kysely, hub, app.log, () => closeDead(hub.sessionIds()));
    await pgFanout.start();
    fanout = pgFanout;
  } else fanout = new LocalFanout(hub);
  attachRealtime(ctx, { hub, fanout });
  // Every revocation, whatever its cause, closes the sessions' sockets on every instance at once.
  const stopRevocations = ctx.sessions.onRevoke(async (sessionIds) => {
    try {
      await fanout.revoke(sessionIds);
    } catch (err) {
      app.log.warn({ err }, 'websocket revocation could not be published; sockets close at their next re-check');
    }
  });

  // An upgrade request refused before this plugin's hooks run (a malformed path, an unknown route) is
  // answered, but its socket is no longer managed by the HTTP server and would stay half-open forever,
  // piling up and blocking shutdown. Close every socket that was not accepted here once answered.
  const accepted = new WeakSet<Duplex>();
  /** The token each accepted upgrade authenticated with, for the periodic re-check. */
  const tokens = new WeakMap<FastifyRequest, string>();
  const guard = (_req: unknown, socket: Duplex) => {
    const drop = () => {
      if (!accepted.has(socket)) socket.destroy();
    };
    const timer = setTimeout(drop, UPGRADE_GRACE_MS);
    timer.unref();
    socket.once('end', drop);
    socket.once('close', () => clearTimeout(timer));
  };
  app.server.on('upgrade', guard);
  // Refusals on this route (even by the access layer, before @fastify/websocket's hooks ran) close at once.
  app.addHook('onResponse', async (request) => {
    if (String(request.headers.upgrade ?? '').toLowerCase() === 'websocket' && !accepted.has(request.raw.socket)) request.raw.socket.destroy();
  });

  /** Sockets that answered (a pong or any frame) since the last ping. */
  const answered = new WeakSet<object>();
  const pinger = setInterval(() => {
    for (const s of hub.all()) {
      if (!answered.has(s)) {
        s.terminate();
        continue;
      }
      answered.delete(s);
      if (s.readyState === s.OPEN) s.ping();
    }
  }, ctx.cfg.wsPingMs);
  pinger.unref();

  app.addHook('onClose', async () => {
    app.server.off('upgrade', guard);
    clearInterval(pinger);
    stopRevocations();
    detachRealtime(ctx);
    await fanout.close();
  });

  app.get(
    '/websocket/:userId',
    {
      websocket: true,
      // Authenticated below from the subprotocol header; the access layer only reads X-Access-Token.
      config: { access: 'public' },
      schema: { params: Type.Object({ userId: Type.String({ pattern: '^[0-9a-f]{32}(_[0-9a-f]{32})?$' }) }) },
      preValidation: async (request) => {
        const token = subprotocolToken(request);
        if (!token) throw unauthorized('token为空!');
        const session = await ctx.sessions.resolve(token);
        if (!session) {
          request.log.info('websocket refused: invalid token');
          throw unauthorized('Token失效，请重新登录!');
        }
        const pathUser = (request.params as { userId: string }).userId.split('_')[0];
        if (pathUser !== session.userId) {
          request.log.info({ userId: session.userId, pathUser }, 'websocket refused: path user is not the session user');
          throw forbidden('只能连接本人的消息通道');
        }
        request.session = session;
        tokens.set(request, token);
        accepted.add(request.raw.socket);
      },
    },
    (socket, request) => {
      const session = request.session as Session;
      const token = tokens.get(request) as string;
      let checkedAt = Date.now();
      answered.add(socket);
      const gone = hub.disconnectedAt(session.userId);
      hub.add(session.userId, session.id, socket);
      request.log.debug({ userId: session.userId }, 'websocket open');
      // A revocation between the handshake's check and joining the hub would have found no socket.
      closeDead([session.id]).catch((err: unknown) => request.log.warn({ err }, 'websocket session check failed'));
      if (gone !== undefined)
        catchUpFrame(ctx.db.kysely, session.userId, formatDateTime(gone - 1000, ctx.cfg.timeZone)).then(
          (frame) => {
            if (frame && socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
          },
          (err: unknown) => request.log.warn({ err }, 'websocket catch-up failed'),
        );

      /**
       * The console's own frames count as use of the session (resolve touches it); pongs come from the
       * browser without anyone there, so they only check it, and a quiet tab still reaches the idle limit.
       */
      const recheck = (byConsole: boolean) => {
        if (Date.now() - checkedAt <= RECHECK_MS) return;
        checkedAt = Date.now();
        const live = byConsole ? ctx.sessions.resolve(token).then(Boolean) : ctx.sessions.stillLive([session.id]).then((ids) => ids.has(session.id));
        live.then(
          (yes) => {
            if (!yes) socket.close(SESSION_ENDED_CODE, 'session ended');
          },
          (err: unknown) => request.log.warn({ err }, 'websocket session re-check failed'),
        );
      };
      socket.on('pong', () => {
        answered.add(socket);
        recheck(false);
      });
      socket.on('message', (data, isBinary) => {
        answered.add(socket);
        if (isBinary) {
          socket.close(1003, 'text only');
          return;
        }
        const text = data.toString();
        if (text === HEARTBEAT_TEXT || text.includes('heartcheck')) socket.send(HEARTBEAT_REPLY);
        recheck(true);
      });
      socket.on('close', () => hub.remove(session.userId, socket));
      socket.on('error', () => hub.remove(session.userId, socket));
    },
  );
}
