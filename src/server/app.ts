import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from 'helmet';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fail, ok } from '../shared/envelope.js';
import { newId } from '../shared/ids.js';
import type { AppContext } from './context.js';
import { accessPlugin } from './http/access.js';
import { installErrorHandler } from './http/error-handler.js';
import { answerClientError, answerFrameworkError } from './http/framework-errors.js';
import { installInputRules } from './http/input-rules.js';
import { requestLogSerializer } from './http/log-redact.js';
import { prettyLogStream } from './http/pretty-log.js';
import { RequestLogController } from './http/request-log.js';
import { MAX_ID_LIST_CHARS } from './lib/id-list.js';
import { apiModules } from './modules/index.js';

export type App = FastifyInstance;

/** Builds the Fastify instance: plugins, every API module under the base path, and the console. */
export async function buildApp(
  ctx: AppContext,
  opts: { logger?: FastifyServerOptions['logger']; /** Remember callers' lookups (http/caller-memo.ts). */ memoCallers?: boolean } = {},
) {
  const logger =
    opts.logger ?? { level: ctx.cfg.logLevel, ...(ctx.cfg.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}) };
  const app = Fastify({
    logger: logger && typeof logger === 'object' ? { ...logger, serializers: { req: requestLogSerializer } } : logger,
    genReqId: () => newId().slice(0, 12),
    logController: new RequestLogController(ctx.cfg.logSlowMs),
    routerOptions: {
      caseSensitive: true,
      ignoreTrailingSlash: false,
      ignoreDuplicateSlashes: false,
      // Deliberately long: a batch delete names up to MAX_BATCH_IDS ids in its path (`…/form/<code>/a,b,…`).
      maxParamLength: MAX_ID_LIST_CHARS,
    },
    // Node's default 16 KiB request head would cut that list (or `?ids=`) at about 450 ids; raised to fit it.
    http: { maxHeaderSize: MAX_ID_LIST_CHARS + 16 * 1024 },
    bodyLimit: 2 * 1024 * 1024,
    // Routing and HTTP-parser failures answer in the envelope too, in Chinese, never echoing the URL.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // X-Forwarded-For decides throttling and the logged address, so only configured proxies are believed.
    trustProxy: ctx.cfg.trustProxy.length ? ctx.cfg.trustProxy : false,
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.decorate('ctx', ctx);
  app.decorate('callerMemo', opts.memoCallers ? new Map<string, Promise<unknown>>() : null);
  installErrorHandler(app);
  installInputRules(app);
  // API answers hold personal data and session-bound results: no browser or proxy keeps them.
  // Console files set their own caching; everything else (the API, /config.json, errors) is no-store.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('Cache-Control', 'no-store');
  });
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd 5 injects its CSS-in-JS styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:'],
        frameSrc: ["'self'", 'https:', 'http:'],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Built once: @fastify/helmet rebuilt every policy on every request (a tenth of a cheap request's time).
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // Static files register before the access plugin: they are the only routes without `config.access`.
  const hasConsole = await serveConsoleFiles(app, ctx);
  await app.register(accessPlugin);

  await app.register(
    async (api) => {
      for (const mod of apiModules) await api.register(mod);
    },
    { prefix: ctx.cfg.apiBase },
  );

  app.get('/config.json', { config: { access: 'public' } }, async () => ({
    apiBase: ctx.cfg.apiBase,
    staticDomain: ctx.cfg.staticDomain || `${ctx.cfg.apiBase}/sys/common/static`,
    appCode: ctx.cfg.defaultAppCode,
    // The request signature is protocol compatibility, not a secret: browsers must sign with it.
    signSecret: ctx.cfg.signSecret,
    // Where the sign-in page sends people for single sign-on; empty when CAS is not configured.
    casLoginUrl: ctx.cfg.casPrefix ? `${ctx.cfg.casPrefix.replace(/\/+$/, '')}/login` : '',
    // The zone of the times the server sends; the console greets and shows "today" by it.
    timeZone: ctx.cfg.timeZone,
  }));
  app.get('/health', { config: { access: 'public' } }, async () => ok('ok'));

  installFallback(app, ctx, hasConsole);
  return app;
}

/** Helmet's headers that only a document (or a frame) heeds. */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/** Serves the built console's files (hashed assets cached for a year). */
async function serveConsoleFiles(app: App, ctx: AppContext): Promise<boolean> {
  const dist = ctx.cfg.clientDist;
  const hasConsole = fs.existsSync(path.join(dist, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: dist,
      wildcard: false,
      index: false,
      serve: true,
      // The build writes .br and .gz copies (tools/vite-precompress.ts); browsers get the smallest they accept.
      preCompressed: true,
      // Hashed files never revalidate: the etag suffices for the rest.
      lastModified: false,
      acceptRanges: false,
      // Files under dist/assets carry content hashes.
      setHeaders: (reply, file) => {
        if (!file.includes(`${path.sep}assets${path.sep}`)) return;
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        // Policies for documents mean nothing on a script or style sheet, yet cost about 700 bytes on each
        // of the console's many chunks; nosniff, CORP and HSTS stay.
        for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });
  }
  return hasConsole;
}

/** History-mode fallback for console routes; API paths never fall back to HTML. */
function installFallback(app: App, ctx: AppContext, hasConsole: boolean) {
  const index = path.join(ctx.cfg.clientDist, 'index.html');
  const apiBase = ctx.cfg.apiBase;
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0];
    const isApi = apiBase ? url === apiBase || url.startsWith(`${apiBase}/`) : true;
    const wantsHtml = request.method === 'GET' && String(request.headers.accept ?? '').includes('text/html');
    if (!isApi && wantsHtml && hasConsole && !path.extname(url)) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html; charset=utf-8').send(fs.createReadStream(index));
    }
    return reply.status(404).send(fail('很抱歉，资源未找到!', 404));
  });
}
