import type { Envelope } from '../../../shared/envelope';
import { ApiError, http } from '../../api';
import { classifyHttpError } from '../../api/errors';
import { applyErrorAction } from '../../api/http';
import { t } from '../../locale/zh-CN';
import { findExpression } from './safety';
import type { PageDefinition } from './types';

export type PageLoadResult =
  | { status: 'ok'; page: PageDefinition }
  | { status: 'missing'; message: string }
  | { status: 'error'; message: string };

const isPage = (v: unknown): v is PageDefinition =>
  !!v &&
  typeof v === 'object' &&
  typeof (v as PageDefinition).kind === 'string' &&
  typeof (v as PageDefinition).code === 'string';

/**
 * Fetches the page definition serving a menu component (and, for entity pages, the route's :code)
 * from `GET /sys/schema/page`. A page the server does not have is 'missing' — shown on the page
 * itself, so the 404 skips the global notice; other failures go through the error catalogue.
 */
export async function loadPageDefinition(component: string, code?: string): Promise<PageLoadResult> {
  const name = code ? `${component}（${code}）` : component;
  try {
    const res = (
      await http.get<Envelope<unknown>>('/sys/schema/page', {
        params: { component, code },
        sign: true,
        silent: true,
      })
    ).data;
    if (!res.success || !isPage(res.result))
      return { status: 'missing', message: t.renderer.page.missing(name) };
    if (findExpression(res.result)) return { status: 'error', message: t.renderer.page.invalidDefinition };
    return { status: 'ok', page: res.result };
  } catch (e) {
    const status = e instanceof ApiError ? e.status : undefined;
    if (status === 404) return { status: 'missing', message: t.renderer.page.missing(name) };
    applyErrorAction(classifyHttpError(status, e instanceof ApiError ? e.envelope : null));
    return { status: 'error', message: t.renderer.page.loadFailed };
  }
}
