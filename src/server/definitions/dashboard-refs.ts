import type { DefinitionFile, Definitions } from './load.js';
import type { DefinitionProblem } from './meta-validation.js';
import type { DashboardDefinition, MenuDef, MenuFile } from '../../shared/schema-types.js';
import { DASHBOARD_VIEW, dashboardCodeOf } from '../../shared/hand-written-pages.js';
import { normaliseComponent } from './cross-refs.js';

/**
 * Names a dashboard must find: each card's stat among schemas/stats, each code once, and at most one home
 * dashboard per application code (otherwise which one is home would depend on file order). A menu entry
 * opening a dashboard (component dashboard/View) must name an existing one by its url /dashboard/<code>.
 */
export function dashboardProblems(
  files: DefinitionFile[],
  defs: Definitions,
  show: (file: string) => string,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const stats = new Set((defs.stats ?? []).map((s) => s.code));
  const codes = new Set<string>();
  const homes = new Map<string, string>();
  for (const f of files) {
    if (f.kind !== 'dashboard') continue;
    const file = show(f.file);
    const d = f.data as DashboardDefinition;
    if (codes.has(d.code)) problems.push({ file, pointer: '/code', message: `仪表盘编码 "${d.code}" 重复` });
    codes.add(d.code);
    (d.home ?? []).forEach((app, i) => {
      const other = homes.get(app);
      if (other)
        problems.push({
          file,
          pointer: `/home/${i}`,
          message: `应用 "${app}" 的首页仪表盘已由 ${other} 定义`,
        });
      else homes.set(app, d.code);
    });
    d.cards.forEach((card, i) => {
      if ('stat' in card && !stats.has(card.stat))
        problems.push({
          file,
          pointer: `/cards/${i}/stat`,
          message: `统计定义 "${card.stat}" 不存在（见 schemas/stats）`,
        });
    });
  }
  for (const f of files) {
    if (f.kind !== 'menu') continue;
    const walk = (nodes: MenuDef[], at: string) =>
      nodes.forEach((n, i) => {
        const pointer = `${at}/${i}`;
        if (n.component && normaliseComponent(n.component) === DASHBOARD_VIEW) {
          const code = dashboardCodeOf(n.url ?? '');
          if (!code || !codes.has(code))
            problems.push({
              file: show(f.file),
              pointer: `${pointer}/url`,
              message: `组件 ${DASHBOARD_VIEW} 的地址应为 /dashboard/<仪表盘编码>，且该仪表盘存在（schemas/dashboards）`,
            });
        }
        walk(n.children ?? [], `${pointer}/children`);
      });
    walk((f.data as MenuFile).menus, '/menus');
  }
  return problems;
}
