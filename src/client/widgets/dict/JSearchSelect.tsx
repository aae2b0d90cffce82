import { Select, Spin, type SelectProps } from 'antd';
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

const valueOf = (value: JSearchSelectProps['value']) =>
  value === null || value === undefined || value === '' ? undefined : String(value);

/** What every variant's Select shares: the stored value as text, clearing, the placeholder, a short list. */
function commonProps({ value, onChange, placeholder, disabled, allowClear = true }: JSearchSelectProps): SelectProps<string> {
  return {
    style: { width: '100%' },
    showSearch: true,
    value: valueOf(value),
    disabled,
    allowClear,
    listHeight: 200,
    placeholder: placeholder ?? t.widgets.dict.searchPlaceholder,
    onChange: (v?: string) => onChange?.(v),
  };
}

/** A URL list read page by page: 30 at a time, 10 when searching, more when scrolled to the end. */
function UrlSearchSelect(props: JSearchSelectProps & { url: string }) {
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
  return (
    <Select
      {...commonProps(props)}
      filterOption={false}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onSearch={search}
      onPopupScroll={(e) => {
        const el = e.currentTarget as HTMLElement;
        const s = state.current;
        if (el.scrollTop + el.clientHeight >= el.scrollHeight - SCROLL_LOAD_PX && s.pageNo < s.pages && !s.busy) void load(s.pageNo + 1, s.keyword);
      }}
    />
  );
}

/** A dictionary searched on the server as the user types; the stored value's label comes from loadDictItem. */
function AsyncDictSelect(props: JSearchSelectProps & { dict: string }) {
  const { dict, value, debounce } = props;
  const [options, setOptions] = useState<DictOption[]>([]);
  const [loading, setLoading] = useState(false);
  const current = valueOf(value);
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
      {...commonProps(props)}
      filterOption={false}
      options={options}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      onSearch={search}
    />
  );
}

/** A whole dictionary, filtered in the browser. */
function LocalDictSelect(props: JSearchSelectProps & { dict: string }) {
  const { options, loading } = useDictOptions(props.dict);
  return <Select {...commonProps(props)} optionFilterProp="label" loading={loading} options={options} />;
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
