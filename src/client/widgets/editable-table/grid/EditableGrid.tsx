import {
  DndContext,
  PointerSensor,
  KeyboardSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type Modifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { observeElementRect, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import {
  forwardRef,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ClipboardEvent,
  type KeyboardEvent,
} from 'react';
import { t } from '../../../locale/zh-CN';
import { PASTEABLE } from '../cells';
import { pasteBlock } from '../model/paste';
import { DEFAULT_DRAG_SORT_KEY, moveRow, newRow, renumber, withIds } from '../model/rows';
import { FormSync } from '../model/form-sync';
import { TableStore } from '../model/store';
import { isBlock, parseTsv } from '../model/tsv';
import { compileRules, fillTemplate } from '../rules';
import type {
  CellError,
  EditableColumn,
  EditableTableDefinition,
  Row,
  RuleHandler,
  SlotRenderer,
  ValueChangeEvent,
} from '../types';
import { BodyRow, type RowLayout } from './BodyRow';
import { TableApiContext, type TableApi } from './context';
import { HeaderRow } from './HeaderRow';
import { keyStaysInControl, nextCell } from './keyboard';
import {
  columnStyle,
  DEFAULT_MAX_HEIGHT,
  DRAG_WIDTH,
  fixedColumnStyles,
  minRowWidth,
  NUMBER_WIDTH,
  ROW_HEIGHT,
  SELECT_WIDTH,
  visibleColumns,
} from './layout';
import { LookupsContext } from './lookups';
import { StatisticsRow } from './StatisticsRow';
import { Toolbar } from './Toolbar';
import { useTableLookups } from './useTableLookups';

/** Spec §5: a second add within 1.5 s is refused. */
export const ADD_THROTTLE_MS = 1500;
/** Spec §5: a cell is checked again 100 ms after it loses focus. */
export const BLUR_VALIDATE_MS = 100;

export interface EditableGridProps extends EditableTableDefinition {
  value?: Row[] | null;
  onChange?: (rows: Row[]) => void;
  /** Custom rule handlers by name (`validateRules: [{ handler: 'name' }]`). */
  handlers?: Record<string, RuleHandler>;
  /** Renderers of slot columns by slotName (or key). */
  slots?: Record<string, SlotRenderer>;
  onValueChange?: (event: ValueChangeEvent) => void;
  onAdded?: (row: Row) => void;
  onDeleted?: (ids: string[]) => void;
}

/** What a page can do with the table (the original's imperative API). */
export interface EditableTableHandle {
  add(count?: number): Row[];
  /** Ids as a string or an array; anything else is a programming error. */
  removeRows(ids: unknown): void;
  getValues(): Row[];
  /** Sends pending edits to the form now (they otherwise follow one frame after being painted). */
  flush(): void;
  getDeleteIds(): string[];
  /** Every rule over every row; optionally scrolls to and focuses the first failing cell. */
  validateAll(options?: { jump?: boolean }): CellError[];
  setRowValues(row: number | string, values: Record<string, unknown>): void;
  focusCell(rowIndex: number, key: string): void;
  readonly store: TableStore;
}

/** Room left above the fold for the header and the statistics row. */
const HEADER_HEIGHT = 40;

const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/**
 * The editable grid (spec §2, §3, §5): one value, the rows array; only the rows in view are drawn, and
 * each drawn row repaints only for its own changes.
 */
export const EditableGrid = forwardRef<EditableTableHandle, EditableGridProps>(
  function EditableGrid(props, ref) {
    const {
      columns,
      value,
      handlers,
      slots,
      rowNumber = false,
      rowSelection = false,
      dragSort = false,
      dragSortKey = DEFAULT_DRAG_SORT_KEY,
      maxHeight = DEFAULT_MAX_HEIGHT,
      disabled = false,
      actionButton = true,
      alwaysEdit = true,
    } = props;

    const latest = useRef(props);
    latest.current = props;

    const rules = useMemo(() => compileRules(columns, handlers), [columns, handlers]);
    // Edits reach the form one frame after they are painted (typing stays cheap: the form and its field
    // re-render once per frame, not in the keystroke). A validation, a blur or unmounting sends them at once.
    const [sync] = useState(() => new FormSync((rows) => latest.current.onChange?.(rows)));

    // The form's value is the source of truth; rows without ids get temporary ones (and go back to the form).
    // Our own edits coming back are skipped: the table may already be ahead of them.
    const incoming = useMemo(
      () => (value && sync.isOwn(value) ? value : withIds(value ?? [])),
      [value, sync],
    );
    const [store] = useState(() => {
      const s = new TableStore(rules);
      s.rows = incoming;
      return s;
    });
    store.rules = rules;
    store.setOnRowsChange(sync.push);
    useLayoutEffect(() => {
      if (value && sync.isOwn(value)) return;
      if (value && incoming !== value) sync.send(incoming);
      if (incoming === store.rows) return;
      sync.discard();
      store.replaceRows(incoming);
    }, [store, sync, value, incoming]);
    useEffect(() => () => sync.flush(), [sync]);

    const { lookups, rememberLabels } = useTableLookups(columns);
    const lookupsRef = useRef(lookups);
    lookupsRef.current = lookups;

    const layout: RowLayout = useMemo(() => {
      const shown = visibleColumns(columns);
      // A disabled table cannot be reordered, so it has no drag handles.
      const sortable = dragSort && !disabled;
      const left =
        (sortable ? DRAG_WIDTH : 0) + (rowSelection ? SELECT_WIDTH : 0) + (rowNumber ? NUMBER_WIDTH : 0);
      const msg = t.editable.table;
      const placeholders = shown.map((c) => {
        const fallback = ['input', 'inputNumber', 'input_pop'].includes(c.type)
          ? msg.inputPlaceholder(c.title)
          : msg.selectPlaceholder(c.title);
        return fillTemplate(c.placeholder ?? fallback, c);
      });
      const styles = shown.map((c, i) => columnStyle(c, placeholders[i]));
      return {
        columns: shown,
        styles,
        placeholders,
        dragSort: sortable,
        rowSelection,
        rowNumber,
        minWidth: minRowWidth(styles, left),
        fixed: fixedColumnStyles({ dragSort: sortable, rowSelection, rowNumber }),
      };
    }, [columns, dragSort, rowSelection, rowNumber, disabled]);

    const scrollRef = useRef<HTMLDivElement>(null);
    const structure = useSyncExternalStore(store.subscribe, () => store.structure);
    const count = useSyncExternalStore(store.subscribe, () => store.rows.length);
    const hasStats = columns.some((c) => c.statistics?.length);

    // Stable callbacks: the virtualizer recomputes every row's position when one of them changes.
    const getScrollElement = useCallback(() => scrollRef.current, []);
    const estimateSize = useCallback(() => ROW_HEIGHT, []);
    // Row ids only change when rows are added, removed or reordered (`structure`), not while typing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    const getItemKey = useCallback((i: number) => store.rows[i]?.id ?? i, [store, structure]);
    const observeRect = useCallback(
      // Before layout (or without one, as in tests) the grid is as tall as it may become.
      (
        instance: Virtualizer<HTMLDivElement, Element>,
        cb: (rect: { width: number; height: number }) => void,
      ) =>
        observeElementRect(instance, (rect) =>
          cb(rect.height > 0 ? rect : { width: rect.width || 1200, height: maxHeight }),
        ),
      [maxHeight],
    );
    const virtualizer = useVirtualizer({
      count,
      getScrollElement,
      estimateSize,
      overscan: 5,
      getItemKey,
      scrollPaddingStart: HEADER_HEIGHT,
      scrollPaddingEnd: hasStats ? HEADER_HEIGHT : 0,
      observeElementRect: observeRect,
    });
    const blurTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
    useEffect(() => {
      const timers = blurTimers.current;
      return () => timers.forEach((timer) => clearTimeout(timer));
    }, []);

    const fireChanges = useCallback(
      (rowIndex: number, keys: string[]) => {
        const onValueChange = latest.current.onValueChange;
        if (!onValueChange) return;
        for (const key of keys) {
          const column = latest.current.columns.find((c) => c.key === key);
          const row = store.rows[rowIndex];
          if (!column || !row) continue;
          onValueChange({
            type: column.type,
            row,
            rowIndex,
            column,
            value: row[key],
            setRowValues: (values) => {
              store.setRowValues(rowIndex, values);
              store.validateCells(Object.keys(values).map((k) => ({ rowIndex, key: k })));
            },
          });
        }
      },
      [store],
    );

    const focusCell = useCallback(
      (rowIndex: number, colIndex: number) => {
        const column = layout.columns[colIndex];
        const row = store.rows[rowIndex];
        if (!column || !row) return;
        virtualizer.scrollToIndex(rowIndex, { align: 'auto' });
        if (!alwaysEdit) store.setEditing({ rowId: row.id, key: column.key });
        const tryFocus = (attempt: number) => {
          const host = scrollRef.current?.querySelector(`[data-row="${rowIndex}"] [data-col="${colIndex}"]`);
          const target = host?.querySelector<HTMLElement>(
            'input:not([type="hidden"]), button, [tabindex], textarea',
          );
          if (target) target.focus();
          else if (attempt < 5) requestAnimationFrame(() => tryFocus(attempt + 1));
        };
        requestAnimationFrame(() => tryFocus(0));
      },
      [layout.columns, store, virtualizer, alwaysEdit],
    );

    const add = useCallback(
      (n = 1) => {
        const cols = latest.current.columns;
        let rows = store.rows.slice();
        const added: Row[] = [];
        for (let i = 0; i < n; i++) {
          const row = newRow(cols, rows);
          rows.push(row);
          added.push(row);
        }
        if (dragSort) rows = renumber(rows, dragSortKey);
        store.commit(rows);
        for (const r of added) latest.current.onAdded?.(store.rows[store.indexOf(r.id)] ?? r);
        return added;
      },
      [store, dragSort, dragSortKey],
    );

    const addOne = useCallback(() => void add(1), [add]);

    const removeRows = useCallback(
      (ids: unknown) => {
        if (typeof ids !== 'string' && !Array.isArray(ids))
          throw new TypeError(t.editable.table.removeArgument(typeof ids));
        const list = (typeof ids === 'string' ? [ids] : ids).map(String);
        store.removeRows(list);
        if (dragSort) store.commit(renumber(store.rows, dragSortKey));
        latest.current.onDeleted?.(list);
      },
      [store, dragSort, dragSortKey],
    );

    const validateAll = useCallback(
      (options: { jump?: boolean } = {}) => {
        sync.flush();
        const errors = store.validateAll();
        if (options.jump && errors.length) {
          const first = errors[0];
          const col = layout.columns.findIndex((c) => c.key === first.key);
          focusCell(first.rowIndex, Math.max(col, 0));
        }
        return errors;
      },
      [store, sync, layout.columns, focusCell],
    );

    useImperativeHandle(
      ref,
      () => ({
        add,
        removeRows,
        getValues: () => store.rows,
        flush: () => sync.flush(),
        getDeleteIds: () => store.deletedIds.slice(),
        validateAll,
        setRowValues: (row, values) => {
          const index = typeof row === 'number' ? row : store.indexOf(row);
          if (index < 0) return;
          store.setRowValues(index, values);
          store.validateCells(Object.keys(values).map((key) => ({ rowIndex: index, key })));
        },
        focusCell: (rowIndex, key) =>
          focusCell(
            rowIndex,
            layout.columns.findIndex((c) => c.key === key),
          ),
        store,
      }),
      [add, removeRows, validateAll, store, sync, focusCell, layout.columns],
    );

    const api: TableApi = useMemo(
      () => ({
        store,
        tableId: 'jet',
        disabled,
        alwaysEdit,
        slots: slots ?? {},
        setValue(rowIndex, column, v) {
          const previous = store.rows[rowIndex]?.[column.key];
          store.setCell(rowIndex, column.key, v);
          store.validateCell(rowIndex, column.key, previous);
          fireChanges(rowIndex, [column.key]);
        },
        setRowValues(rowIndex, values) {
          store.setRowValues(rowIndex, values);
          store.validateCells(Object.keys(values).map((key) => ({ rowIndex, key })));
          fireChanges(rowIndex, Object.keys(values));
        },
        blurred(rowIndex, column) {
          sync.flush();
          const row = store.rows[rowIndex];
          if (!row) return;
          const id = `${row.id}:${column.key}`;
          clearTimeout(blurTimers.current.get(id));
          blurTimers.current.set(
            id,
            setTimeout(() => {
              blurTimers.current.delete(id);
              const index = store.indexOf(row.id);
              if (index >= 0) store.validateCell(index, column.key);
            }, BLUR_VALIDATE_MS),
          );
        },
        options: (column) => lookupsRef.current.options[column.key] ?? [],
        label: (kind, v) => lookupsRef.current.labels[kind]?.[v],
        rememberLabels,
        startEditing: (row: Row, column: EditableColumn) =>
          store.setEditing({ rowId: row.id, key: column.key }),
      }),
      [store, sync, disabled, alwaysEdit, slots, fireChanges, rememberLabels],
    );

    // Edit-on-click: a mouse-up outside the edited cell (and outside its pop-ups) ends the edit.
    useEffect(() => {
      if (alwaysEdit) return;
      const onUp = (e: MouseEvent) => {
        const editing = store.editing;
        if (!editing) return;
        const target = e.target as Element | null;
        if (!target) return;
        const cell = scrollRef.current?.querySelector(
          `[data-cell="${CSS.escape(`${editing.rowId}:${editing.key}`)}"]`,
        );
        if (cell?.contains(target)) return;
        if (
          target.closest(
            '.ant-select-dropdown, .ant-picker-dropdown, .ant-modal-root, .ant-popover, .ant-message',
          )
        )
          return;
        store.setEditing(null);
      };
      document.addEventListener('mouseup', onUp);
      return () => document.removeEventListener('mouseup', onUp);
    }, [alwaysEdit, store]);

    const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement;
      const td = target.closest<HTMLElement>('[data-col]');
      const tr = target.closest<HTMLElement>('[data-row]');
      if (!td || !tr || keyStaysInControl(target, e.key)) return;
      const at = { row: Number(tr.dataset.row), col: Number(td.dataset.col) };
      const size = { rows: store.rows.length, cols: layout.columns.length };
      let to = nextCell(at, e.key, e.shiftKey, size);
      // A disabled cell takes no focus: moving onto one would leave the focus where it is.
      while (to && layout.columns[to.col]?.disabled) to = nextCell(to, e.key, e.shiftKey, size);
      if (!to) return;
      e.preventDefault();
      focusCell(to.row, to.col);
    };

    const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
      if (disabled) return;
      const text = e.clipboardData.getData('text/plain');
      if (!text || !isBlock(text)) return;
      const target = e.target as HTMLElement;
      const td = target.closest<HTMLElement>('[data-col]');
      const tr = target.closest<HTMLElement>('[data-row]');
      if (!td || !tr) return;
      e.preventDefault();
      const startRow = Number(tr.dataset.row);
      const targets = layout.columns
        .slice(Number(td.dataset.col))
        .filter((c) => PASTEABLE.has(c.type) && !c.disabled);
      const result = pasteBlock(
        store.rows,
        parseTsv(text),
        startRow,
        targets,
        latest.current.columns,
        (c) => lookupsRef.current.options[c.key] ?? [],
      );
      store.commit(result.rows);
      store.validateCells(result.cells);
      const byRow = new Map<number, string[]>();
      for (const c of result.cells) byRow.set(c.rowIndex, [...(byRow.get(c.rowIndex) ?? []), c.key]);
      byRow.forEach((keys, rowIndex) => fireChanges(rowIndex, keys));
    };

    const sensors = useSensors(
      useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
      useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
    );
    const onDragEnd = (e: DragEndEvent) => {
      if (!e.over || e.active.id === e.over.id) return;
      const from = store.indexOf(String(e.active.id));
      const to = store.indexOf(String(e.over.id));
      if (from < 0 || to < 0) return;
      store.commit(renumber(moveRow(store.rows, from, to), dragSortKey));
    };

    const items = virtualizer.getVirtualItems();
    const total = virtualizer.getTotalSize();
    const body = (
      <div
        className="jet-tbody"
        role="rowgroup"
        style={{ height: Math.max(total, count ? 0 : ROW_HEIGHT), minWidth: layout.minWidth }}
      >
        {count === 0 ? <div className="jet-nodata">{t.editable.table.noData}</div> : null}
        {items.map((item) => (
          <BodyRow key={item.key} index={item.index} start={item.start} layout={layout} />
        ))}
      </div>
    );

    return (
      <TableApiContext.Provider value={api}>
        <LookupsContext.Provider value={lookups}>
          <div className="jet">
            {actionButton && !disabled ? (
              <Toolbar onAdd={addOne} onRemove={removeRows} throttleMs={ADD_THROTTLE_MS} />
            ) : null}
            <div
              ref={scrollRef}
              className="jet-scroll"
              role="grid"
              aria-rowcount={count + 1}
              style={{ maxHeight }}
              onKeyDown={onKeyDown}
              onPaste={onPaste}
            >
              <HeaderRow layout={layout} />
              {dragSort && !disabled ? (
                <DndContext sensors={sensors} modifiers={[verticalOnly]} onDragEnd={onDragEnd}>
                  <SortableContext
                    items={items.map((i) => String(i.key))}
                    strategy={verticalListSortingStrategy}
                  >
                    {body}
                  </SortableContext>
                </DndContext>
              ) : (
                body
              )}
              {hasStats ? <StatisticsRow layout={layout} /> : null}
            </div>
          </div>
        </LookupsContext.Provider>
      </TableApiContext.Provider>
    );
  },
);
