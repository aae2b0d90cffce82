import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate, parseDateTime } from '../../src/shared/time.js';
import { playedKey, playSeedStories } from '../../src/server/db/seed-stories/runner.js';
import { createContext } from '../../src/server/bootstrap.js';
import { loadConfig } from '../../src/server/config.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { schemasWithStories } from './seed-stories-fixture.js';

const STORIES = 12;
const DAYS = 60;
const DAY_MS = 86_400_000;

interface Row {
  id: string;
  [k: string]: unknown;
}

const rows = async (t: TestApp, table: string, order = 'create_time, id') =>
  (await sql<Row>`select * from ${sql.table(table)} order by ${sql.raw(order)}`.execute(t.ctx.db.kysely))
    .rows;
const num = (v: unknown) => Number(v);
const cents = (n: number) => Math.round(n * 100);

/** Starts an app on the fixture definitions, catching the start-up summary line. */
async function startWithStories(url: string, env: Record<string, string>, schemasDir = schemasWithStories()) {
  const printed: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
  try {
    const before = Date.now();
    const t = await createTestApp(url, { LOG_LEVEL: 'warn', ...env }, { schemasDir });
    return { t, printed, before, after: Date.now() };
  } finally {
    spy.mockRestore();
  }
}

/** What must be equal on every database for the same definition. */
const fingerprints = new Map<string, unknown>();

