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

/**
 * Opens and prepares the database (migrate, seed once, sync definitions) and returns the context the
 * app is built from. main.ts and every server test start here, so both run the same start-up path.
 */
export async function createContext(cfg: Config, schemasDir?: string): Promise<AppContext> {
  // Invalid definitions stop the start, naming file, JSON pointer and reason (definitions/check.ts).
  const defs = loadCheckedDefinitions(schemasDir);
  // Every local time the server writes or reads follows the configured zone (TZ).
  setTimeZone(cfg.timeZone);
  const db = await openDatabase(cfg.databaseUrl, cfg.dataDir);
  try {
    await migrate(db);
    const hasher = createHasher(cfg);
    const seeded = await seed(db.kysely, hasher, cfg);
    // A definition that differs from a row an administrator may have edited is reported, not applied.
    for (const note of await syncMenus(db.kysely, defs.menus)) console.warn(note);
    await syncDicts(db.kysely, defs.dicts);
    const { created } = await syncEntities(db, defs.entities, defs.root);
    if (cfg.seedDemo) await seedEntityDemo(db.kysely, defs.entities, created);
    await refreshStatistics(db, { bulkLoaded: seeded || created.length > 0 });
    return { cfg, db, defs, hasher, sessions: new SessionStore(db.kysely, cfg) };
  } catch (err) {
    await db.close();
    throw err;
  }
}
