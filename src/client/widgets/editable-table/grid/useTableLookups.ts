import { useCallback, useEffect, useMemo, useState } from 'react';
import { getDictItems } from '../../../session/dicts';
import { flattenDeparts, loadDepartTree, DEPART_TREE_URL } from '../../depart-picker/depart-tree';
import type { EditableColumn } from '../types';
import { DEPART_LABELS } from '../cells/PickerCell';
import type { ChoiceOption } from './context';
import { EMPTY_LOOKUPS, type Lookups } from './lookups';

const CHOICE_TYPES = new Set(['select', 'list_multi', 'sel_search', 'radio']);

function staticOptions(column: EditableColumn): ChoiceOption[] | null {
  if (!column.options) return null;
  return column.options.map((o) => ({
    value: String(o.value),
    label: String(o.text ?? o.title ?? o.label ?? o.value),
  }));
}

/**
 * Options of the choice columns (static, or the column's dictionary loaded once) and the display names
 * the table remembers; department names are loaded once when a column picks departments.
 */
export function useTableLookups(columns: readonly EditableColumn[]) {
  const [loaded, setLoaded] = useState<Lookups>(EMPTY_LOOKUPS);
  const fixed = useMemo(
    () =>
      Object.fromEntries(
        columns.flatMap((c) =>
          CHOICE_TYPES.has(c.type) && c.options ? [[c.key, staticOptions(c) as ChoiceOption[]]] : [],
        ),
      ),
    [columns],
  );
  const dictKey = columns
    .filter((c) => CHOICE_TYPES.has(c.type) && !c.options && c.dictCode)
    .map((c) => `${c.key}=${c.dictCode}`)
    .join('|');
  const wantsDeparts = columns.some((c) => c.type === 'sel_depart');

  useEffect(() => {
    if (!dictKey) return;
    let alive = true;
    for (const pair of dictKey.split('|')) {
      const at = pair.indexOf('=');
      const key = pair.slice(0, at);
      void getDictItems(pair.slice(at + 1)).then((items) => {
        if (!alive) return;
        const options = items.map((i) => ({
          value: String(i.value),
          label: String(i.text ?? i.title ?? i.label ?? i.value),
        }));
        setLoaded((l) => ({ ...l, options: { ...l.options, [key]: options } }));
      });
    }
    return () => {
      alive = false;
    };
  }, [dictKey]);

  const rememberLabels = useCallback((kind: string, labels: Record<string, string>) => {
    if (Object.keys(labels).length === 0) return;
    setLoaded((l) => ({ ...l, labels: { ...l.labels, [kind]: { ...(l.labels[kind] ?? {}), ...labels } } }));
  }, []);

  useEffect(() => {
    if (!wantsDeparts) return;
    let alive = true;
    void loadDepartTree(DEPART_TREE_URL).then((tree) => {
      if (!alive) return;
      const index = flattenDeparts(tree);
      rememberLabels(DEPART_LABELS, Object.fromEntries(Object.values(index).map((n) => [n.key, n.title])));
    });
    return () => {
      alive = false;
    };
  }, [wantsDeparts, rememberLabels]);

  const lookups = useMemo<Lookups>(
    () => ({ labels: loaded.labels, options: { ...loaded.options, ...fixed } }),
    [loaded, fixed],
  );
  return { lookups, rememberLabels };
}
