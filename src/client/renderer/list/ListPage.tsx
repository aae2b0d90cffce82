import { Alert, Button, Card, Col, ConfigProvider, Row as GridRow, Spin } from 'antd';
import { Suspense, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { feedback } from '../../api/feedback';
import { t } from '../../locale/zh-CN';
import { loadLevel } from '../../widgets/tree-table/tree-load';
import { buttonSpec, buttonVisible } from '../actions/gates';
import { linkUrl } from '../actions/link';
import { callApi, deleteRow, deleteRows, exportList, runRequestAction } from '../actions/requests';
import { apiOf, fillPath, pageApi } from '../definition/api';
import type { PageAction, PageDefinition, PagePart, QueryField } from '../definition/types';
import { resolveValues, type ValueContext } from '../definition/values';
import { historyTableOf } from '../history/history-table';
import { actionPart, asidePart } from '../parts/registry';
import { usePagePermissions } from '../permissions';
import { superQueryFields } from '../superquery/model';
import { savedQueriesKey } from '../superquery/saved';
import { SuperQuery } from '../superquery/SuperQuery';
import { needsChildren, prepareTreeRows, withChildren, type TreeRow } from '../tree/tree-rows';
import { DataTable } from './DataTable';
import { editPayload, editValues } from './edit-values';
import { actionsPx, flatRows } from './fit';
import { QueryForm } from './QueryForm';
import { hasRowActions, rowActionItems, type RowHandlers } from './row-items';
import { setWidth } from './settings/model';
import { TableTools } from './settings/TableTools';
import { useFullscreen } from './settings/useFullscreen';
import { useListSettings } from './settings/useListSettings';
import { Toolbar } from './Toolbar';
import { useListQuery } from './useListQuery';
import { UrlFilterNote } from './UrlFilterNote';
import { DetailActions } from '../detail/DetailActions';
import './list.css';
import { lazyNamed, onDemand } from '../../router/lazy';
import { OnDemand } from '../../router/OnDemand';

// The import dialog (antd Upload) loads when 导入 is first clicked.
const ImportExcelModal = lazyNamed(() => import('../import/ImportExcelModal'), 'ImportExcelModal');
// The add/edit form and its Formily stack load when a form first opens, not with the list.
const FormDialog = lazyNamed(() => import('../form/FormDialog'), 'FormDialog');
// What a click opens loads on first use: a row's detail (with its children and change history), the
// deleted records; the 全部 / 待我处理 switch only for a list whose rows have a workflow.
const DetailView = onDemand(() => import('../detail/DetailView'), 'DetailView');
const DeletedRecords = onDemand(() => import('../history/DeletedRecords'), 'DeletedRecords');
const WorkflowFilter = onDemand(() => import('./WorkflowFilter'), 'WorkflowFilter');

type Row = Record<string, unknown>;
const L = t.renderer;
/** One empty list, so that a page without 'more' fields keeps its query form across renders. */
const NO_FIELDS: QueryField[] = [];

/** What a list screen needs: a page definition, or the inline page of a SubList part. */
export type ListSpec = Omit<PageDefinition, '$schema' | 'code' | 'components' | 'kind' | 'title'> & {
  kind?: PageDefinition['kind'];
  title?: string;
};

export interface ListPageProps {
  page: ListSpec;
  /** The route's :code (entity pages). */
  routeCode?: string;
  /** Sent with every list request and with every add (a sub-list's parent id). */
  fixedParams?: Record<string, unknown>;
  /** Inside a drawer: a shorter table. */
  embedded?: boolean;
  /** A click on a row opens its detail (a record page's related list). */
  rowOpensDetail?: boolean;
}

type FormState = { mode: 'add' | 'edit'; title: string; values: Row | Promise<Row>; row: Row | null } | null;
type ActionFormState = { action: PageAction; ctx: ValueContext; values: Row } | null;
type PartState = { config: PagePart; row: Row | null; selected: Row[] } | null;

/** A list or tree-list screen interpreted from its definition (spec §2, DESIGN §5). */
export function ListPage({ page, routeCode, fixedParams, embedded, rowOpensDetail }: ListPageProps) {
  const location = useLocation();
  const perms = usePagePermissions(page.permissionPrefix);
  // 待我处理: only rows the user can move on (server: `_actionable=1`, entities with a workflow).
  // A to-do link opens the list already on 待我处理 (`?_actionable=1`).
  const [actionable, setActionable] = useState(
    () => new URLSearchParams(location.search).get('_actionable') === '1',
  );
  const listParamsFixed = useMemo(
    () => (actionable ? { ...fixedParams, _actionable: '1' } : fixedParams),
    [actionable, fixedParams],
  );
  const q = useListQuery(page, routeCode, listParamsFixed, embedded ? '' : location.search);
  const { rowKey, isTree, listApi, params, data, selection } = q;
  const routeParams = useMemo(() => ({ code: routeCode }), [routeCode]);
  const defined = useMemo(
    () => (page.columns ?? []).filter((c) => !c.hidden && (!c.permission || perms.has(c.permission))),
    [page.columns, perms],
  );
  // Arranged per user and list; a list inside a drawer is told apart from its page by its own address.
  const listSettings = useListSettings(
    defined,
    embedded ? `${location.pathname}@${listApi?.url ?? ''}` : location.pathname,
  );
  const { columns, settings, density } = listSettings;
  const lockedWidths = useMemo(
    () => new Set(settings.columns.filter((c) => c.width).map((c) => c.key)),
    [settings.columns],
  );
  const rootRef = useRef<HTMLDivElement>(null);
  const screen = useFullscreen(rootRef, 'renderer-list-fullscreen');
  const queryFields = page.query?.fields ?? NO_FIELDS;
  const moreFields = page.query?.more ?? NO_FIELDS;

  const [form, setForm] = useState<FormState>(null);
  const [detailRow, setDetailRow] = useState<Row | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const [deletedOpen, setDeletedOpen] = useState(false);
  const [part, setPart] = useState<PartState>(null);
  const navigate = useNavigate();
  const [actionForm, setActionForm] = useState<ActionFormState>(null);

  const confirm = (content: string, onOk: () => Promise<unknown> | void) =>
    feedback().modal.confirm({
      title: L.messages.confirmTitle,
      content,
      onOk: () => Promise.resolve(onOk()).then(() => undefined),
    });

  // ---- row operations ----
  const openAdd = (preset: Row = {}) => {
    if (!page.form) return feedback().message.error(L.config.formMissing);
    if (!pageApi(page.api, 'add')) return feedback().message.error(L.config.addUrlMissing);
    setForm({ mode: 'add', title: L.form.addTitle, values: { ...fixedParams, ...preset }, row: null });
  };
  const openEdit = (row: Row) => {
    if (!page.form) return feedback().message.error(L.config.formMissing);
    if (!pageApi(page.api, 'edit')) return feedback().message.error(L.config.editUrlMissing);
    setForm({
      mode: 'edit',
      title: L.form.editTitle,
      values: editValues(page.form, page.api, row, rowKey, routeCode),
      row,
    });
  };
  const submitForm = (values: Row) => {
    if (!form || !page.form) return Promise.reject(new Error(L.config.formMissing));
    if (form.mode === 'add')
      return callApi(pageApi(page.api, 'add')!, { ...fixedParams, ...values }, { code: routeCode });
    const row = form.row ?? {};
    const id = String(row[rowKey] ?? '');
    return callApi(pageApi(page.api, 'edit')!, editPayload(page.form, values, row, rowKey), {
      id,
      code: routeCode,
    });
  };
  const removeRow = (row: Row, text?: string) =>
    confirm(text ?? L.messages.confirmDelete, async () => {
      if (await deleteRow(page.api, row, rowKey, routeCode)) data.reload();
    });
  const removeSelected = () => {
    if (selection.rows.length === 0) return feedback().message.warning(L.messages.selectOne);
    confirm(L.messages.confirmBatchDelete(selection.rows.length), async () => {
      if (await deleteRows(page.api, selection.rows, rowKey, routeCode)) {
        q.select({ keys: [], rows: [] });
        data.reload();
      }
    });
  };

  const runAction = (action: PageAction, row: Row | null) => {
    const ctx: ValueContext = { row, selected: row ? [row] : selection.rows, route: routeParams };
    if (!row && action.needsSelection && selection.rows.length === 0)
      return feedback().message.warning(L.messages.selectOne);
    if (action.kind === 'link' && action.to)
      return navigate(linkUrl(action.to, resolveValues(action.params, ctx)));
    if (action.kind === 'part' && action.part)
      return setPart({ config: action.part, row, selected: ctx.selected as Row[] });
    if (action.kind === 'form')
      return setActionForm({ action, ctx, values: resolveValues(action.body, ctx) });
    const go = async () => {
      if (await runRequestAction(action, ctx, rowKey)) data.reload();
    };
    if (action.confirm) confirm(action.confirm, go);
    else void go();
  };

  // ---- tree children ----
  const loadChildren = async (row: TreeRow) => {
    const api = apiOf(page.tree?.childrenApi) ?? listApi;
    if (!api) return;
    const key = row[rowKey];
    try {
      const level = await loadLevel({
        url: fillPath(api.url, { code: routeCode }).url,
        queryKey: page.tree?.parentParam ?? 'parentId',
        parent: String(key),
        params: fixedParams,
      });
      const children = prepareTreeRows(level, page.tree, rowKey);
      data.setRows((rows) => withChildren(rows as TreeRow[], rowKey, key, children));
    } catch {
      // Shown by the HTTP client; the placeholder stays so the user can try again.
    }
  };

  // ---- toolbar ----
  const tb = page.toolbar ?? {};
  const addSpec = buttonSpec(tb.add);
  const batchSpec = page.list?.selection === false ? null : buttonSpec(tb.batchDelete);
  const exportSpec = buttonSpec(tb.export);
  const importSpec = buttonSpec(tb.import);
  const showAdd = buttonVisible(addSpec, perms.has) && !perms.excluded('add');
  const showBatch = buttonVisible(batchSpec, perms.has) && !perms.excluded('batch_delete');
  const superQuerySettings = tb.superQuery ? (tb.superQuery === true ? {} : tb.superQuery) : null;
  const sqFields = useMemo(
    () => superQueryFields(superQuerySettings?.fields, page.columns ?? []),
    [superQuerySettings?.fields, page.columns],
  );
  const exportName = exportSpec?.fileName ?? page.title ?? '';

  // ---- row actions ----
  const ra = page.rowActions ?? {};
  const rowHandlers: RowHandlers = {
    has: perms.has,
    isTree,
    edit: openEdit,
    addChild: (row) => openAdd({ [page.tree?.parentField ?? 'parentId']: row[rowKey] }),
    detail: setDetailRow,
    remove: removeRow,
    run: runAction,
  };

  // The 操作 column as wide as the widest row's links on one line (the definition's width until rows come).
  const inline = ra.inline ?? 2;
  const actionsWidth = data.rows.length
    ? Math.max(
        ...(isTree ? flatRows(data.rows) : data.rows).map((row) =>
          actionsPx(
            rowActionItems(ra, row, rowHandlers).map((i) => i.label),
            inline,
            density,
          ),
        ),
        actionsPx([L.table.action], 1, density),
      )
    : (ra.width ?? 160);

  const Aside = page.aside ? asidePart(page.aside.part) : null;
  const PartView = part ? actionPart(part.config.part) : null;
  const showPaging = data.paged && page.list?.pagination !== false;

  const main = (
    <>
      <UrlFilterNote count={Object.keys(q.urlExtra).length} />
      {(queryFields.length > 0 || moreFields.length > 0) && (
        <QueryForm fields={queryFields} more={moreFields} onSearch={q.search} initial={q.urlValues} />
      )}
      <Toolbar
        add={showAdd ? { title: addSpec?.title, onClick: () => openAdd() } : null}
        batchDelete={showBatch ? { title: batchSpec?.title, onClick: removeSelected } : null}
        exportXls={
          buttonVisible(exportSpec, perms.has)
            ? {
                title: exportSpec?.title,
                choices: exportSpec?.choices,
                onClick: (choice) =>
                  void exportList(
                    page.api,
                    params,
                    selection.keys.map(String),
                    exportName,
                    routeCode,
                    choice,
                  ),
              }
            : null
        }
        importXls={
          buttonVisible(importSpec, perms.has)
            ? {
                title: importSpec?.title,
                onClick: () =>
                  pageApi(page.api, 'importExcel')
                    ? setImportOpen(true)
                    : feedback().message.error(L.config.importUrlMissing),
              }
            : null
        }
        custom={[
          ...(tb.custom ?? [])
            .filter((a) => buttonVisible(a, perms.has))
            .map((a) => ({
              key: a.key,
              title: a.title,
              danger: a.danger,
              onClick: () => runAction(a, null),
            })),
          // An entity's deleted records, restorable from their history (issue 16 §2).
          ...(page.entity && perms.has(`${page.entity}:add`)
            ? [{ key: '_deleted', title: t.history.deleted.button, onClick: () => setDeletedOpen(true) }]
            : []),
        ]}
        superQuery={
          superQuerySettings ? (
            <SuperQuery
              fields={sqFields}
              storageKey={savedQueriesKey(superQuerySettings.saveCode, location.pathname + location.search)}
              active={q.superQueryActive}
              onSearch={q.setSuperQuery}
            />
          ) : null
        }
        filter={
          actionable || data.rows.some((r) => Array.isArray(r._transitions)) ? (
            <OnDemand when>
              <WorkflowFilter value={actionable} onChange={setActionable} />
            </OnDemand>
          ) : null
        }
        selectedCount={selection.keys.length}
        onClearSelection={() => q.select({ keys: [], rows: [] })}
        tools={
          <TableTools
            defined={defined}
            settings={settings}
            density={density}
            onChange={listSettings.change}
            onReset={listSettings.reset}
            onRefresh={data.reload}
            fullscreen={screen.fullscreen}
            onFullscreen={screen.toggle}
          />
        }
      />
      {!listApi ? (
        <Alert type="error" showIcon message={L.config.listUrlMissing} />
      ) : data.error ? (
        <Alert
          type="error"
          showIcon
          message={L.table.loadFailed}
          description={data.error}
          action={
            <Button size="small" onClick={data.reload}>
              {L.table.retry}
            </Button>
          }
        />
      ) : (
        <DataTable
          rows={data.rows}
          rowKey={rowKey}
          columns={columns}
          density={density}
          lockedWidths={lockedWidths}
          onResize={(key, width) => listSettings.change(setWidth(settings, key, width))}
          loading={data.loading}
          sort={q.sort}
          paging={showPaging ? { ...q.paging, total: data.total, estimated: data.estimated } : null}
          onChange={q.change}
          selection={
            page.list?.selection === false
              ? undefined
              : { keys: selection.keys, onChange: (keys, rows) => q.select({ keys, rows }) }
          }
          actions={
            hasRowActions(ra)
              ? { width: actionsWidth, inline, items: (row) => rowActionItems(ra, row, rowHandlers) }
              : undefined
          }
          onRowClick={rowOpensDetail ? setDetailRow : undefined}
          scrollY={page.list?.scrollY ?? (embedded ? 400 : 600)}
          virtual={!isTree}
          expandable={
            isTree
              ? {
                  onExpand: (expanded, row) => {
                    if (expanded && needsChildren(row as TreeRow)) void loadChildren(row as TreeRow);
                  },
                }
              : undefined
          }
        />
      )}
    </>
  );

  return (
    <div className="renderer-list-page" ref={rootRef}>
      {/* In full screen only the list's own element is shown: its popups and dialogs must live inside it. */}
      <ConfigProvider
        getPopupContainer={screen.fullscreen ? () => rootRef.current ?? document.body : undefined}
      >
        {Aside && page.aside ? (
          <GridRow gutter={12}>
            {/* From 1200 px the aside gives up a column of the grid: the table needs the room more. */}
            <Col xs={24} md={6} xl={5}>
              <Card size="small" title={page.aside.title}>
                <Suspense fallback={<Spin />}>
                  {/* eslint-disable-next-line react-hooks/static-components -- the part registry holds one lazy component per name */}
                  <Aside config={page.aside} onParams={q.setAside} />
                </Suspense>
              </Card>
            </Col>
            <Col xs={24} md={18} xl={19}>
              {main}
            </Col>
          </GridRow>
        ) : (
          <>
            {page.aside && <Alert type="error" showIcon message={L.page.unknownPart(page.aside.part)} />}
            {main}
          </>
        )}

        {form && page.form && (
          <Suspense fallback={null}>
            <FormDialog
              open
              title={form.title}
              form={page.form}
              mode={form.mode}
              values={form.values}
              fieldState={perms.fieldState}
              submit={submitForm}
              onClose={() => setForm(null)}
              onSaved={data.reload}
            />
          </Suspense>
        )}
        {actionForm?.action.form && (
          <Suspense fallback={null}>
            <FormDialog
              open
              title={actionForm.action.form.title ?? actionForm.action.title}
              form={actionForm.action.form}
              mode={actionForm.ctx.row ? 'edit' : 'add'}
              values={actionForm.values}
              fieldState={perms.fieldState}
              submit={(values) => {
                const api = apiOf(actionForm.action.api, 'post')!;
                const row = actionForm.ctx.row;
                const id = row ? String(row[rowKey] ?? '') : undefined;
                return callApi(
                  api,
                  {
                    ...resolveValues(actionForm.action.params, actionForm.ctx),
                    ...actionForm.values,
                    ...values,
                  },
                  { id, code: routeCode },
                );
              }}
              onClose={() => setActionForm(null)}
              onSaved={data.reload}
            />
          </Suspense>
        )}
        {page.entity ? (
          <OnDemand when={deletedOpen} onFailed={() => setDeletedOpen(false)}>
            <DeletedRecords
              entity={page.entity}
              open={deletedOpen}
              canRestore={perms.has(`${page.entity}:add`)}
              onClose={() => setDeletedOpen(false)}
              onRestored={data.reload}
            />
          </OnDemand>
        ) : null}
        <OnDemand when={!!detailRow} onFailed={() => setDetailRow(null)}>
          <DetailView
            row={detailRow}
            detail={page.detail}
            columns={page.columns ?? []}
            entity={page.entity}
            historyTable={historyTableOf(page)}
            actions={
              detailRow ? (
                <DetailActions
                  actions={ra.custom ?? []}
                  row={detailRow}
                  has={perms.has}
                  onRun={(action, row) => {
                    setDetailRow(null);
                    runAction(action, row);
                  }}
                />
              ) : null
            }
            onClose={() => setDetailRow(null)}
          />
        </OnDemand>
        {importOpen && importSpec && pageApi(page.api, 'importExcel') && (
          <Suspense fallback={null}>
            <ImportExcelModal
              open
              url={fillPath(pageApi(page.api, 'importExcel')!.url, { code: routeCode }).url}
              online={importSpec.online}
              onClose={() => setImportOpen(false)}
              onImported={data.reload}
            />
          </Suspense>
        )}
        {part && PartView && (
          <Suspense fallback={null}>
            {/* eslint-disable-next-line react-hooks/static-components -- the part registry holds one lazy component per name */}
            <PartView
              config={part.config}
              row={part.row}
              selected={part.selected}
              routeCode={routeCode}
              onClose={() => setPart(null)}
              onDone={data.reload}
            />
          </Suspense>
        )}
        {part && !PartView && <Alert type="error" showIcon message={L.page.unknownPart(part.config.part)} />}
      </ConfigProvider>
    </div>
  );
}
