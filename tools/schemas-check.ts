/**
 * `npm run schemas:check [dir]`: validates schemas/ (or the given folder) exactly as the server does at
 * start — meta-schemas plus cross-references — printing one line per problem; exit 1 on any problem.
 */
import path from 'node:path';
import { checkDefinitions, formatProblem } from '../src/server/definitions/check.js';
import { refreshCompletions } from './schemas-completions.js';

const root = path.resolve(process.argv[2] ?? 'schemas');
// Editor hints follow the definitions (dictionary codes) without a generation step of their own.
if (!process.argv[2]) refreshCompletions();
const { problems, defs } = checkDefinitions(root, { metaDir: path.resolve('schemas/meta') });
for (const p of problems) console.error(formatProblem(p));
if (problems.length) {
  console.error(`\n共 ${problems.length} 处错误`);
  process.exitCode = 1;
} else {
  const counts = [
    `${defs.entities.length} 个实体`,
    `${defs.pages.length} 个页面`,
    `${defs.reports.length} 个报表`,
    `${defs.stats.length} 个统计`,
    `${defs.dicts.length} 个字典`,
    `${defs.forms.length} 个表单`,
    `${defs.menus.length} 个顶级菜单`,
  ];
  console.log(`定义检查通过：${counts.join('，')}`);
}
