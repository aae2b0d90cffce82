import { Button, Select, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { t } from '../../locale/zh-CN';
import { SCROLL_LOAD_PX } from '../dict/paged-source';
import { useDebouncedCallback } from '../dict/useDebouncedCallback';
import { resolveRefs, searchRefs, type RefOption } from './ref-options';
import { RefTreeSelect } from './RefTreeSelect';

export interface JRefSelectProps {
  /** Code of the entity that owns the ref field. */
  entity?: string;
  /** Name of the ref field (its `ref` names the target entity and display field). */
  field?: string;
  /**
   * The picked id; with `mode: 'multiple'` (a many-to-many junction, parent.pick) the picked ids — given
   * as ids, a comma-joined text, or the junction's rows as queryById answers them (`<field>`,
   * `<field>_dictText`).
   */
  value?: string | null | ReadonlyArray<string | Record<string, unknown>>;
  /** The picked id (undefined when cleared); with `mode: 'multiple'` always the list of picked ids. */
  onChange?: (value: string | string[] | undefined) => void;
  mode?: 'multiple';
  placeholder?: string;
  disabled?: boolean;
  readOnly?: boolean;
  allowClear?: boolean;
  /** Wait after typing before searching (ms). */
  debounce?: number;
  /** The stored value's text when the caller already has it (a grid row's `<field>_dictText`): not asked again. */
  text?: string | null;
  /** The target is a tree entity: picked from its whole tree (RefTreeSelect). */
  tree?: boolean;
}

const L = t.refSelect;
const valueOf = (v: unknown) => (v === null || v === undefined || v === '' ? undefined : String(v));

/** The picked ids of a value, and the texts it already carries (junction rows from queryById). */
function picked(
  value: JRefSelectProps['value'],
  field: string | undefined,
): { ids: string[]; texts: Record<string, string> } {
  const texts: Record<string, string> = {};
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value : [];
  const ids: string[] = [];
  for (const item of items as Array<string | Record<string, unknown>>) {
    const row = typeof item === 'object' && item !== null ? item : null;
    const id = valueOf(row ? row[field ?? ''] : String(item).trim());
    if (!id || ids.includes(id)) continue;
    ids.push(id);
    const text = row?.[`${field}_dictText`];
    if (typeof text === 'string' && text) texts[id] = text;
  }
  return { ids, texts };
}

/**
 * Picker of a many-to-one relation (field `ref`): the target entity's rows the caller may see, searched
 * on the server as the user types and read 20 at a time ("加载更多" or scrolling to the end). The stored
 * id's text is resolved with `?ids=` so an edit form shows the name, not the id. The first page loads
 * when the list opens, so a form with several refs asks nothing until the user picks.
 */
export function JRefSelect(props: JRefSelectProps) {
  const { entity, field, value } = props;
  if (props.tree && props.mode !== 'multiple' && entity && field && (typeof value === 'string' || !value))
    return <RefTreeSelect {...props} entity={entity} field={field} value={value ?? undefined} />;
  return <FlatRefSelect {...props} />;
}

/** The flat picker: searched on the server, paged. */
function FlatRefSelect(props: JRefSelectProps) {
  const { entity, field, disabled, readOnly, allowClear = true, debounce = 500 } = props;
  const multiple = props.mode === 'multiple';
  const many = multiple ? picked(props.value, field) : null;
  const current = multiple ? undefined : valueOf(props.value);
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

  // The picked ids' texts (multiple): those the value carries, the rest asked for in one request.
  const manyKey = many ? many.ids.join(',') : '';
  // Texts the value itself carries (junction rows, a grid row's `<field>_dictText`): not asked again.
  const carried: Record<string, string> = many
    ? many.texts
    : current && props.text
      ? { [current]: props.text }
      : {};
  useEffect(() => {
    if (!entity || !field || !many) return;
    const missing = many.ids.filter((id) => labels[id] === undefined && many.texts[id] === undefined);
    if (missing.length === 0) return;
    let alive = true;
    resolveRefs(entity, field, missing)
      .then((found) => {
        if (!alive) return;
        const got = new Map(found.map((o) => [o.value, o.label]));
        setLabels((prev) => ({
          ...prev,
          ...Object.fromEntries(missing.map((id) => [id, got.get(id) ?? L.unknownValue])),
        }));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
    // `many` is derived from the value; its ids (manyKey) are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [entity, field, manyKey, labels]);

  // The stored value's text, for an edit form or a query form opened with a filter.
  useEffect(() => {
    if (!entity || !field || !current || labels[current] !== undefined || props.text) return;
    let alive = true;
    resolveRefs(entity, field, [current])
      .then((found) => {
        if (!alive) return;
        setLabels((prev) => ({
          ...prev,
          [current]: found.find((o) => o.value === current)?.label ?? L.unknownValue,
        }));
      })
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [entity, field, current, labels, props.text]);

  const search = useDebouncedCallback((kw: string) => void load(1, kw.trim()), debounce);
  if (!entity || !field) return <Typography.Text type="danger">{L.misconfigured}</Typography.Text>;

  const more = pageShown > 0 && options.length < total;
  const loadMore = () => void load(state.current.pageNo + 1, state.current.keyword);
  const chosen = many ? many.ids : current ? [current] : [];
  const shown = [
    ...chosen
      .filter((id) => !options.some((o) => o.value === id))
      .map((id) => ({ value: id, label: labels[id] ?? carried[id] ?? id })),
    ...options,
  ];

  return (
    <Select<string | string[]>
      style={{ width: '100%' }}
      mode={multiple ? 'multiple' : undefined}
      showSearch={!readOnly}
      open={readOnly ? false : undefined}
      value={many ? many.ids : current}
      disabled={disabled}
      allowClear={allowClear && !readOnly && !disabled}
      placeholder={props.placeholder ?? L.placeholder}
      filterOption={false}
      options={shown}
      listHeight={240}
      onChange={(v) =>
        props.onChange?.(multiple ? (Array.isArray(v) ? v : []) : typeof v === 'string' ? v : undefined)
      }
      // Picking one of several keeps the list open for the next; the typed keyword is cleared.
      autoClearSearchValue={multiple || undefined}
      onSearch={search}
      onOpenChange={(open) => {
        if (open && !readOnly && !disabled && state.current.pageNo === 0) void load(1, '');
      }}
      onPopupScroll={(e) => {
        const el = e.currentTarget as HTMLElement;
        if (more && !state.current.busy && el.scrollTop + el.clientHeight >= el.scrollHeight - SCROLL_LOAD_PX)
          loadMore();
      }}
      notFoundContent={loading ? <Spin size="small" /> : L.empty}
      popupRender={(menu) => (
        <>
          {menu}
          {pageShown > 0 && total > 0 && (
            <div
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                padding: '4px 8px',
              }}
            >
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {L.loaded(options.length, total)}
              </Typography.Text>
              {more && (
                <Button
                  size="small"
                  type="link"
                  loading={loading}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={loadMore}
                >
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
