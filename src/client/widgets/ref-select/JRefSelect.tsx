import { Button, Select, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { SCROLL_LOAD_PX } from '../dict/paged-source';
import { useDebouncedCallback } from '../dict/useDebouncedCallback';
import { resolveRefs, searchRefs, type RefOption } from './ref-options';

export interface JRefSelectProps {
  /** Code of the entity that owns the ref field. */
  entity?: string;
  /** Name of the ref field (its `ref` names the target entity and display field). */
  field?: string;
  value?: string | null;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  allowClear?: boolean;
  /** Wait after typing before searching (ms). */
  debounce?: number;
}

const L = t.refSelect;
const valueOf = (v: JRefSelectProps['value']) => (v === null || v === undefined || v === '' ? undefined : String(v));

/**
 * Picker of a many-to-one relation (field `ref`): the target entity's rows the caller may see, searched
 * on the server as the user types and read 20 at a time ("加载更多" or scrolling to the end). The stored
 * id's text is resolved with `?ids=` so an edit form shows the name, not the id. The first page loads
 * when the list opens, so a form with several refs asks nothing until the user picks.
 */
export function JRefSelect(props: JRefSelectProps) {
  const { entity, field, disabled, readOnly, allowClear = true, debounce = 500 } = props;
  const current = valueOf(props.value);
  const [options, setOptions] = useState<RefOption[]>([]);
  const [total, setTotal] = useState(0);
  // The last page shown (0: the list was not opened yet); the ref below guards the requests themselves.
  const [pageShown, setPageShown] = useState(0);
  const [loading, setLoading] = useState(false);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const state = useRef({ pageNo: 0, keyword: '', busy: false, seq: 0 });

  const load = useCallback(
    async (pageNo: number, keyword: string) => {
      if (!entity || !field) return;
      const s = state.current;
      // A new keyword supersedes a page still loading; a further page waits for the current one.
      if (s.busy && pageNo > 1) return;
      const seq = ++s.seq;
      s.busy = true;
      setLoading(true);
      try {
        const page = await searchRefs(entity, field, keyword, pageNo);
        if (seq !== s.seq || !page) return;
        Object.assign(s, { pageNo, keyword });
        setTotal(page.total);
        setPageShown(pageNo);
        setOptions((prev) => {
          const base = pageNo === 1 ? [] : prev;
          const seen = new Set(base.map((o) => o.value));
          return [...base, ...page.options.filter((o) => !seen.has(o.value))];
        });
      } catch {
        // The HTTP client already told the user.
      } finally {
        if (seq === s.seq) {
          s.busy = false;
          setLoading(false);
        }
      }
    },
    [entity, field],
  );

  // The stored value's text, for an edit form or a query form opened with a filter.
  useEffect(() => {
    if (!entity || !field || !current || labels[current] !== undefined) return;
    let alive = true;
    resolveRefs(entity, field, [current])
      .then((found) => {
        if (!alive) return;
        setLabels((prev) => ({ ...prev, [current]: found.find((o) => o.value === current)?.label ?? L.unknownValue }));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [entity, field, current, labels]);

  const search = useDebouncedCallback((kw: string) => void load(1, kw.trim()), debounce);
  if (!entity || !field) return <Typography.Text type="danger">{L.misconfigured}</Typography.Text>;

  const more = pageShown > 0 && options.length < total;
  const loadMore = () => void load(state.current.pageNo + 1, state.current.keyword);
  const shown =
    current && !options.some((o) => o.value === current)
      ? [{ value: current, label: labels[current] ?? current }, ...options]
      : options;

  return (
    <Select<string>
      style={{ width: '100%' }}
      showSearch={!readOnly}
      open={readOnly ? false : undefined}
      value={current}
      disabled={disabled}
      allowClear={allowClear && !readOnly && !disabled}
      placeholder={props.placeholder ?? L.placeholder}
      filterOption={false}
      options={shown}
      listHeight={240}
      onChange={(v) => props.onChange?.(v ?? undefined)}
      onSearch={search}
      onOpenChange={(open) => {
        if (open && !readOnly && !disabled && state.current.pageNo === 0) void load(1, '');
      }}
      onPopupScroll={(e) => {
        const el = e.currentTarget as HTMLElement;
        if (more && !state.current.busy && el.scrollTop + el.clientHeight >= el.scrollHeight - SCROLL_LOAD_PX) loadMore();
      }}
      notFoundContent={loading ? <Spin size="small" /> : L.empty}
      popupRender={(menu) => (
        <>
          {menu}
          {pageShown > 0 && total > 0 && (
            <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '4px 8px' }}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {L.loaded(options.length, total)}
              </Typography.Text>
              {more && (
                <Button size="small" type="link" loading={loading} onMouseDown={(e) => e.preventDefault()} onClick={loadMore}>
                  {L.loadMore}
                </Button>
              )}
            </div>
          )}
        </>
      )}
    />
  );
}
