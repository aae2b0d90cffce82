/**
 * How fast the demo stories play (adds per second through the real API): the shipped definitions with
 * the seed-people fixture module (a patient, then 24–30 monthly readings per story, as role-picked
 * doctors) in place of the shipped seeds, on a fresh database, SEED_STORIES stories.
 *
 *   npx tsx tools/bench/seed-stories.ts [--stories 200] [--db sqlite|pglite|<url of an empty PostgreSQL database>]
 *     [--fixture tests/fixtures/schemas/seed-people | <another module folder> | shipped]
 *
 * `--fixture shipped` plays the shipped modules' seeds instead (the ERP demo: SEED_STORIES of each).
 *
 * Prints stories, records, seconds and records per second (wall clock and CPU time of this process: the
 * latter is steadier on a busy machine, but leaves out the waits for PostgreSQL). Numbers are for this machine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createContext } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import { playSeedStories } from '../../src/server/db/seed-stories/runner.js';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** The shipped definitions without their seeds, with the fixture module as module `people` (or as shipped). */
function schemasDir(): string | undefined {
  const fixture = arg('fixture') ?? 'tests/fixtures/schemas/seed-people';
  if (fixture === 'shipped') return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-seed-bench-'));
  fs.cpSync('schemas', dir, { recursive: true });
  for (const m of fs.readdirSync(path.join(dir, 'modules')))
    fs.rmSync(path.join(dir, 'modules', m, 'seeds'), { recursive: true, force: true });
  fs.cpSync(fixture, path.join(dir, 'modules', 'people'), {
    recursive: true,
  });
  return dir;
}

async function main() {
  const stories = arg('stories') ?? '200';
  const db = arg('db') ?? 'sqlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-seed-bench-data-'));
  const databaseUrl = db === 'sqlite' ? '' : db === 'pglite' ? 'pglite://memory' : db;
  const cfg = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_PASSES: '1',
    LOG_LEVEL: 'silent',
    SEED_STORIES: stories,
  });
  // The stories are played apart from the start so that only they are timed.
  const ctx = await createContext(cfg, schemasDir(), { deferStories: true });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const summary = await playSeedStories(ctx, (line) => console.log(line));
  const seconds = (performance.now() - started) / 1000;
  // CPU time too: on a shared machine the wall clock also counts the other processes.
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  const records = summary?.records ?? 0;
  console.log(
    `stories ${summary?.stories ?? 0}, records ${records}, refused ${summary?.refused ?? 0}, ` +
      `${seconds.toFixed(1)} s, ${(records / seconds).toFixed(1)} records/s; ` +
      `CPU ${cpuSeconds.toFixed(1)} s, ${(records / cpuSeconds).toFixed(1)} records per CPU second`,
  );
  await ctx.db.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
