import { ApiError, downloadFile, getAction, http, postAction, uploadAction, type Envelope } from '../../api';
import type { FormDefinition } from '../../../shared/schema-types';
import type { Problem } from './store';

/** The stored-forms API (/online/form, issue 20). */
const BASE = '/online/form';

export interface FormRow {
  code: string;
  title: string;
  source: 'file' | 'db';
  publishedVersion: number | null;
  draftVersion: number | null;
  updateTime?: string | null;
  updateBy?: string | null;
}

export interface FormVersion {
  version: number;
  status: 'draft' | 'published';
  publishTime: string | null;
  publishBy: string | null;
  createTime: string | null;
}

export interface StoredForm {
  code: string;
  version: number;
  status: 'draft' | 'published';
  source: 'file' | 'db';
  definition: FormDefinition;
}

export const listForms = (params: { keyword?: string; pageNo: number; pageSize: number }) =>
  getAction<{ records: FormRow[]; total: number }>(`${BASE}/list`, params);

export const getForm = (code: string, opts: { version?: number; draft?: boolean } = {}) =>
  getAction<StoredForm>(`${BASE}/get`, { code, version: opts.version, draft: opts.draft ? 1 : undefined });

/** GET /online/form/get without telling the user about a 404 (a form that does not exist is an answer here). */
async function quietGet(params: Record<string, string | number>): Promise<StoredForm | null> {
  try {
    const res = await http.get<Envelope<StoredForm>>(`${BASE}/get`, { params, sign: true, silent: true });
    return res.data.success ? res.data.result : null;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null;
    throw e;
  }
}

/** What the designer edits: the draft when there is one, else the newest version; null when the code is free. */
export async function designerForm(code: string): Promise<StoredForm | null> {
  return (await quietGet({ code, draft: 1 })) ?? (await quietGet({ code }));
}

export const formVersions = (code: string) => getAction<FormVersion[]>(`${BASE}/versions`, { code });

export const checkForm = (definition: FormDefinition) =>
  postAction<{ problems: Problem[] }>(`${BASE}/check`, { definition });

export const publishForm = (code: string) =>
  postAction<{ code: string; version: number }>(`${BASE}/publish`, { code });

export const exportForm = (code: string, version: number) =>
  downloadFile(`${BASE}/export`, `${code}-v${version}.json`, { code, version });

export const importForm = (file: File) => {
  const data = new FormData();
  data.append('file', file);
  return uploadAction<{ code: string; version: number }>(`${BASE}/import`, data);
};

export type SaveAnswer =
  { ok: true; code: string; version: number } | { ok: false; message: string; problems: Problem[] };

/** Saves the draft; a refused definition answers its problems (400 result.problems) instead of throwing. */
export async function saveForm(definition: FormDefinition): Promise<SaveAnswer> {
  let res: Envelope<{ code: string; version: number } | { problems?: Problem[] }>;
  try {
    res = await postAction(`${BASE}/save`, { definition });
  } catch (e) {
    const body =
      e instanceof ApiError
        ? (e.envelope as unknown as Envelope<{ problems?: Problem[] } | null> | null)
        : null;
    const problems = body?.result?.problems;
    if (body && Array.isArray(problems)) return { ok: false, message: body.message, problems };
    throw e;
  }
  if (!res.success || !res.result || !('version' in res.result))
    return {
      ok: false,
      message: res.message,
      problems: (res.result as { problems?: Problem[] } | null)?.problems ?? [],
    };
  return { ok: true, code: res.result.code, version: res.result.version };
}
