import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { openDatabase } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { seed } from './db/seed.js';
import { syncMenus } from './db/menu-sync.js';
import { syncDicts } from './db/dict-sync.js';
import { createHasher } from './auth/password.js';
import { setTimeZone } from '../shared/time.js';
import { SessionStore } from './auth/sessions.js';
import { loadCheckedDefinitions } from './definitions/check.js';
import { syncEntities } from './db/entity-sync.js';
import { seedEntityDemo } from './db/entity-seed-data.js';
import { refreshStatistics } from './db/statistics.js';
import { playSeedStories } from './db/seed-stories/runner.js';

/**
 * Opens and prepares the database (migrate, seed once, sync definitions) and returns the context the
 * app is built from. main.ts and every server test start here, so both run the same start-up path.
 */
export async function createContext(
  cfg: Config,
  schemasDir?: string,
  opts: { deferStories?: boolean } = {},
): Promise<AppContext> {
  // Invalid definitions stop the start, naming file, JSON pointer and reason (definitions/check.ts).
  const defs = loadCheckedDefinitions(schemasDir);
  // Every local time the server writes or reads follows the configured zone (TZ).
  setTimeZone(cfg.timeZone);
  const db = await openDatabase(cfg.databaseUrl, cfg.dataDir, { sqliteReaders: cfg.sqliteReaders });
  try {
    await migrate(db);
    const hasher = createHasher(cfg);
    const seeded = await seed(db.kysely, hasher, cfg);
    // A definition that differs from a row an administrator may have edited is reported, not applied.
    for (const note of await syncMenus(db.kysely, defs.menus)) console.warn(note);
    await syncDicts(db.kysely, defs.dicts);
    const { created } = await syncEntities(db, defs.entities, defs.root, defs.stats);
    if (cfg.seedDemo) await seedEntityDemo(db.kysely, defs.entities, created);
    const ctx: AppContext = { cfg, db, defs, hasher, sessions: new SessionStore(db.kysely, cfg) };
    // Demo business stories play through the API; the console's start defers them (playDeferredStories).
    const stories = opts.deferStories ? null : await playStories(ctx);
    await refreshStatistics(db, { bulkLoaded: seeded || created.length > 0 || (stories?.records ?? 0) > 0 });
    return ctx;
  } catch (err) {
    await db.close();
    throw err;
  }
}

const playStories = (ctx: AppContext) =>
  playSeedStories(ctx, ctx.cfg.logLevel === 'silent' ? undefined : (line) => console.log(line));

/**
 * The demo stories of a first start, played after the server listens: thousands of stories take minutes,
 * and the console should answer at once (the story clock is per request, seed-stories/clock.ts).
 */
export async function playDeferredStories(ctx: AppContext): Promise<void> {
  const stories = await playStories(ctx);
  if (stories?.records) await refreshStatistics(ctx.db, { bulkLoaded: true });
}
