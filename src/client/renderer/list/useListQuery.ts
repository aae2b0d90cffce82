import { useMemo, useState, type Key } from 'react';
import type { SuperQueryCondition } from '../../../shared/query-rules';
import { fillPath, pageApi } from '../definition/api';
import { resolveValues } from '../definition/values';
import { encodeSuperQuery, type MatchType } from '../superquery/model';
import { nestRows } from '../../../shared/nest-rows';
import { prepareTreeRows } from '../tree/tree-rows';
import type { ListSpec } from './ListPage';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  listParams,
  queryParams,
  urlFilters,
  type SortState,
} from './params';
import { initialQueryValues } from './QueryForm';
import { useListData } from './useListData';

type Row = Record<string, unknown>;

/** A nested list (TreeSettings.nest) loads the whole list in one request of at most this many rows. */
export const NESTED_LIST_CAP = 1000;

export interface Selection {
  keys: Key[];
  rows: Row[];
}
const NONE: Selection = { keys: [], rows: [] };

/**
 * The state behind a list screen: query form values, department (aside) parameters, advanced query,
 * page, sort and selection, turned into the list request and its answer. Searching goes back to the
 * first page; a selection belongs to the rows it was made on, so new parameters clear it.
 */
export function useListQuery(
  page: ListSpec,
  routeCode: string | undefined,
  fixedParams: Record<string, unknown> | undefined,
  /** The page address's query string: filters a drill-down put there (never for a list inside a drawer). */
  search = '',
) {
  const rowKey = page.rowKey ?? 'id';
  const fields = useMemo(() => [...(page.query?.fields ?? []), ...(page.query?.more ?? [])], [page.query]);
  const routeParams = useMemo(() => ({ code: routeCode }), [routeCode]);
  const listApi = useMemo(() => {
    const api = pageApi(page.api, 'list');
    return api ? { ...api, url: fillPath(api.url, { code: routeCode }).url } : null;
  }, [page.api, routeCode]);
  const declaredSort = page.list?.sort;
  const defaultSort = useMemo<SortState | null>(() => {
    if (declaredSort) return { column: declaredSort.column, order: declaredSort.order ?? 'desc' };
    return page.kind === 'tree-list' ? null : DEFAULT_SORT;
  }, [declaredSort, page.kind]);

  const aliases = page.list?.addressParams;
  const fromUrl = useMemo(() => urlFilters(fields, search, aliases), [fields, search, aliases]);
  const startValues = () => ({ ...initialQueryValues(fields), ...fromUrl.values });
  const [queryValues, setQueryValues] = useState<Record<string, unknown>>(startValues);
  // Another drill-down into the same open page starts over from its own filters.
  const [seenSearch, setSeenSearch] = useState(search);
  const [asideParams, setAsideParams] = useState<Record<string, unknown>>({});
  const [superQuery, setSuperQuery] = useState<{
    conditions: SuperQueryCondition[];
    matchType: MatchType;
  } | null>(null);
  const [paging, setPaging] = useState<{ pageNo: number; pageSize: number }>({
    pageNo: 1,
    pageSize: page.list?.pageSize ?? DEFAULT_PAGE_SIZE,
  });
  const [chosenSort, setSort] = useState<SortState | null>(null);
  if (seenSearch !== search) {
    setSeenSearch(search);
    setQueryValues(startValues());
    setPaging((p) => ({ ...p, pageNo: 1 }));
  }
  const sort = chosenSort ?? defaultSort;
  const query = useMemo(() => queryParams(fields, queryValues), [fields, queryValues]);
  // A nested list (a tree entity's) shows the whole tree; any filter shows the matching rows flat.
  const filtered =
    Object.keys(query).length + Object.keys(fromUrl.extra).length + Object.keys(asideParams).length > 0 ||
    !!superQuery;
  const nestBy = page.tree?.nest && !filtered ? (page.tree.parentField ?? 'parentId') : undefined;
  const isTree = page.kind === 'tree-list' || !!nestBy;

  const staticParams = useMemo(
    () => resolveValues(page.list?.params, { route: routeParams }),
    [page.list?.params, routeParams],
  );
  const params = useMemo(
    () =>
      listParams({
        pageNo: nestBy ? 1 : paging.pageNo,
        pageSize: nestBy ? NESTED_LIST_CAP : paging.pageSize,
        sort,
        query,
        extra: { ...staticParams, ...fixedParams, ...fromUrl.extra, ...asideParams },
        superQuery: superQuery
          ? { params: encodeSuperQuery(superQuery.conditions), matchType: superQuery.matchType }
          : null,
        paginate: page.list?.pagination !== false,
      }),
    [
      paging,
      nestBy,
      sort,
      query,
      staticParams,
      fixedParams,
      fromUrl.extra,
      asideParams,
      superQuery,
      page.list?.pagination,
    ],
  );
  const prepare = useMemo(() => {
    if (nestBy) {
      const parentOf = (r: Row) =>
        r[nestBy] === null || r[nestBy] === undefined || r[nestBy] === '' ? null : String(r[nestBy]);
      return (rows: Row[]) =>
        prepareTreeRows(
          nestRows(rows, (r) => String(r[rowKey]), parentOf),
          page.tree,
          rowKey,
        );
    }
    return isTree ? (rows: Row[]) => prepareTreeRows(rows, page.tree, rowKey) : undefined;
  }, [nestBy, isTree, page.tree, rowKey]);
  const data = useListData(listApi, params, prepare);

  const paramsKey = JSON.stringify(params);
  const [picked, setPicked] = useState<Selection & { params: string }>({ params: '', ...NONE });
  const selection: Selection = picked.params === paramsKey ? picked : NONE;
  const firstPage = () => setPaging((s) => ({ ...s, pageNo: 1 }));

  return {
    rowKey,
    /** The query form's starting values (declared defaults and the address's filters). */
    urlValues: fromUrl.values,
    /** Address filters without a query form field: sent as they are (UrlFilterNote says so). */
    urlExtra: fromUrl.extra,
    isTree,
    listApi,
    params,
    data,
    paging,
    sort,
    selection,
    superQueryActive: !!superQuery,
    select: (s: Selection) => setPicked({ params: paramsKey, ...s }),
    search: (values: Record<string, unknown>) => {
      setQueryValues(values);
      firstPage();
    },
    setAside: (p: Record<string, unknown>) => {
      setAsideParams(p);
      firstPage();
    },
    setSuperQuery: (conditions: SuperQueryCondition[], matchType: MatchType) => {
      setSuperQuery(conditions.length ? { conditions, matchType } : null);
      firstPage();
    },
    /** A page, size or sort chosen in the table. */
    change: (c: { pageNo: number; pageSize: number; sort: SortState | null }) => {
      setPaging({ pageNo: c.pageNo, pageSize: c.pageSize });
      setSort(c.sort);
    },
  };
}
