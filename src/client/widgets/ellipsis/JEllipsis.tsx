import { Tooltip } from 'antd';
import { ellipsisText } from './ellipsis-text';

export interface JEllipsisProps {
  value?: string | number | null;
  /** Width in half-width characters; a Chinese character counts 2. Default 25. */
  length?: number;
  /** Show the full text in a tooltip when cut (default true). */
  tooltip?: boolean;
}

/** Read-only text cut to a display width, with the full text on hover. */
export function JEllipsis({ value, length = 25, tooltip = true }: JEllipsisProps) {
  const full = value === null || value === undefined ? '' : String(value);
  const shown = ellipsisText(full, length);
  if (shown === full || !tooltip) return <span className="j-ellipsis">{shown}</span>;
  return (
    <Tooltip title={full}>
      <span className="j-ellipsis">{shown}</span>
    </Tooltip>
  );
}
