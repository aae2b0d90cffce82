import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDefinitions } from '../../src/server/definitions/check.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

interface ServedCard {
  type: string;
  stat?: string;
  accepts?: Record<string, string>;
}

describe.each(DIALECTS)('dashboard definitions on $name', ({ url }) => {
  let t: TestApp;
  const dashboard = (token: string | undefined, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: '/sys/schema/dashboard', token, query });
  const statCards = (cards: ServedCard[]) => cards.filter((c) => c.stat).map((c) => `${c.type}:${c.stat}`);

  beforeAll(async () => {
    t = await createTestApp(url);
  });
  afterAll(async () => t?.close());

  it('serves the home dashboard of the application code with the shared filters each stat takes', async () => {
    const admin = await t.login('admin');
    const res = await dashboard(admin, { appCode: 'YJY-ERP-WEB' });
    expect(res.statusCode).toBe(200);
    const home = res.json().result as { code: string; filters: string[]; cards: ServedCard[] };
    expect(home.code).toBe('home');
    expect(home.filters).toEqual(['dateRange', 'department']);
    expect(statCards(home.cards)).toContain('chart:user_by_depart');
    expect(home.cards.map((c) => c.type)).toEqual(expect.arrayContaining(['shortcut', 'notices', 'todo']));
    const byStat = (code: string) => home.cards.find((c) => c.stat === code)?.accepts;
    // A stat gets only the filters it declares: the stat API refuses any other parameter.
    expect(byStat('customer_by_level')).toEqual({ dateRange: 'dateRange', department: 'department' });
    expect(byStat('equipment_by_status')).toEqual({ department: 'department' });
    expect(byStat('announcement_this_month')).toEqual({ dateRange: 'dateRange' });
    // Any application code without its own falls back to the '*' dashboard; a code picks by name.
    expect((await dashboard(admin, { appCode: 'TB-D-WEB' })).json().result.code).toBe('home');
    expect((await dashboard(admin, { code: 'home' })).json().result.code).toBe('home');
  });

  it('leaves out the cards whose stat the caller may not read, and every card agrees with the stat API', async () => {
    const admin = await t.login('admin');
    const doctor = await t.login('zhangwei');
    const all = statCards((await dashboard(admin)).json().result.cards);
    const mine = (await dashboard(doctor)).json().result.cards as ServedCard[];
    expect(statCards(mine).length).toBeLessThan(all.length);
    const readable = new Set(
      (
        (await t.call({ method: 'GET', url: '/sys/stats', token: doctor })).json().result as Array<{
          code: string;
        }>
      ).map((s) => s.code),
    );
    for (const card of mine.filter((c) => c.stat)) expect(readable.has(card.stat!), card.stat).toBe(true);
    for (const card of all) {
      const code = card.split(':')[1];
      if (!readable.has(code))
        expect(
          mine.some((c) => c.stat === code),
          code,
        ).toBe(false);
    }
    // The cards that need no stat stay.
    expect(mine.map((c) => c.type)).toEqual(expect.arrayContaining(['shortcut', 'notices', 'todo']));
  });

  it('answers 401 without a session, 404 for an unknown dashboard and 400 for a malformed code', async () => {
    expect((await dashboard(undefined)).statusCode).toBe(401);
    const admin = await t.login('admin');
    const unknown = await dashboard(admin, { code: 'nothing_here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('仪表盘定义不存在：nothing_here');
    const bad = await dashboard(admin, { code: "home'; drop" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().success).toBe(false);
  });
});

describe('dashboard definition check', () => {
  it('names an unknown stat, an unknown widget and a second home for the same code, with file:line', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dash-defs-'));
    fs.cpSync(path.resolve('schemas'), root, { recursive: true });
    const file = path.join(root, 'dashboards', 'other.json');
    fs.writeFileSync(
      file,
      JSON.stringify(
        {
          $schema: '../meta/dashboard.schema.json',
          code: 'broken',
          title: '坏的',
          home: ['*'],
          cards: [{ type: 'chart', stat: 'no_such_stat', widget: 'StatBar' }],
        },
        null,
        2,
      ),
    );
    // Files are read in name order: home.json comes first, so other.json is the second home.
    const { problems } = checkDefinitions(root);
    const mine = problems.filter((p) => p.file.endsWith('other.json'));
    expect(mine.map((p) => [p.pointer, p.message])).toEqual([
      ['/home/0', '应用 "*" 的首页仪表盘已由 home 定义'],
      ['/cards/0/stat', '统计定义 "no_such_stat" 不存在（见 schemas/stats）'],
    ]);
    expect(mine[1].line).toBeGreaterThan(1);

    fs.writeFileSync(
      file,
      JSON.stringify({
        $schema: '../meta/dashboard.schema.json',
        code: 'broken',
        title: '坏的',
        cards: [{ type: 'chart', stat: 'user_by_sex', widget: 'StatPies' }],
      }),
    );
    expect(
      checkDefinitions(root).problems.some(
        (p) => p.file.endsWith('other.json') && p.pointer.startsWith('/cards/0'),
      ),
    ).toBe(true);
    fs.rmSync(root, { recursive: true, force: true });
  });
});
