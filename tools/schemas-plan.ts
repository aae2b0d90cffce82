/**
 * `npm run schemas:plan [dir]`: prints what the next start would do to the entity tables of the
 * configured database (DATABASE_URL, or the SQLite file in DATA_DIR) — new tables and columns, renames,
 * conversions, declared drops and refused changes — without changing anything. It runs the planning
 * step start-up applies (db/entity-plan.ts), so the two cannot disagree. Exit 1 when a change is refused.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/connect.js';
import { describePlan, planEntities } from '../src/server/db/entity-plan.js';
import { loadCheckedDefinitions } from '../src/server/definitions/check.js';

async function main() {
  const cfg = loadConfig();
  const defs = process.argv[2]
    ? loadCheckedDefinitions(path.resolve(process.argv[2]), { metaDir: path.resolve('schemas/meta') })
    : loadCheckedDefinitions();
  const sqliteFile = path.join(cfg.dataDir, 'console.sqlite');
  if (!cfg.databaseUrl && !fs.existsSync(sqliteFile)) {
    // Opening would create the file; say what the first start makes instead.
    console.log(`数据库 ${sqliteFile} 尚不存在：首次启动将新建 ${defs.entities.length} 张实体表`);
    for (const e of defs.entities) console.log(`  新建表 ${e.code}`);
    return;
  }
  const db = await openDatabase(cfg.databaseUrl, cfg.dataDir, { sqliteReaders: cfg.sqliteReaders });
  try {
    const raw = db.kysely.withoutPlugins() as unknown as Kysely<unknown>;
    const plan = await planEntities(raw, db.dialect, defs.entities, defs.root, defs.stats);
    console.log(describePlan(plan).join('\n'));
    if (plan.problems.length) process.exitCode = 1;
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(
    err instanceof ConfigError
      ? `配置错误：${err.message}`
      : err instanceof Error
        ? err.message
        : String(err),
  );
  process.exitCode = 1;
});
