import { Select, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { DictCodeMissing } from './DictCodeMissing';
import { dictLabels, fetchPagedOptions, searchDict, SCROLL_LOAD_PX, type PagedSourceConfig } from './paged-source';
import { useDebouncedCallback } from './useDebouncedCallback';
import { useDictOptions, type DictOption } from './useDictOptions';

export interface JSearchSelectProps extends Partial<PagedSourceConfig> {
  value?: string | number | null;
  onChange?: (value: string | undefined) => void;
  /** Dictionary code or table dictionary 'table,text,code'. */
  dict?: string;
  /** With `dict`: search on the server as the user types instead of filtering the whole list. */
  async?: boolean;
  /** Wait after typing (default 600 ms for a URL list, 800 ms for a dictionary search). */
  debounce?: number;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
}

/** A URL list read page by page: 30 at a time, 10 when searching, more when scrolled to the end. */
function UrlSearchSelect(props: JSearchSelectProps & { url: string }) {
  const { value, onChange, placeholder, disabled, allowClear = true } = props;
  const [options, setOptions] = useState<DictOption[]>([]);
  const [loading, setLoading] = useState(false);
  const state = useRef({ pageNo: 0, pages: 1, keyword: '', busy: false });
  const cfgKey = JSON.stringify([props.url, props.method, props.idKey, props.nameKey, props.searchKey, props.like, props.params]);

  const load = useCallback(
    async (pageNo: number, keyword: string) => {
      const s = state.current;
      if (s.busy) return;
      s.busy = true;
      setLoading(true);
      try {
        const [url, method, idKey, nameKey, searchKey, like, params] = JSON.parse(cfgKey) as [
          string, PagedSourceConfig['method'], string?, string?, string?, boolean?, Record<string, unknown>?,
        ];
        const page = await fetchPagedOptions({ url, method, idKey, nameKey, searchKey, like, params }, pageNo, keyword);
        if (!page.ok) {
          void feedback().message.error(page.message);
          return;
        }
        Object.assign(s, { pageNo, pages: page.pages, keyword });
        setOptions((prev) => {
          const base = pageNo === 1 ? [] : prev;
          const seen = new Set(base.map((o) => o.value));
          return [...base, ...page.options.filter((o) => !seen.has(o.value))];
        });
      } catch {
        // The HTTP client already showed the failure.
      } finally {
        s.busy = false;
        setLoading(false);
      }
    },
    [cfgKey],
  );

  useEffect(() => {
    state.current = { pageNo: 0, pages: 1, keyword: '', busy: false };
    // The first page loads when the list is configured; its spinner is meant to show at once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void load(1, '');
  }, [load]);

  const search = useDebouncedCallback((kw: string) => void load(1, kw), props.debounce ?? 600);
  const current = value === null || value === undefined || value === '' ? undefined : String(value);
  return (
    <Select
      style={{ width: '100%' }}
      showSearch
      filterOption={false}
      value={current}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder ?? t.widgets.dict.searchPlaceholder}
      options={options}
      listHeight={200}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onSearch={search}
      onChange={(v?: string) => onChange?.(v)}
      onPopupScroll={(e) => {
        const el = e.currentTarget as HTMLElement;
        const s = state.current;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - SCROLL_LOAD_PX && s.pageNo < s.pages && !s.busy) void load(s.pageNo + 1, s.keyword);
      }}
    />
  );
}

/** A dictionary searched on the server as the user types; the stored value's label comes from loadDictItem. */
function AsyncDictSelect({ dict, value, onChange, placeholder, disabled, allowClear = true, debounce }: JSearchSelectProps & { dict: string }) {
  const [options, setOptions] = useState<DictOption[]>([]);
  const [loading, setLoading] = useState(false);
  const current = value === null || value === undefined || value === '' ? undefined : String(value);
  useEffect(() => {
    if (!current || options.some((o) => o.value === current)) return;
    let alive = true;
    dictLabels(dict, [current])
      .then(([label]) => alive && label && setOptions((prev) => [...prev, { value: current, label }]))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [dict, current, options]);
  const search = useDebouncedCallback((kw: string) => {
    setLoading(true);
    searchDict(dict, kw)
      .then(setOptions)
      .catch(() => undefined)
      .finally(() => setLoading(false));
  }, debounce ?? 800);
  return (
    <Select
      style={{ width: '100%' }}
      showSearch
      filterOption={false}
      value={current}
      disabled={disabled}
      allowClear={allowClear}
      placeholder={placeholder ?? t.widgets.dict.searchPlaceholder}
      options={options}
      listHeight={200}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onSearch={search}
      onChange={(v?: string) => onChange?.(v)}
    />
  );
}

/** A whole dictionary, filtered in the browser. */
function LocalDictSelect({ dict, value, onChange, placeholder, disabled, allowClear = true }: JSearchSelectProps & { dict: string }) {
  const { options, loading } = useDictOptions(dict);
  return (
    <Select
      style={{ width: '100%' }}
      showSearch
      optionFilterProp="label"
      value={value === null || value === undefined || value === '' ? undefined : String(value)}
      loading={loading}
      disabled={disabled}
      allowClear={allowClear}
      listHeight={200}
      placeholder={placeholder ?? t.widgets.dict.searchPlaceholder}
      options={options}
      onChange={(v?: string) => onChange?.(v)}
    />
  );
}

/**
 * Searchable select over a dictionary (`dict`, optionally `async`) or over any list endpoint (`url` with
 * `idKey`/`nameKey`, paged). Without either it says 字典编码不能为空！.
 */
export function JSearchSelect(props: JSearchSelectProps) {
  if (props.url) return <UrlSearchSelect {...props} url={props.url} />;
  if (!props.dict) return <DictCodeMissing />;
  return props.async ? <AsyncDictSelect {...props} dict={props.dict} /> : <LocalDictSelect {...props} dict={props.dict} />;
}
