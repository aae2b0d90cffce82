import { t } from '../../locale/zh-CN';
import { buttonSpec, buttonVisible } from '../actions/gates';
import type { PageAction, RowActions } from '../definition/types';
import type { RowActionItem } from './RowActions';

type Row = Record<string, unknown>;

export interface RowHandlers {
  has: (code: string) => boolean;
  /** Tree lists offer 添加下级. */
  isTree: boolean;
  edit: (row: Row) => void;
  addChild: (row: Row) => void;
  detail: (row: Row) => void;
  remove: (row: Row, confirm?: string) => void;
  run: (action: PageAction, row: Row) => void;
}

/**
 * A row's links in order — edit, add child, custom actions, detail, the custom actions marked `danger`,
 * delete — each kept only when its permission gate and its `visibleWhen` condition hold for the row.
 * Destructive links go last, so the links shown inline are the everyday ones.
 */
export function rowActionItems(ra: RowActions, row: Row, h: RowHandlers): RowActionItem[] {
  const L = t.renderer.table;
  const items: RowActionItem[] = [];
  const edit = buttonSpec(ra.edit);
  if (buttonVisible(edit, h.has, row))
    items.push({ key: 'edit', label: edit?.title ?? L.edit, onClick: () => h.edit(row) });
  const addChild = h.isTree ? buttonSpec(ra.addChild) : null;
  if (buttonVisible(addChild, h.has, row))
    items.push({ key: 'addChild', label: addChild?.title ?? L.addChild, onClick: () => h.addChild(row) });
  const custom = (danger: boolean) => {
    for (const action of ra.custom ?? []) {
      if (!!action.danger === danger && buttonVisible(action, h.has, row))
        items.push({
          key: action.key,
          label: action.title,
          danger: action.danger,
          onClick: () => h.run(action, row),
        });
    }
  };
  custom(false);
  const detail = buttonSpec(ra.detail);
  if (buttonVisible(detail, h.has, row))
    items.push({ key: 'detail', label: detail?.title ?? L.detail, onClick: () => h.detail(row) });
  custom(true);
  const del = ra.delete ? (ra.delete === true ? {} : ra.delete) : null;
  if (buttonVisible(del, h.has, row))
    items.push({
      key: 'delete',
      label: del?.title ?? L.delete,
      danger: true,
      onClick: () => h.remove(row, del?.confirm),
    });
  return items;
}

export const hasRowActions = (ra: RowActions) =>
  !!(ra.edit || ra.detail || ra.delete || ra.addChild || ra.custom?.length);
