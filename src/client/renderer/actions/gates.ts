import { evaluateCondition } from '../../../shared/conditions';
import type { Condition, ToolbarButton } from '../definition/types';
import { gateAllows } from '../permissions';

/** A toolbar or row button as declared: off (false/absent), on (true), or on with settings. */
export function buttonSpec(button: ToolbarButton | undefined): Exclude<ToolbarButton, boolean> | null {
  if (!button) return null;
  return button === true ? {} : button;
}

/** Whether a declared button shows for this user (and row): its permission gate and visibleWhen. */
export function buttonVisible(
  spec: { permission?: string; unlessPermission?: string; visibleWhen?: Condition } | null,
  has: (code: string) => boolean,
  row?: Readonly<Record<string, unknown>> | null,
): boolean {
  if (!spec) return false;
  if (!gateAllows(spec, has)) return false;
  return row === undefined || row === null || evaluateCondition(spec.visibleWhen, row);
}
