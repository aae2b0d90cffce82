import { HolderOutlined } from '@ant-design/icons';
import { useSortable } from '@dnd-kit/sortable';
import { Checkbox } from 'antd';
import { memo, useSyncExternalStore, type CSSProperties, type HTMLAttributes } from 'react';
import { t } from '../../../locale/zh-CN';
import { CELL_EDITORS, DisplayCell, type CellProps } from '../cells';
import { NO_ERRORS, type RowErrors } from '../model/store';
import type { EditableColumn, Row } from '../types';
import { useTableApi } from './context';
import { ROW_HEIGHT } from './layout';

export interface RowLayout {
  columns: EditableColumn[];
  styles: CSSProperties[];
  placeholders: string[];
  dragSort: boolean;
  rowSelection: boolean;
  rowNumber: boolean;
  minWidth: number;
  /** Sticky offsets of the drag handle, checkbox and row-number columns. */
  fixed: { drag: CSSProperties; select: CSSProperties; number: CSSProperties };
}

interface BodyRowProps {
  index: number;
  start: number;
  layout: RowLayout;
}

/**
 * One rendered row. It subscribes to its own row object, its errors, its selection and the edited cell,
 * so a change elsewhere in the table does not repaint it.
 */
export const BodyRow = memo(function BodyRow({ index, start, layout }: BodyRowProps) {
  const { store } = useTableApi();
  const row = useSyncExternalStore(store.subscribe, () => store.rows[index]);
  const errors = useSyncExternalStore(store.subscribe, () => (row ? store.rowErrors(row.id) : NO_ERRORS));
  const checked = useSyncExternalStore(store.subscribe, () => (row ? store.selected.has(row.id) : false));
  const editingKey = useSyncExternalStore(store.subscribe, () =>
    row && store.editing?.rowId === row.id ? store.editing.key : null,
  );
  if (!row) return null;
  const props = { index, start, layout, row, errors, checked, editingKey };
  return layout.dragSort ? <SortableRowView {...props} /> : <RowView {...props} />;
});

interface RowViewProps extends BodyRowProps {
  row: Row;
  errors: RowErrors;
  checked: boolean;
  editingKey: string | null;
  drag?: {
    setNodeRef: (el: HTMLElement | null) => void;
    handle: HTMLAttributes<HTMLElement>;
    offsetY: number;
    dragging: boolean;
  };
}

function SortableRowView(props: RowViewProps) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useSortable({ id: props.row.id });
  return (
    <RowView
      {...props}
      drag={{
        setNodeRef,
        handle: { ...attributes, ...listeners } as HTMLAttributes<HTMLElement>,
        offsetY: transform?.y ?? 0,
        dragging: isDragging,
      }}
    />
  );
}

function RowView({ index, start, layout, row, errors, checked, editingKey, drag }: RowViewProps) {
  const api = useTableApi();
  const { columns, styles, placeholders } = layout;
  const fixed = layout.fixed;
  return (
    <div
      ref={drag?.setNodeRef}
      role="row"
      aria-rowindex={index + 2}
      data-row={index}
      className={`jet-tr jet-body-row${checked ? ' jet-checked' : ''}${drag?.dragging ? ' jet-dragging' : ''}${errors === NO_ERRORS ? '' : ' jet-row-invalid'}`}
      // The row sits at `top`; the transform only carries the drag offset. dnd-kit measures drop targets
      // without their transforms, so rows placed by a transform would all seem to be at the top.
      style={{
        top: start,
        transform: `translateY(${drag?.offsetY ?? 0}px)`,
        height: ROW_HEIGHT,
        minWidth: layout.minWidth,
        width: '100%',
      }}
    >
      {layout.dragSort ? (
        <div className="jet-td jet-fixed" style={fixed.drag}>
          <button
            type="button"
            className="jet-drag"
            aria-label={t.editable.table.dragHandle}
            disabled={api.disabled}
            {...drag?.handle}
          >
            <HolderOutlined />
          </button>
        </div>
      ) : null}
      {layout.rowSelection ? (
        <div className="jet-td jet-fixed" style={fixed.select}>
          <Checkbox
            aria-label={t.editable.table.selectRow}
            checked={checked}
            onChange={(e) => api.store.toggleSelected(row.id, e.target.checked)}
          />
        </div>
      ) : null}
      {layout.rowNumber ? (
        <div className="jet-td jet-fixed" style={fixed.number}>
          {index + 1}
        </div>
      ) : null}
      {columns.map((column, i) => {
        const error = errors[column.key];
        const editing =
          api.alwaysEdit ||
          editingKey === column.key ||
          column.type === 'checkbox' ||
          column.type === 'slot' ||
          column.type === 'radio';
        const cellProps: CellProps = {
          column,
          rowIndex: index,
          value: row[column.key],
          disabled: api.disabled || !!column.disabled,
          placeholder: placeholders[i],
          autoOpen: !api.alwaysEdit && editingKey === column.key,
          row: column.type === 'slot' ? row : undefined,
        };
        const Editor = editing ? CELL_EDITORS[column.type as keyof typeof CELL_EDITORS] : DisplayCell;
        // The error bubble is drawn by CSS next to the editor, so the editor never remounts (focus stays).
        const content = <Editor key="editor" {...cellProps} />;
        return (
          <div
            key={column.key}
            role="gridcell"
            className={`jet-td${error ? ' jet-invalid' : ''}`}
            style={styles[i]}
            data-col={i}
            data-cell={`${row.id}:${column.key}`}
            onMouseDown={api.alwaysEdit || editing ? undefined : () => api.startEditing(row, column)}
          >
            <div className="jet-cell" aria-invalid={error ? true : undefined}>
              {content}
              {error ? (
                <div className="jet-tip" role="tooltip">
                  {error}
                </div>
              ) : null}
            </div>
          </div>
        );
      })}
    </div>
  );
}
