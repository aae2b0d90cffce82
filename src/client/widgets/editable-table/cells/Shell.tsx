import { forwardRef, type KeyboardEvent, type ReactNode } from 'react';
import { SELECT_ARROW } from './icons';

export interface ShellProps {
  text: string;
  placeholder: string;
  disabled: boolean;
  /** Opens the real control (a click, Enter, Space, Alt+↓ or typing). */
  onOpen: () => void;
  suffix?: ReactNode;
}

/**
 * Looks like a closed antd select or date picker but is one focusable element; the real control mounts
 * when the user opens it, which keeps rendering thousands of rows cheap.
 */
export const Shell = forwardRef<HTMLButtonElement, ShellProps>(function Shell(
  { text, placeholder, disabled, onOpen, suffix },
  ref,
) {
  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled) return;
    const opens = e.key === 'Enter' || e.key === ' ' || (e.altKey && e.key === 'ArrowDown') || e.key === 'F2';
    if (opens) {
      e.preventDefault();
      e.stopPropagation();
      onOpen();
    }
  };
  return (
    <button
      ref={ref}
      type="button"
      className="jet-shell"
      data-focus=""
      aria-disabled={disabled}
      title={text || undefined}
      onClick={() => !disabled && onOpen()}
      onKeyDown={onKeyDown}
    >
      <span className="jet-shell-text">
        {text ? text : <span className="jet-placeholder">{placeholder}</span>}
      </span>
      {suffix ?? SELECT_ARROW}
    </button>
  );
});
