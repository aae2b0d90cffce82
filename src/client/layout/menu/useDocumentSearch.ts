import { useEffect, useState } from 'react';
import { getAction } from '../../api';

/** A record found by its document number (GET /sys/track/search). */
export interface DocumentHit {
  code: string;
  id: string;
  label: string;
  entityName: string;
}

/** The server looks only from this many characters on (src/server/modules/track/track-search.ts). */
const MIN_LENGTH = 4;
const DEBOUNCE_MS = 300;

/** Records whose number equals or starts with the typed text, asked for once typing pauses. */
export function useDocumentSearch(keyword: string): DocumentHit[] {
  const [hits, setHits] = useState<{ keyword: string; records: DocumentHit[] }>({ keyword: '', records: [] });
  const text = keyword.trim();
  useEffect(() => {
    if (text.length < MIN_LENGTH) return;
    let alive = true;
    const timer = window.setTimeout(() => {
      getAction<DocumentHit[]>('/sys/track/search', { keyword: text })
        .then((res) => alive && setHits({ keyword: text, records: res.success && res.result ? res.result : [] }))
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, [text]);
  return hits.keyword === text && text.length >= MIN_LENGTH ? hits.records : [];
}
