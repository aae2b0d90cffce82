import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { schemasWithSeedModule } from './seed-stories-fixture.js';

interface Row {
  id: string;
  [k: string]: unknown;
}

const rows = async (t: TestApp, table: string) =>
  (await sql<Row>`select * from ${sql.table(table)} order by create_time, id`.execute(t.ctx.db.kysely)).rows;

/**
 * Starts an app on the seed-apply fixture (tests/fixtures/schemas/seed-apply: an audited entity whose
 * enabled records are locked, and a one-story seed), catching the start-up summary line.
 */
async function start(url: string, change?: (seed: Record<string, unknown>) => void) {
  const printed: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((line: unknown) => void printed.push(String(line)));
  try {
    const schemasDir = schemasWithSeedModule('seed-apply', 'apply', 'apply_demo', change);
    // More than the seed's one story: a scripted seed plays only the stories it has.
    const t = await createTestApp(url, { LOG_LEVEL: 'warn', SEED_STORIES: '5' }, { schemasDir });
    return { t, line: printed.find((l) => l.startsWith('演示业务数据')) ?? '' };
  } finally {
    spy.mockRestore();
  }
}

// Issue 16 §5: a seed step `apply` submits an application through the API and leaves it pending.
describe.each(DIALECTS)('seed step apply on $name', ({ url }) => {
  let t: TestApp;
  let line: string;

  beforeAll(async () => {
    ({ t, line } = await start(url));
  }, 120_000);
  afterAll(async () => t?.close());

  it('plays the scripted story once, every step of it', () => {
    expect(line).toBe('演示业务数据：1 个故事，2 条记录，0 个步骤未执行');
  });

  it('leaves the applications pending, as the step user, with the reasons and values given', async () => {
    const items = await rows(t, 'apply_item');
    const [kept, gone] = items;
    const applies = (await rows(t, 'sys_data_apply')).filter((a) => a.entityCode === 'apply_item');
    expect(applies.map((a) => [a.kind, a.recordId, a.status, a.applicant, a.reason ?? null])).toEqual([
      ['edit', kept.id, 'pending', 'wangfang', '盘点后数量有变'],
      ['delete', gone.id, 'pending', 'wangfang', '已报废'],
      ['add', null, 'pending', 'wangfang', null],
    ]);
    const payload = (kind: string) => JSON.parse(String(applies.find((a) => a.kind === kind)?.payload));
    expect(Number(payload('edit').qty)).toBe(5);
    // "$kept.qty" reads the record as it is stored: the pending edit has not changed it.
    expect(payload('add').name).toBe('雾化器');
    expect(Number(payload('add').qty)).toBe(3);
  });

  it('changes nothing until an auditor approves: the records stay as added and enabled', async () => {
    const items = await rows(t, 'apply_item');
    expect(items.map((i) => [i.name, Number(i.qty), i.state])).toEqual([
      ['血压计', 3, '2'],
      ['体温枪', 1, '2'],
    ]);
  });

  it("shows them in the applicant's and the auditor's lists", async () => {
    const list = async (user: string, box: string) =>
      (
        await t.call({
          method: 'GET',
          url: '/sys/dataApply/list',
          query: { box, entity: 'apply_item', pageNo: '1', pageSize: '10' },
          token: await t.login(user),
        })
      ).json().result as { records: Array<{ kindText: string; statusText: string }>; total: number };
    const mine = await list('wangfang', 'mine');
    expect(mine.total).toBe(3);
    expect(mine.records.map((r) => r.statusText)).toEqual(['待审核', '待审核', '待审核']);
    const toAudit = await list('liuyang', 'audit');
    expect(toAudit.records.map((r) => r.kindText).sort()).toEqual(
      ['申请修改', '申请删除', '申请新增'].sort(),
    );
  });
});

// The runner's refusal path is the same code on every dialect; SQLite keeps it quick.
describe('a refused application', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it("ends the story with the server's reason, like any refused step", async () => {
    // A nurse may read the items but not apply for changes (no apply_item:apply).
    let line: string;
    ({ t, line } = await start('sqlite://:memory:', (seed) => {
      (seed.steps as Array<Record<string, unknown>>)[4].as = 'lina';
    }));
    expect(line).toMatch(
      /^演示业务数据：1 个故事，2 条记录，1 个步骤未执行（申请 edit apply_item（kept）：.*权限.*：1）$/,
    );
    expect(await rows(t, 'sys_data_apply')).toEqual([]);
  }, 120_000);
});
