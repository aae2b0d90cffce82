import { evaluateCondition } from '../../../shared/conditions';
import type { Envelope } from '../../../shared/envelope';
import { ApiError, http } from '../../api';
import { classifyHttpError } from '../../api/errors';
import { applyErrorAction } from '../../api/http';
import { t } from '../../locale/zh-CN';
import { pageApi } from '../../renderer/definition/api';
import { loadPageDefinition } from '../../renderer/definition/load';
import type { FormSchema, PageAction, PageDefinition } from '../../renderer/definition/types';
import { editPayload } from '../../renderer/list/edit-values';
import { clearDraft, listDrafts, markDraft } from './draft-store';

const L = t.mobileForms;

export type Row = Record<string, unknown>;

/** An entity whose records carry a form document and move through a workflow: its served page. */
export interface FormEntity {
  code: string;
  title: string;
  page: PageDefinition;
}

/** The page serving an entity's online list (every entity's derived page answers it). */
const ENTITY_PAGE_COMPONENT = 'OnlineList';
const PAGE_SIZE = 100;
/** Row actions derived from workflow transitions (src/shared/page-derive/transitions.ts). */
const TRANSITION_PREFIX = 'wf-';

const hasFormDocument = (node: FormSchema): boolean =>
  node['x-component'] === 'JFormDocument' || Object.values(node.properties ?? {}).some(hasFormDocument);

/**
 * The entities with records the user can move now (the workflow to-dos) whose form holds a form
 * document (entity field of type form).
 */
export async function loadFormEntities(): Promise<FormEntity[]> {
  const todo = (
    await http.get<Envelope<Array<{ entity: string; title: string }>>>('/sys/todo/transitions', {
      silent: true,
    })
  ).data;
  if (!todo.success) throw new Error(todo.message || L.loadFailed);
  const pages = await Promise.all(
    (todo.result ?? []).map(async ({ entity, title }) => {
      const res = await loadPageDefinition(ENTITY_PAGE_COMPONENT, entity);
      return res.status === 'ok' && res.page.form && hasFormDocument(res.page.form.schema)
        ? { code: entity, title, page: res.page }
        : null;
    }),
  );
  return pages.filter((p): p is FormEntity => !!p);
}

/** The entity's records waiting for the user (`_actionable=1`), in the list's order. */
export async function loadActionable(entity: FormEntity): Promise<Row[]> {
  const api = pageApi(entity.page.api, 'list');
  if (!api) return [];
  const sort = entity.page.list?.sort;
  const params = {
    _actionable: 1,
    pageNo: 1,
    pageSize: PAGE_SIZE,
    ...(sort ? { column: sort.column, order: sort.order } : {}),
  };
  const res = (await http.get<Envelope<{ records: Row[] }>>(api.url, { params, silent: true })).data;
  if (!res.success) throw new Error(res.message || L.loadFailed);
  return res.result?.records ?? [];
}

/** One record as its form reads it (queryById). */
export async function loadRecord(entity: FormEntity, id: string): Promise<Row> {
  const api = pageApi(entity.page.api, 'queryById');
  if (!api) throw new Error(L.loadFailed);
  const res = (
    await http.get<Envelope<Row>>(api.url.replace('{id}', encodeURIComponent(id)), { silent: true })
  ).data;
  if (!res.success || !res.result) throw new Error(res.message || L.loadFailed);
  return res.result;
}

/** No answer at all: the phone is offline, or the request never reached the server. */
export function isNetworkFailure(e: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  return e instanceof ApiError && e.status === undefined;
}

export type SaveOutcome =
  { kind: 'saved'; message: string } | { kind: 'pending' } | { kind: 'refused'; message: string };

/**
 * Saves the record (the edit API). Accepted: the draft goes. No answer: the draft waits for the
 * network (pending). Refused: the server's message is shown and the draft kept.
 */
export async function saveRecord(
  user: string,
  entity: FormEntity,
  id: string,
  values: Row,
): Promise<SaveOutcome> {
  const api = pageApi(entity.page.api, 'edit');
  const rowKey = entity.page.rowKey ?? 'id';
  if (!api || !entity.page.form) return { kind: 'refused', message: L.loadFailed };
  const body = editPayload(entity.page.form, values, { [rowKey]: id }, rowKey);
  try {
    const res = (
      await http.request<Envelope<unknown>>({ url: api.url, method: api.method, data: body, silent: true })
    ).data;
    if (!res.success) {
      markDraft(user, entity.code, id, { pending: false, refused: res.message || t.common.failed });
      return { kind: 'refused', message: res.message || t.common.failed };
    }
    clearDraft(user, entity.code, id);
    return { kind: 'saved', message: res.message || t.common.success };
  } catch (e) {
    if (isNetworkFailure(e)) {
      markDraft(user, entity.code, id, { pending: true });
      return { kind: 'pending' };
    }
    const message = e instanceof Error && e.message ? e.message : t.common.failed;
    markDraft(user, entity.code, id, { pending: false, refused: message });
    // A signed-out session still goes to the sign-in page.
    if (e instanceof ApiError && e.status === 401) applyErrorAction(classifyHttpError(e.status, e.envelope));
    return { kind: 'refused', message };
  }
}

/** Sends every draft waiting for the network; resolves to how many the server took. */
export async function syncPending(user: string, entities: readonly FormEntity[]): Promise<number> {
  let synced = 0;
  for (const d of listDrafts(user).filter((x) => x.pending)) {
    const entity = entities.find((e) => e.code === d.entity);
    if (!entity) continue;
    const out = await saveRecord(user, entity, d.id, d.values);
    if (out.kind === 'saved') synced++;
    if (out.kind === 'pending') break; // Still offline: the rest would fail the same way.
  }
  return synced;
}

/**
 * The workflow transitions the user may fire on this record now: the page's derived transition actions
 * (`wf-<key>`, shown when the row's `_transitions` names them) that need no comment.
 */
export function recordTransitions(entity: FormEntity, row: Row): PageAction[] {
  return (entity.page.rowActions?.custom ?? []).filter(
    (a) =>
      a.key.startsWith(TRANSITION_PREFIX) &&
      (a.kind === 'request' || (a.kind === 'form' && !!asksComment(a))) &&
      !!a.visibleWhen &&
      evaluateCondition(a.visibleWhen, row),
  );
}

/** Whether a transition asks for a comment (its derived dialog's one field), and whether it must be given. */
export function asksComment(action: PageAction): { required: boolean } | null {
  const field = action.form?.schema.properties?.comment;
  return action.kind === 'form' && field ? { required: field.required === true } : null;
}

/** Fires a transition (POST with the record id); a refusal comes back as an error with the server's message. */
export async function fireTransition(action: PageAction, id: string, comment?: string): Promise<string> {
  const url = typeof action.api === 'string' ? action.api : action.api?.url;
  if (!url) throw new Error(t.common.failed);
  const body = comment ? { id, comment } : { id };
  const res = (await http.post<Envelope<unknown>>(url, body, { silent: true })).data;
  if (!res.success) throw new Error(res.message || t.common.failed);
  return res.message || t.common.success;
}
