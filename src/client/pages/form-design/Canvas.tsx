import { DeleteOutlined, DownOutlined, UpOutlined } from '@ant-design/icons';
import { useDndContext, useDraggable, useDroppable } from '@dnd-kit/core';
import { Button, Empty, Tag, Tooltip, Typography } from 'antd';
import type { FormSchema } from '../../../shared/schema-types';
import { t } from '../../locale/zh-CN';
import { isContainer, isTable, orderedChildren, tableColumns, type NodePath } from './model';
import { widgetTitle } from './palette';
import { moveField, removeField, select, useDesigner } from './store';

const L = t.formDesign;

/** Drag and drop ids: a palette entry, a field of the canvas, a gap between fields. */
export const dragId = {
  palette: (id: string) => `palette:${id}`,
  field: (path: NodePath) => `field:${JSON.stringify(path)}`,
  slot: (container: NodePath, index: number) => `slot:${JSON.stringify([container, index])}`,
};

export type DragSource = { kind: 'palette'; id: string } | { kind: 'field'; path: NodePath };

export function parseDrag(id: string): DragSource | null {
  if (id.startsWith('palette:')) return { kind: 'palette', id: id.slice(8) };
  if (id.startsWith('field:')) return { kind: 'field', path: JSON.parse(id.slice(6)) as string[] };
  return null;
}

export function parseSlot(id: string): { container: NodePath; index: number } | null {
  if (!id.startsWith('slot:')) return null;
  const [container, index] = JSON.parse(id.slice(5)) as [string[], number];
  return { container, index };
}

const samePath = (a: NodePath | null, b: NodePath) =>
  !!a && a.length === b.length && a.every((k, i) => k === b[i]);

/** A gap that takes a dragged entry or field; wider while something is dragged. */
function Slot({ container, index }: { container: NodePath; index: number }) {
  const { active } = useDndContext();
  const { setNodeRef, isOver } = useDroppable({ id: dragId.slot(container, index) });
  return (
    <div
      ref={setNodeRef}
      data-testid={`slot-${container.join('.') || 'root'}-${index}`}
      className={`fd-slot${active ? ' fd-slot-active' : ''}${isOver ? ' fd-slot-over' : ''}`}
    />
  );
}

function widgetLabel(node: FormSchema): string {
  return isTable(node) ? L.palette.table : widgetTitle(node);
}

/** Children of a container, with gaps between them; an empty container says what to drop. */
function Children({ node, path, emptyText }: { node: FormSchema; path: NodePath; emptyText: string }) {
  const children = orderedChildren(node);
  return (
    <div className="fd-children">
      <Slot container={path} index={0} />
      {children.length === 0 ? <div className="fd-empty">{emptyText}</div> : null}
      {children.map(([key, child], i) => (
        <div key={key}>
          <FieldCard path={[...path, key]} node={child} index={i} count={children.length} />
          <Slot container={path} index={i + 1} />
        </div>
      ))}
    </div>
  );
}

function FieldCard({
  path,
  node,
  index,
  count,
}: {
  path: NodePath;
  node: FormSchema;
  index: number;
  count: number;
}) {
  const selected = useDesigner((s) => samePath(s.selected, path));
  const readOnly = useDesigner((s) => s.readOnly);
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: dragId.field(path),
    disabled: readOnly,
  });
  const key = path[path.length - 1];
  const container = path.slice(0, -1);
  const collapse = node['x-component'] === 'FormCollapse';
  const header = (panel: FormSchema) =>
    (panel['x-component-props'] as { header?: string } | undefined)?.header;
  const required = node.required === true;
  return (
    <div
      ref={setNodeRef}
      // A read-only form's fields are still selected to read their properties: no drag state on them.
      {...(readOnly ? {} : { ...attributes, ...listeners })}
      role="button"
      tabIndex={0}
      data-testid={`field-${key}`}
      className={`fd-field${selected ? ' fd-field-selected' : ''}${isDragging ? ' fd-field-dragging' : ''}`}
      onClick={(e) => {
        e.stopPropagation();
        select(path);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target === e.currentTarget) select(path);
      }}
    >
      <div className="fd-field-head">
        <span className="fd-field-title">
          {required ? <span className="fd-required">*</span> : null}
          {collapse
            ? header(orderedChildren(node)[0]?.[1] ?? {}) || L.palette.section
            : node.title || (node.type === 'void' ? widgetLabel(node) : key)}
        </span>
        <Typography.Text type="secondary" className="fd-field-meta">
          {node.type === 'void' ? widgetLabel(node) : `${key} · ${widgetLabel(node)}`}
        </Typography.Text>
        {node['x-reactions'] ? <Tag color="purple">{L.props.linkage}</Tag> : null}
        {selected && !readOnly ? (
          <span
            className="fd-field-tools"
            onClick={(e) => e.stopPropagation()}
            onPointerDown={(e) => e.stopPropagation()}
          >
            <Tooltip title={L.moveUp}>
              <Button
                size="small"
                type="text"
                icon={<UpOutlined />}
                aria-label={L.moveUp}
                disabled={index === 0}
                onClick={() => moveField(path, container, index - 1)}
              />
            </Tooltip>
            <Tooltip title={L.moveDown}>
              <Button
                size="small"
                type="text"
                icon={<DownOutlined />}
                aria-label={L.moveDown}
                disabled={index === count - 1}
                onClick={() => moveField(path, container, index + 1)}
              />
            </Tooltip>
            <Tooltip title={L.remove}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={L.remove}
                onClick={() => removeField(path)}
              />
            </Tooltip>
          </span>
        ) : null}
      </div>
      {isTable(node) ? (
        <div className="fd-columns">
          {tableColumns(node).map((c) => (
            <Tag key={c.name}>{c.title}</Tag>
          ))}
        </div>
      ) : null}
      {collapse
        ? orderedChildren(node).map(([panelKey, panel]) => (
            <Children key={panelKey} node={panel} path={[...path, panelKey]} emptyText={L.sectionEmpty} />
          ))
        : null}
      {!collapse && node.type === 'void' && isContainer(node) ? (
        <Children node={node} path={path} emptyText={L.gridEmpty} />
      ) : null}
    </div>
  );
}

/** The form being designed: fields in order, each selectable, draggable and droppable between. */
export function Canvas() {
  const schema = useDesigner((s) => s.definition?.schema);
  if (!schema) return null;
  const empty = orderedChildren(schema).length === 0;
  return (
    <div className="fd-canvas" data-testid="fd-canvas" onClick={() => select(null)}>
      {empty ? <Empty description={L.canvasEmpty} image={Empty.PRESENTED_IMAGE_SIMPLE} /> : null}
      <Children node={schema} path={[]} emptyText="" />
    </div>
  );
}

/** Where a drop lands: a field moves, a palette entry is added. */
export function dropTarget(overId: string | undefined) {
  return overId ? parseSlot(overId) : null;
}
