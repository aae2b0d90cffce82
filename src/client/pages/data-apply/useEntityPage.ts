import { httpAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { fillPath, pageApi } from '../../renderer/definition/api';
import { ONLINE_LIST_COMPONENTS } from '../../renderer/definition/components';
import { loadPageDefinition } from '../../renderer/definition/load';
import type { PageDefinition } from '../../renderer/definition/types';
import { unwrap, useLoad } from './useLoad';

type Row = Record<string, unknown>;

/** The entity's list page as the server derives it (form, detail, apis), the one its online list opens. */
export async function entityPage(entity: string): Promise<PageDefinition> {
  const r = await loadPageDefinition(ONLINE_LIST_COMPONENTS[0], entity);
  if (r.status !== 'ok') throw new Error(r.message);
  return r.page;
}

/** One record through the page's queryById, as the detail view reads it (display texts, masking). */
export async function queryRecord(page: PageDefinition, entity: string, id: string): Promise<Row> {
  const api = pageApi(page.api, 'queryById');
  if (!api) throw new Error(t.renderer.config.queryByIdUrlMissing);
  const filled = fillPath(api.url, { id, code: entity });
  return unwrap(httpAction<Row>(filled.url, filled.used.has('id') ? {} : { id }, api.method));
}

/** The entity's page and, with ids, those records. */
export function useEntityRecords(entity: string, ids: readonly string[]) {
  return useLoad(
    async () => {
      const page = await entityPage(entity);
      const records = await Promise.all(ids.map((id) => queryRecord(page, entity, id)));
      return { page, records };
    },
    `${entity}/${ids.join(',')}`,
    !!entity,
  );
}
