/** Where a key press moves the focus in the grid, or null when the key is not a move (spec: arrows, Tab, Enter). */
export function nextCell(
  at: { row: number; col: number },
  key: string,
  shift: boolean,
  size: { rows: number; cols: number },
): { row: number; col: number } | null {
  const { rows, cols } = size;
  let { row, col } = at;
  switch (key) {
    case 'ArrowUp':
      row--;
      break;
    case 'ArrowDown':
    case 'Enter':
      row++;
      break;
    case 'ArrowLeft':
      col--;
      break;
    case 'ArrowRight':
      col++;
      break;
    case 'Tab':
      if (shift) {
        col--;
        if (col < 0) {
          col = cols - 1;
          row--;
        }
      } else {
        col++;
        if (col >= cols) {
          col = 0;
          row++;
        }
      }
      break;
    default:
      return null;
  }
  if (row < 0 || row >= rows || col < 0 || col >= cols) return null;
  return { row, col };
}

/**
 * Whether the key belongs to the control rather than to the grid: caret moves inside text, keys inside
 * an open select, date picker, radio group or text area. Tab always moves.
 */
export function keyStaysInControl(target: HTMLElement, key: string): boolean {
  if (key === 'Tab') return false;
  if (target.closest('.ant-select, .ant-picker, .ant-radio-group, textarea, .ant-upload')) return true;
  if (target instanceof HTMLInputElement && target.type !== 'checkbox' && target.type !== 'radio') {
    const len = target.value.length;
    const start = target.selectionStart ?? 0;
    const end = target.selectionEnd ?? 0;
    if (key === 'ArrowLeft') return !(start === 0 && end === 0);
    if (key === 'ArrowRight') return !(start === len && end === len);
  }
  return false;
}
