import path from 'node:path';
import type { MenuDef, MenuFile, StatDefinition } from '../../shared/schema-types.js';
import { parentCodeOf } from '../modules/online/children.js';
import { compileStat } from '../modules/stats/compile.js';
import type { Definitions, DefinitionFile } from './load.js';
import type { DefinitionProblem } from './meta-validation.js';

/** The permission codes and routes the menus declare. */
function menuNames(menus: MenuDef[]) {
  const perms = new Set<string>();
  const urls = new Set<string>();
  const walk = (nodes: MenuDef[]) =>
    nodes.forEach((n) => {
      if (n.url) urls.add(n.url);
      for (const b of n.buttons ?? []) perms.add(b.perms);
      walk(n.children ?? []);
    });
  walk(menus);
  return { perms, urls };
}

/**
 * Statistics (schemas/stats): the file is named for its code, codes are unique, every name resolves
 * against the source (stats/compile.ts: fields, numeric measures, date buckets, sort keys), the
 * permission is one the menus declare and the drill page is a menu route (the parent's list for a
 * statistic over child rows).
 */
export function statProblems(
  files: DefinitionFile[],
  defs: Definitions,
  show: (file: string) => string,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const { perms, urls } = menuNames(
    files.filter((f) => f.kind === 'menu').flatMap((f) => (f.data as MenuFile).menus),
  );
  const seen = new Map<string, string>();
  for (const f of files) {
    if (f.kind !== 'stat') continue;
    const stat = f.data as StatDefinition;
    const file = show(f.file);
    const add = (pointer: string, message: string) => problems.push({ file, pointer, message });
    if (path.basename(f.file, '.json') !== stat.code) add('/code', `文件名应为 ${stat.code}.json`);
    const first = seen.get(stat.code);
    if (first) add('/code', `统计编码 "${stat.code}" 重复（已在 ${first} 定义）`);
    else seen.set(stat.code, file);
    const { problems: own, stat: compiled } = compileStat(stat, defs);
    for (const p of own) add(p.pointer, p.message);
    if (compiled && compiled.access !== 'login' && !perms.has(compiled.access))
      add(
        stat.permission ? '/permission' : '/source',
        `权限码 "${compiled.access}" 未在 schemas/menus 的按钮中声明`,
      );
    if (stat.drill && !urls.has(stat.drill.page))
      add('/drill/page', `下钻页面 "${stat.drill.page}" 不是菜单中的路由`);
    // Child rows have no list of their own: their groups open the parent's list (online/child-filter.ts).
    const parent = compiled?.source.entity ? parentCodeOf(compiled.source.entity) : null;
    if (stat.drill && parent && stat.drill.page !== `/online/cgformList/${parent}`)
      add('/drill/page', `明细实体的统计应下钻到主表列表 /online/cgformList/${parent}`);
  }
  return problems;
}
