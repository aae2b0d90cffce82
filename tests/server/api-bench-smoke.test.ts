import { describe, expect, it } from 'vitest';
import { apiTable, apiVerdicts, runApiBench } from '../../tools/bench/api/suite.js';

// The scale bench (npm run bench -- --only api) at 50,000 rows and a fraction of a second per cell: it
// proves the bench still runs end to end on both databases — generation, every scenario answering 200
// through the API and through the bare baseline, the table and the verdicts. Figures are the bench's
// business, not a test's (DESIGN §7), so none is asserted here.
describe('API scale bench, 50,000-row smoke', () => {
  it('measures every scenario against its baseline on each database', { timeout: 600_000 }, async () => {
    const lines: string[] = [];
    const r = await runApiBench({ rows: 50_000, seconds: 0.2 }, (line) => lines.push(line));
    const dialects = Object.keys(r.generateSeconds);
    expect(dialects).toEqual(process.env.TEST_DATABASE_URL ? ['SQLite', 'PostgreSQL'] : ['SQLite']);
    for (const dialect of dialects) {
      const cells = r.cells.filter((c) => c.dialect === dialect);
      const scenarios = new Set(cells.map((c) => c.scenario));
      expect([...scenarios].sort()).toEqual(
        [
          'cheap',
          'customers',
          'deep',
          'filter',
          'mixedCheap',
          'mixedList',
          'scoped',
          'scopedCustomers',
          'sort',
          'users',
        ].sort(),
      );
      for (const c of cells)
        expect(c.requests, `${dialect} ${c.scenario} ${c.target} ${c.concurrency}`).toBeGreaterThan(0);
      // Each API cell has its bare twin.
      expect(cells.filter((c) => c.target === 'api')).toHaveLength(
        cells.filter((c) => c.target === 'bare').length,
      );
    }
    expect(apiTable(r).split('\n').length).toBe(2 + r.cells.length / 2);
    expect(apiVerdicts(r).length).toBeGreaterThan(0);
  });
});
