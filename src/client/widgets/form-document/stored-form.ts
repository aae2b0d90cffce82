import { useEffect, useState } from 'react';
import { ApiError, http, type Envelope } from '../../api';
import { t } from '../../locale/zh-CN';
import type { FormDefinition } from '../../../shared/schema-types';

const L = t.formDocument;

/** A form as GET /online/form/get answers it (the stored-forms API). */
export interface StoredForm {
  code: string;
  version: number;
  definition: FormDefinition;
}

export type StoredFormState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; form: StoredForm };

const TYPING_PAUSE_MS = 300;

// A published version never changes: each (code, version) is asked once per page load.
const cache = new Map<string, Promise<StoredForm>>();

async function fetchForm(code: string, version?: number): Promise<StoredForm> {
  // Quiet: the widget itself says what went wrong, in place of the form.
  const params = { code, ...(version ? { version } : {}) };
  const res = await http
    .get<Envelope<StoredForm>>('/online/form/get', { params, silent: true })
    .then((r) => r.data)
    .catch((e: unknown) => {
      if (e instanceof ApiError && e.status === 404) throw new Error(L.notFound(code));
      throw e;
    });
  if (!res.success || !res.result) throw new Error(res.code === 404 ? L.notFound(code) : res.message || L.loadFailed);
  return res.result;
}

export function loadStoredForm(code: string, version?: number): Promise<StoredForm> {
  const key = `${code}@${version ?? 'newest'}`;
  let p = cache.get(key);
  if (!p) {
    p = fetchForm(code, version);
    p.catch(() => cache.delete(key));
    cache.set(key, p);
  }
  return p;
}

/** The form named by a record's code and version fields (the newest published one without a version). */
export function useStoredForm(code: unknown, version: unknown): StoredFormState {
  const c = typeof code === 'string' ? code.trim() : '';
  const v = Number(version) > 0 ? Number(version) : undefined;
  const key = c ? `${c}@${v ?? ''}` : '';
  const [state, setState] = useState<{ key: string; value: StoredFormState } | null>(null);
  useEffect(() => {
    if (!key) return;
    let alive = true;
    // A code being typed is asked for once the typing pauses, not at every keystroke.
    const timer = setTimeout(() => {
      loadStoredForm(c, v).then(
        (form) => alive && setState({ key, value: { status: 'ready', form } }),
        (e: unknown) =>
          alive && setState({ key, value: { status: 'error', message: e instanceof Error && e.message ? e.message : L.loadFailed } }),
      );
    }, TYPING_PAUSE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
    // c and v make the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!key) return { status: 'empty' };
  return state?.key === key ? state.value : { status: 'loading' };
}
