import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';
import { dashboardCodeOf } from '../../src/shared/hand-written-pages.js';

const F = 'tests/fixtures/schemas/dashboard-view';

describe('menu entries opening a dashboard (dashboard/View)', () => {
  it('read the dashboard code from the url', () => {
    expect(dashboardCodeOf('/dashboard/erp')).toBe('erp');
    expect(dashboardCodeOf('/dashboard/erp/x')).toBeNull();
    expect(dashboardCodeOf('/dashboard')).toBeNull();
  });

  it('must name an existing dashboard in schemas:check', () => {
    const lines = checkDefinitions(path.resolve(F), { metaDir: path.resolve('schemas/meta') }).problems.map(
      formatProblem,
    );
    const message =
      '组件 dashboard/View 的地址应为 /dashboard/<仪表盘编码>，且该仪表盘存在（schemas/dashboards）';
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${F}/menus/boards.json:\\d+:\\d+: /menus/0/children/1/url: ${message.replace(/[()（）/<>]/g, '.')}$`,
        ),
      ),
      expect.stringMatching(new RegExp(`^${F}/menus/boards.json:\\d+:\\d+: /menus/0/children/2/url: `)),
    ]);
  });
});
