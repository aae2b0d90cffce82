import type { MouseEvent as ReactMouseEvent, ThHTMLAttributes } from 'react';
import { t } from '../../../locale/zh-CN';

export interface ResizableTitleProps extends ThHTMLAttributes<HTMLTableCellElement> {
  /** Called once the user lets go, with the header's new width in pixels. */
  onResizeEnd?: (width: number) => void;
  resizeLabel?: string;
}

/** A table header cell whose right edge can be dragged to set the column's width. */
export function ResizableTitle({ onResizeEnd, resizeLabel, children, ...rest }: ResizableTitleProps) {
  if (!onResizeEnd) return <th {...rest}>{children}</th>;
  const start = (e: ReactMouseEvent<HTMLSpanElement>) => {
    // Neither a sort click on the header nor a text selection.
    e.preventDefault();
    e.stopPropagation();
    const th = e.currentTarget.parentElement;
    if (!th) return;
    const x0 = e.clientX;
    const w0 = th.getBoundingClientRect().width;
    const guide = document.createElement('div');
    guide.className = 'list-resize-guide';
    const top = th.closest('.ant-table')?.getBoundingClientRect() ?? th.getBoundingClientRect();
    Object.assign(guide.style, { top: `${top.top}px`, height: `${top.height}px`, left: `${e.clientX}px` });
    document.body.appendChild(guide);
    const move = (ev: MouseEvent) => {
      guide.style.left = `${ev.clientX}px`;
    };
    const up = (ev: MouseEvent) => {
      document.removeEventListener('mousemove', move);
      document.removeEventListener('mouseup', up);
      guide.remove();
      if (ev.clientX !== x0) onResizeEnd(w0 + ev.clientX - x0);
    };
    document.addEventListener('mousemove', move);
    document.addEventListener('mouseup', up);
  };
  return (
    <th {...rest}>
      {children}
      <span
        className="list-resize-handle"
        // Hidden from assistive technology so the header's name stays its title; the keyboard way to
        // set a width is the column settings' width input.
        aria-hidden="true"
        title={resizeLabel ?? t.renderer.listSettings.resize('')}
        onMouseDown={start}
        onClick={(e) => e.stopPropagation()}
      />
    </th>
  );
}
