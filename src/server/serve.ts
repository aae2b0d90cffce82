import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import type { AppContext } from './context.js';
import { syncEntities } from './db/entity-sync.js';
import { watchDefinitions } from './definitions/watch.js';

export interface Serving {
  /** The port actually listened on (useful with port 0). */
  port: number;
  /** The app answering now; in development it is replaced when entity definitions change. */
  app(): FastifyInstance;
  close(): Promise<void>;
}

/**
 * Listens with the app built from the context. In development (`watch`) it also follows edits of
 * schemas/: pages, reports, menus and dictionaries apply on the next request, and a changed entity
 * extends its table (never dropping data) and rebuilds the app on the same port, because entity
 * routes are registered when an app is built. A refused entity change leaves everything as it was.
 */
export async function serve(
  ctx: AppContext,
  opts: { port: number; host: string; watch: boolean; logger?: boolean },
): Promise<Serving> {
  const build = () => buildApp(ctx, opts.logger === false ? { logger: false } : {});
  let app = await build();
  await app.listen({ port: opts.port, host: opts.host });
  const port = (app.server.address() as AddressInfo).port;
  const log = app.log;

  const stopWatching = opts.watch
    ? watchDefinitions(ctx, log, 200, async (defs) => {
        await syncEntities(ctx.db, defs.entities, defs.root, defs.stats);
        const previous = ctx.defs;
        ctx.defs = defs;
        try {
          await app.close();
          app = await build();
          await app.listen({ port, host: opts.host });
        } catch (err) {
          ctx.defs = previous;
          throw err;
        }
      })
    : null;

  return {
    port,
    app: () => app,
    async close() {
      stopWatching?.();
      await app.close();
    },
  };
}