// Issue 18 §9: demo business data as stories played through the real API (schemas/<module>/seeds).
describe.each(DIALECTS)('seed stories on $name', ({ name, url }) => {
  let t: TestApp;
  let printed: string[];
  let before: number;
  let after: number;

  beforeAll(async () => {
    ({ t, printed, before, after } = await startWithStories(url, { SEED_STORIES: String(STORIES) }));
  }, 120_000);
  afterAll(async () => t?.close());

  it('adds the fixed records, resolving ref display texts, and plays the stories as their users', async () => {
    expect(printed.filter((l) => l.startsWith('演示业务数据'))).toEqual([
      expect.stringMatching(new RegExp(`^演示业务数据：${STORIES} 个故事，\\d+ 条记录，0 个步骤未执行$`)),
    ]);
    const customers = await rows(t, 'story_customer');
    const products = await rows(t, 'story_product');
    expect(customers.map((c) => [c.name, c.createBy])).toEqual([
      ['甲医院', 'wangfang'],
      ['乙诊所', 'wangfang'],
      ['丙药房', 'wangfang'],
    ]);
    const idOf = (n: string) => customers.find((c) => c.name === n)?.id;
    expect(products.map((p) => [p.name, p.supplier])).toEqual([
      ['血压计', idOf('甲医院')],
      ['血糖仪', idOf('乙诊所')],
      ['雾化器', idOf('甲医院')],
      ['体温枪', null],
    ]);
    const orders = await rows(t, 'story_order');
    // Every story starts with its order (the first step always happens).
    expect(orders).toHaveLength(STORIES);
    expect(new Set(orders.map((o) => o.createBy))).toEqual(new Set(['lina']));
    const payments = await rows(t, 'story_payment');
    expect(new Set(payments.map((p) => p.createBy))).toEqual(new Set(['wangfang']));
    const line = printed.find((l) => l.startsWith('演示业务数据')) ?? '';
    // Records: 7 fixed, one order per story, one payment per paid story.
    expect(line).toContain(`，${7 + STORIES + payments.length} 条记录，`);
  });

  it('leaves every record in a consistent state: roll-ups, picked prices, workflow and push-downs agree', async () => {
    const orders = await rows(t, 'story_order');
    const lines = await rows(t, 'story_line');
    const products = new Map((await rows(t, 'story_product')).map((p) => [p.id, p]));
    const payments = await rows(t, 'story_payment');
    for (const o of orders) {
      const own = lines.filter((l) => l.orderId === o.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
      for (const l of own) {
        expect(num(l.price)).toBe(num(products.get(String(l.product))?.listPrice));
        expect(cents(num(l.amount))).toBe(cents(num(l.qty) * num(l.price)));
      }
      expect(cents(num(o.total))).toBe(own.reduce((s, l) => s + cents(num(l.amount)), 0));
      const paid = payments.filter((p) => p.orderId === o.id);
      // Paid only once submitted; completed only once paid; a push-down pays 50–100 % of the total.
      expect(['1', '2', '3']).toContain(o.status);
      if (o.status === '1') expect(paid).toEqual([]);
      if (o.status === '3') expect(paid).toHaveLength(1);
      for (const p of paid) {
        expect(num(p.amount)).toBeGreaterThanOrEqual(num(o.total) * 0.5 - 0.01);
        expect(num(p.amount)).toBeLessThanOrEqual(num(o.total));
      }
    }
    // With these odds some stories go all the way and some stop early.
    expect(orders.some((o) => o.status === '3')).toBe(true);
    expect(orders.some((o) => o.status !== '3')).toBe(true);
  });

  it("stamps records with their story's time, spread over the days before the seed time, oldest first", async () => {
    const orders = await rows(t, 'story_order');
    const payments = await rows(t, 'story_payment');
    const created = orders.map((o) => parseDateTime(String(o.createTime)));
    // Second precision: the stored times are whole seconds.
    for (const ms of created) {
      expect(ms).toBeGreaterThanOrEqual(before - DAYS * DAY_MS - 1000);
      expect(ms).toBeLessThanOrEqual(after);
    }
    expect([...created].sort((a, b) => a - b)).toEqual(created);
    expect(created[0]).toBeLessThan(before - (DAYS - 1) * DAY_MS);
    expect(created[STORIES - 1] - created[0]).toBeGreaterThan((DAYS / 2) * DAY_MS);
    for (const o of orders) {
      const day = formatDate(parseDateTime(String(o.createTime)));
      // $today, the numbering date and `days` generators follow the story's clock.
      expect(o.orderDate).toBe(day);
      expect(String(o.orderNo)).toMatch(new RegExp(`^SO${day.replaceAll('-', '')}\\d{3}$`));
      const due =
        (parseDateTime(`${String(o.dueDate)} 00:00:00`) - parseDateTime(`${day} 00:00:00`)) / DAY_MS;
      expect(due).toBeGreaterThanOrEqual(10);
      expect(due).toBeLessThanOrEqual(30);
    }
    for (const p of payments) {
      const order = orders.find((o) => o.id === p.orderId) as Row;
      expect(p.payDate).toBe(String(p.createTime).slice(0, 10));
      expect(
        parseDateTime(String(p.createTime)) - parseDateTime(String(order.createTime)),
      ).toBeGreaterThanOrEqual(24 * 3600_000);
      expect(parseDateTime(String(p.createTime))).toBeLessThanOrEqual(after);
    }
    // The history has each transition at its story's time, by the user who made it.
    const history = await t.ctx.db.kysely
      .selectFrom('sysChangeLog')
      .select(['recordId', 'createBy', 'createTime', 'comment'])
      .where('tableName', '=', 'story_order')
      .where('action', '=', 'transition')
      .orderBy('createTime')
      .execute();
    expect(history.length).toBeGreaterThanOrEqual(orders.filter((o) => o.status !== '1').length);
    for (const h of history) {
      const order = orders.find((o) => o.id === h.recordId) as Row;
      const at = parseDateTime(String(h.createTime));
      expect(at).toBeGreaterThan(parseDateTime(String(order.createTime)));
      expect(at).toBeLessThanOrEqual(after);
      expect(h.createBy === 'lina' || (h.createBy === 'wangfang' && h.comment === '款已到账')).toBe(true);
    }
    fingerprints.set(name, {
      orders: orders.length,
      lines: (await rows(t, 'story_line')).length,
      states: orders.map((o) => o.status).join(''),
      total: orders.reduce((s, o) => s + cents(num(o.total)), 0),
      paid: payments.reduce((s, p) => s + cents(num(p.amount)), 0),
      history: history.length,
    });
  });

  it('plays a seed once per database and ends the sessions it opened', async () => {
    const played = await t.ctx.db.kysely
      .selectFrom('sysMeta')
      .select('key')
      .where('key', '=', playedKey('story_demo'))
      .execute();
    expect(played).toHaveLength(1);
    const count = async () => (await rows(t, 'story_order')).length;
    const orders = await count();
    // What a restart does (bootstrap.ts): nothing left to play.
    expect(await playSeedStories(t.ctx)).toBeNull();
    expect(await count()).toBe(orders);
    const live = await t.ctx.db.kysely
      .selectFrom('sysSession')
      .select('id')
      .where('userAgent', '=', 'seed-stories')
      .where('revoked', '=', 0)
      .execute();
    expect(live).toEqual([]);
  });
});

describe('seed stories everywhere', () => {
  it('gives the same data on every database for the same definition', () => {
    const [first, ...rest] = [...fingerprints.values()];
    expect(fingerprints.size).toBe(DIALECTS.length);
    for (const other of rest) expect(other).toEqual(first);
  });
});

// The runner's failure path is the same code on every dialect; SQLite keeps it quick.
describe('a refused step', () => {
  let t: TestApp;
  let printed: string[];
  afterAll(async () => t?.close());

  it('ends only its own story, and the start goes on with the reasons counted', async () => {
    // A doctor may not cancel orders (403): the stories where he tries stop there.
    const schemas = schemasWithStories((seed) => {
      (seed.steps as unknown[]).splice(2, 0, {
        as: 'zhangwei',
        transition: 'cancel',
        on: 'order',
        p: 0.5,
        optional: true,
        comment: '医生取消',
      });
    });
    ({ t, printed } = await startWithStories(
      'sqlite://:memory:',
      { SEED_STORIES: String(STORIES) },
      schemas,
    ));
    const line = printed.find((l) => l.startsWith('演示业务数据')) ?? '';
    const [, refused, reason] = /，(\d+) 个步骤未执行（(.+)：\d+）$/.exec(line) ?? [];
    expect(Number(refused)).toBeGreaterThan(0);
    expect(Number(refused)).toBeLessThan(STORIES);
    expect(reason).toMatch(/权限/);
    const orders = await rows(t, 'story_order');
    // Every story still started, later ones too, and the others went on to the end.
    expect(orders).toHaveLength(STORIES);
    expect(orders.filter((o) => o.status === '4')).toEqual([]);
    expect(orders.some((o) => o.status === '3')).toBe(true);
  }, 120_000);
});

describe('a restart', () => {
  it('does not play a seed again on a database that has it (SQLite file)', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-stories-restart-'));
    const schemas = schemasWithStories();
    const cfg = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_PASSES: '1',
      LOG_LEVEL: 'silent',
      SEED_STORIES: '2',
    });
    const orders = async () => {
      const ctx = await createContext(cfg, schemas);
      try {
        return (await sql<Row>`select id from story_order`.execute(ctx.db.kysely)).rows
          .map((r) => r.id)
          .sort();
      } finally {
        await ctx.db.close();
      }
    };
    try {
      const first = await orders();
      expect(first).toHaveLength(2);
      expect(await orders()).toEqual(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

// The runner's branching is the same code on every dialect; SQLite keeps it quick.
describe('branches of a story', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('skips the steps on a record an optional step did not add, and ends a story after an `ends` step', async () => {
    const schemas = schemasWithStories((seed) => {
      const [add, submit, pay] = seed.steps as Array<Record<string, unknown>>;
      delete submit.p;
      seed.steps = [
        add,
        submit,
        // Some orders are cancelled: without `ends`, paying them would be refused.
        { as: 'wangfang', transition: 'cancel', on: 'order', p: 0.4, optional: true, ends: true, comment: '客户取消' },
        { ...pay, p: 1 },
        // A sub-chain: a second order, submitted only when it was added.
        { ...add, save: 'extra', p: 0.5, optional: true, fields: { ...(add.fields as object), remark: '追加' } },
        { as: 'lina', transition: 'submit', on: 'extra' },
      ];
    });
    let printed: string[];
    ({ t, printed } = await startWithStories('sqlite://:memory:', { SEED_STORIES: String(STORIES) }, schemas));
    expect(printed.find((l) => l.startsWith('演示业务数据'))).toMatch(/，0 个步骤未执行$/);
    const orders = await rows(t, 'story_order');
    const payments = await rows(t, 'story_payment');
    const paid = new Set(payments.map((p) => p.orderId));
    const [main, extra] = [orders.filter((o) => o.remark !== '追加'), orders.filter((o) => o.remark === '追加')];
    expect(main).toHaveLength(STORIES);
    const cancelled = main.filter((o) => o.status === '4');
    expect(cancelled.length).toBeGreaterThan(0);
    expect(cancelled.length).toBeLessThan(STORIES);
    // A cancelled story ended there: no payment and no second order.
    expect(cancelled.filter((o) => paid.has(o.id))).toEqual([]);
    expect(main.filter((o) => o.status !== '4').every((o) => paid.has(o.id))).toBe(true);
    expect(extra.length).toBeGreaterThan(0);
    expect(extra.length).toBeLessThan(STORIES - cancelled.length);
    expect(extra.map((o) => o.status)).toEqual(extra.map(() => '2'));
  }, 120_000);
});
