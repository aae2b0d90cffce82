import { useDraggable } from '@dnd-kit/core';
import { Typography } from 'antd';
import { t } from '../../locale/zh-CN';
import { dragId } from './Canvas';
import { paletteItems, type PaletteItem } from './palette';
import { addFromPalette } from './store';

const L = t.formDesign;

/** One widget: dragged onto the canvas, or clicked (Enter) to add after the selected field. */
function Entry({ item, disabled }: { item: PaletteItem; disabled: boolean }) {
  const { setNodeRef, attributes, listeners } = useDraggable({ id: dragId.palette(item.id), disabled });
  return (
    <button
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      type="button"
      className="fd-palette-item"
      data-testid={`palette-${item.id}`}
      aria-label={L.addToForm(item.label)}
      title={L.addToForm(item.label)}
      disabled={disabled}
      onClick={() => addFromPalette(item.id)}
    >
      {item.label}
    </button>
  );
}

export function Palette({ disabled }: { disabled: boolean }) {
  return (
    <div className="fd-palette">
      <Typography.Title level={5}>{L.paletteTitle}</Typography.Title>
      <div className="fd-palette-grid">
        {paletteItems().map((item) => (
          <Entry key={item.id} item={item} disabled={disabled} />
        ))}
      </div>
    </div>
  );
}
