import type { Row } from '../types';

const HIDDEN_TAB_FLUSH_MS = 250;

/**
 * Carries the table's edits to the form field. Each edit is painted first; the latest rows go to the
 * form in a task after the next frame, so the form and its observers re-render once per frame instead
 * of inside every keystroke. Arrays the table sent are remembered, so when they come back as the field's
 * value they are not mistaken for a change made elsewhere.
 */
export class FormSync {
  private pending: Row[] | null = null;
  private readonly own = new WeakSet<Row[]>();

  constructor(private readonly send_: (rows: Row[]) => void) {}

  isOwn(rows: Row[]): boolean {
    return this.own.has(rows);
  }

  /** An edit: sent after the next frame, together with any others made until then. */
  push = (rows: Row[]): void => {
    const scheduled = this.pending !== null;
    this.pending = rows;
    if (scheduled) return;
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(this.flush, 0));
    // A hidden tab runs no frames: edits made by code there still reach the form.
    setTimeout(this.flush, HIDDEN_TAB_FLUSH_MS);
  };

  /** Sends now whatever is pending (before validation, on blur, on unmount). */
  flush = (): void => {
    const rows = this.pending;
    if (!rows) return;
    this.pending = null;
    this.send(rows);
  };

  /** A change from outside (the form was set or reset) wins over edits not sent yet. */
  discard(): void {
    this.pending = null;
  }

  send(rows: Row[]): void {
    this.own.add(rows);
    this.send_(rows);
  }
}
