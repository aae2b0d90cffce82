import { act, render } from '@testing-library/react';
import { createRef, useState } from 'react';
import {
  EditableGrid,
  type EditableGridProps,
  type EditableTableHandle,
} from '../../../src/client/widgets/editable-table';
import '../../../src/client/widgets/editable-table/editable-table.css';
import type { Row } from '../../../src/client/widgets/editable-table/types';
import { Providers } from '../widgets/formily';

/**
 * Renders the grid the way a form field holds it: the rows live in the parent's state and come back as
 * `value` after every change. `rows()` is what the form would hold now.
 */
export function renderGrid(props: Omit<EditableGridProps, 'value' | 'onChange'> & { value?: Row[] }) {
  const handle = createRef<EditableTableHandle>();
  let current: Row[] = props.value ?? [];
  const changes: Row[][] = [];
  function Host() {
    const [rows, setRows] = useState<Row[]>(current);
    return (
      <EditableGrid
        ref={handle}
        {...props}
        value={rows}
        onChange={(next) => {
          current = next;
          changes.push(next);
          setRows(next);
        }}
      />
    );
  }
  const view = render(
    <Providers>
      <Host />
    </Providers>,
  );
  return { ...view, handle, rows: () => current, changes };
}

/** The rendered body rows (the virtual window), in order. */
export function bodyRows(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>('.jet-body-row')].sort(
    (a, b) => Number(a.dataset.row) - Number(b.dataset.row),
  );
}

/** The cell of a rendered row by column key. */
export function cell(container: HTMLElement, rowIndex: number, key: string): HTMLElement {
  const el = container.querySelector<HTMLElement>(`[data-row="${rowIndex}"] [data-cell$=":${key}"]`);
  if (!el) throw new Error(`cell ${rowIndex}:${key} is not rendered`);
  return el;
}

export function input(container: HTMLElement, rowIndex: number, key: string): HTMLInputElement {
  const el = cell(container, rowIndex, key).querySelector('input');
  if (!el) throw new Error(`cell ${rowIndex}:${key} has no input`);
  return el;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Edits reach the form a frame after they are painted; this waits for that. */
export const settled = () => act(() => sleep(50));
