import type { SeedDefinition } from '../../../shared/schema-types.js';
import { buildApp } from '../../app.js';
import type { AppContext } from '../../context.js';
import { StepRefused, StoryApi } from './api.js';
import { DAY_MS } from './clock.js';
import { storyRandom } from './random.js';
import { StoryPlayer } from './story.js';

/** sys_meta key per seed code: a seed is played once per database. */
export const playedKey = (code: string) => `seed.stories.${code}`;
const PROGRESS_FROM = 100;
/** On SQLite the stories' writes are committed together about this often (writeBatch). */
const BATCH_MS = 1000;
const REASONS_SHOWN = 5;

/** What playing the seeds did, for the start-up line and tests. */
export interface SeedSummary {
  stories: number;
  records: number;
  /** Steps the API refused (each ends its story), by reason. */
  refused: number;
  reasons: Map<string, number>;
  /** Stories cut at the seed time (recent stories end in early states by design). */
  cut: number;
  line: string;
}

/** “演示业务数据：N 个故事，M 条记录，K 个步骤未执行（原因统计）” */
function summaryLine(s: Omit<SeedSummary, 'line'>): string {
  const top = [...s.reasons].sort((a, b) => b[1] - a[1]).slice(0, REASONS_SHOWN);
  const why = top.length
    ? `（${top.map(([r, n]) => `${r}：${n}`).join('；')}${s.reasons.size > REASONS_SHOWN ? '；…' : ''}）`
    : '';
  return `演示业务数据：${s.stories} 个故事，${s.records} 条记录，${s.refused} 个步骤未执行${why}`;
}

/**
 * Plays the seeds (schemas/<module>/seeds) not yet played on this database, when demo data is on:
 * their fixed records, then their stories, each through the real API as its users (StoryPlayer), in an
 * app built for the purpose before the server listens. Nothing here stops the start: a refused step ends
 * its story, an unexpected error ends its seed, and both are reported.
 */
export async function playSeedStories(
  ctx: AppContext,
  log: (line: string) => void = () => undefined,
  seedTime: number = Date.now(),
): Promise<SeedSummary | null> {
  if (!ctx.cfg.seedDemo || ctx.defs.seeds.length === 0) return null;
  const db = ctx.db.kysely;
  const keys = ctx.defs.seeds.map((s) => playedKey(s.code));
  const rows = await db.selectFrom('sysMeta').select('key').where('key', 'in', keys).execute();
  const played = new Set(rows.map((r) => r.key));
  const seeds = ctx.defs.seeds
    .filter((s) => !played.has(playedKey(s.code)))
    .sort((a, b) => (a.code < b.code ? -1 : 1));
  if (seeds.length === 0) return null;
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp(ctx, { logger: false, memoCallers: true });
    await app.ready();
  } catch (err) {
    log(`演示业务数据未能播放：${err instanceof Error ? err.message : String(err)}`);
    return null;
  }
  const api = new StoryApi(ctx, app);
  const batch = writeBatch(ctx);
  const summary: Omit<SeedSummary, 'line'> = {
    stories: 0,
    records: 0,
    refused: 0,
    reasons: new Map(),
    cut: 0,
  };
  const refuse = (reason: string) => {
    summary.refused++;
    summary.reasons.set(reason, (summary.reasons.get(reason) ?? 0) + 1);
  };
  try {
    const player = new StoryPlayer(ctx, api);
    for (const seed of seeds) {
      // Recorded first (and committed): a start interrupted half-way never plays the same seed twice.
      await batch.end();
      await db
        .insertInto('sysMeta')
        .values({ key: playedKey(seed.code), value: String(seedTime) })
        .execute();
      try {
        await playSeed(ctx, player, seed, seedTime, summary, refuse, log, batch);
      } catch (err) {
        refuse(`剧本 ${seed.code} 中断：${err instanceof Error ? err.message : String(err)}`);
      }
    }
  } finally {
    // First: a batch left open would hold every later write of the server uncommitted.
    await batch.end();
    await api.close();
    await app.close();
  }
  const line = summaryLine(summary);
  log(line);
  return { ...summary, line };
}

/** Between stories: commits the writes of the last second or so together (on SQLite). */
interface Batch {
  next(): Promise<void>;
  end(): Promise<void>;
}

/**
 * The stories' writes in batches on SQLite (Db.writeBatch): each request still runs in its own
 * transaction — now a savepoint, undone alone when it fails — but a commit per add was the larger part
 * of a first start's time. The server's own requests meanwhile join the batch, so their commit waits
 * for it too (at most about BATCH_MS). Elsewhere every write commits as it always does.
 */
function writeBatch(ctx: AppContext): Batch {
  const batch = ctx.db.writeBatch;
  if (!batch) return { next: async () => undefined, end: async () => undefined };
  let opened = 0;
  return {
    async next() {
      if (opened && performance.now() - opened < BATCH_MS) return;
      if (opened) await batch.commit();
      await batch.open();
      opened = performance.now();
    },
    async end() {
      if (opened) await batch.commit();
      opened = 0;
    },
  };
}

async function playSeed(
  ctx: AppContext,
  player: StoryPlayer,
  seed: SeedDefinition,
  seedTime: number,
  summary: Omit<SeedSummary, 'line'>,
  refuse: (reason: string) => void,
  log: (line: string) => void,
  batch: Batch,
) {
  const span = seed.days * DAY_MS;
  const first = seedTime - span;
  // The fixed records come just before the first story, a second apart (their order is their time).
  const fixed = (seed.records ?? []).flatMap((group) =>
    group.rows.map((row) => ({ group, row: row as Record<string, unknown> })),
  );
  // Fixed records' role users are drawn per row from a generator of their own (no story is number -1).
  const rng = storyRandom(seed.random, -1);
  for (const [i, { group, row }] of fixed.entries())
    try {
      await batch.next();
      const user = await player.actor(group.as, rng);
      await player.addFixed(group.entity, user, row, first - (fixed.length - i) * 1000);
      summary.records++;
    } catch (err) {
      if (!(err instanceof StepRefused)) throw err;
      refuse(err.reason);
    }
  // SEED_STORIES plays fewer stories (tests), never more than the seed has: a seed of one scripted
  // story with literal values would be refused from its second copy on (unique numbers).
  const count = Math.min(ctx.cfg.seedStories ?? seed.count, seed.count);
  let shown = 0;
  for (let i = 0; i < count; i++) {
    await batch.next();
    // Spread evenly over the days before the seed time, oldest first.
    const outcome = await player.playStory(seed, i, first + Math.floor((i * span) / count), seedTime);
    summary.stories++;
    summary.records += outcome.records;
    if (outcome.refused) refuse(outcome.refused);
    if (outcome.cut) summary.cut++;
    const tenth = Math.floor(((i + 1) * 10) / count);
    if (count >= PROGRESS_FROM && tenth > shown) {
      shown = tenth;
      log(`演示业务数据“${seed.name}”：${tenth * 10}%（${i + 1}/${count} 个故事）`);
    }
  }
}
