import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import type { AppContext } from '../context.js';
import { syncDicts } from '../db/dict-sync.js';
import { syncMenus } from '../db/menu-sync.js';
import { clearTableDictCache } from '../lib/table-dict.js';
import { checkDefinitions, formatProblem } from './check.js';
import type { Definitions } from './load.js';

interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

/**
 * Development only: watches schemas/ and, after a successful check, puts the new definitions into
 * ctx.defs (pages, reports, menus, dictionaries take effect on the next request; new menu entries and
 * dictionary items are seeded). Invalid definitions are logged and the previous ones stay. Entity
 * tables and routes are made when the app is built, so a changed entity goes to `onEntities`, which
 * extends the tables and rebuilds the app (serve.ts); when it refuses (a change that would lose data)
 * everything stays as it was. Without it the running entities are kept until a restart.
 * Returns a function that stops watching.
 */
export function watchDefinitions(
  ctx: AppContext,
  log: Log,
  debounceMs = 200,
  onEntities?: (defs: Definitions) => Promise<void>,
): () => void {
  const root = ctx.defs.root;
  let timer: NodeJS.Timeout | null = null;
  let running = Promise.resolve();

  const reload = async () => {
    const { defs, problems } = checkDefinitions(root);
    if (problems.length) {
      log.error(`定义文件有错误，仍使用修改前的定义：\n${problems.map(formatProblem).join('\n')}`);
      return;
    }
    const entitiesChanged = !isDeepStrictEqual(defs.entities, ctx.defs.entities);
    if (entitiesChanged && onEntities) {
      try {
        await onEntities(defs);
      } catch (err) {
        log.error(
          `实体定义的修改未生效，仍使用修改前的定义：${err instanceof Error ? err.message : String(err)}`,
        );
        return;
      }
    } else if (entitiesChanged) {
      log.warn('实体定义已修改：数据表和接口在重启服务器后生效');
      defs.entities = ctx.defs.entities;
    }
    for (const note of await syncMenus(ctx.db.kysely, defs.menus)) log.warn(note);
    await syncDicts(ctx.db.kysely, defs.dicts);
    clearTableDictCache();
    ctx.defs = defs;
    log.info(
      entitiesChanged && onEntities ? '定义文件已重新加载，实体的数据表和接口已更新' : '定义文件已重新加载',
    );
  };

  const watcher = fs.watch(root, { recursive: true }, (_event, file) => {
    if (file && !String(file).endsWith('.json')) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      // Reloads run one after another, so a slow one cannot overwrite a newer one.
      running = running
        .then(reload)
        .catch((err: unknown) =>
          log.error(`重新加载定义失败：${err instanceof Error ? err.message : String(err)}`),
        );
    }, debounceMs);
  });
  return () => {
    if (timer) clearTimeout(timer);
    watcher.close();
  };
}
