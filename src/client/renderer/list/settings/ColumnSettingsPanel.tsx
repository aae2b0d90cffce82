import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Checkbox, InputNumber, Select, Tooltip } from 'antd';
import { t } from '../../../locale/zh-CN';
import type { PageColumn } from '../../definition/types';
import type { ColumnSettingsProps } from './ColumnSettings';
import {
  MAX_COLUMN_WIDTH,
  MIN_COLUMN_WIDTH,
  moveColumn,
  setAllShown,
  setPin,
  setShown,
  setWidth,
  type ColumnSetting,
  type ListSettings,
  type Pin,
} from './model';

const L = t.renderer.listSettings;
const PINS: Pin[] = ['left', 'none', 'right'];

interface ItemProps {
  setting: ColumnSetting;
  column: PageColumn;
  index: number;
  count: number;
  settings: ListSettings;
  onChange: (next: ListSettings) => void;
}

function SettingItem({ setting, column, index, count, settings, onChange }: ItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: setting.key,
  });
  const pin: Pin = setting.fixed ?? column.fixed ?? 'none';
  return (
    <li
      ref={setNodeRef}
      className="list-settings-item"
      data-column={setting.key}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <span className="list-settings-handle" aria-label={L.drag(column.title)} {...attributes} {...listeners}>
        <HolderOutlined />
      </span>
      <Checkbox
        className="list-settings-check"
        checked={setting.show}
        onChange={(e) => onChange(setShown(settings, setting.key, e.target.checked))}
      >
        {column.title}
      </Checkbox>
      <Select<Pin>
        size="small"
        aria-label={L.pin(column.title)}
        value={pin}
        style={{ width: 108 }}
        options={PINS.map((p) => ({ value: p, label: L.pins[p] }))}
        onChange={(p) => onChange(setPin(settings, setting.key, p, column.fixed))}
        getPopupContainer={(node: HTMLElement) => node.parentElement ?? document.body}
      />
      <InputNumber
        size="small"
        aria-label={L.width(column.title)}
        placeholder={L.widthAuto}
        min={MIN_COLUMN_WIDTH}
        max={MAX_COLUMN_WIDTH}
        step={10}
        style={{ width: 76 }}
        value={setting.width ?? null}
        onChange={(w) => onChange(setWidth(settings, setting.key, w ?? undefined))}
      />
      <Tooltip title={L.moveUp(column.title)}>
        <Button
          size="small"
          type="text"
          aria-label={L.moveUp(column.title)}
          icon={<ArrowUpOutlined />}
          disabled={index === 0}
          onClick={() => onChange(moveColumn(settings, index, index - 1))}
        />
      </Tooltip>
      <Tooltip title={L.moveDown(column.title)}>
        <Button
          size="small"
          type="text"
          aria-label={L.moveDown(column.title)}
          icon={<ArrowDownOutlined />}
          disabled={index === count - 1}
          onClick={() => onChange(moveColumn(settings, index, index + 1))}
        />
      </Tooltip>
    </li>
  );
}

/**
 * The popover's content of ProTable-style column settings: show/hide (全选, 重置), order by drag or
 * buttons, pin, width. Loaded when the popover is first opened (ColumnSettings).
 */
export function ColumnSettingsPanel({ defined, settings, onChange, onReset }: ColumnSettingsProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const byKey = new Map(defined.map((c) => [c.dataIndex, c]));
  const shown = settings.columns.filter((c) => c.show).length;
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const keys = settings.columns.map((c) => c.key);
    onChange(moveColumn(settings, keys.indexOf(String(e.active.id)), keys.indexOf(String(e.over.id))));
  };

  return (
    <div className="list-settings">
      <div className="list-settings-head">
        <Checkbox
          checked={shown === settings.columns.length}
          indeterminate={shown > 0 && shown < settings.columns.length}
          onChange={(e) => onChange(setAllShown(settings, e.target.checked))}
        >
          {L.showAll}
        </Checkbox>
        <Button type="link" size="small" onClick={onReset}>
          {L.reset}
        </Button>
      </div>
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <SortableContext items={settings.columns.map((c) => c.key)} strategy={verticalListSortingStrategy}>
          <ul className="list-settings-items">
            {settings.columns.map((s, i) => {
              const column = byKey.get(s.key);
              return column ? (
                <SettingItem
                  key={s.key}
                  setting={s}
                  column={column}
                  index={i}
                  count={settings.columns.length}
                  settings={settings}
                  onChange={onChange}
                />
              ) : null;
            })}
          </ul>
        </SortableContext>
      </DndContext>
    </div>
  );
}
