import { Menu, type MenuProps } from 'antd';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  x: number;
  y: number;
  items: NonNullable<MenuProps['items']>;
  onSelect: (key: string) => void;
  onClose: () => void;
}

/** A right-click menu at the pointer; a mousedown anywhere outside closes it (spec §2). */
export function ContextMenu({ x, y, items, onSelect, onClose }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) onClose();
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [onClose]);
  return createPortal(
    <div ref={ref} className="shell-context-menu" style={{ left: x, top: y }} role="presentation">
      <Menu
        items={items}
        selectable={false}
        onClick={({ key }) => {
          onSelect(String(key));
          onClose();
        }}
      />
    </div>,
    document.body,
  );
}
