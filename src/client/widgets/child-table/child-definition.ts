import { getAction } from '../../api';
import { t } from '../../locale/zh-CN';
import { DEFAULT_STRING_LENGTH, recordMessages } from '../../../shared/entity-record';
import type { EntityDefinition, EntityField } from '../../../shared/schema-types';
import { presetCheck, rulePattern } from '../../../shared/validate-presets';
import type { EditableColumn, EditableColumnType, RuleHandler, ValidateRule } from '../editable-table/types';

/** A child entity as the server describes it for its parent's form (childDefinition / children). */
export interface ChildDefinition {
  code: string;
  title: string;
  /** The ref field linking a row to its parent: set by the server, never shown. */
  parentField: string;
  minRows: number;
  maxRows: number;
  /** A junction's picked ref field (many-to-many): the form shows a multi-select, not a table. */
  pick?: string | null;
  fields: EntityField[];
}

const ONLINE_API = '/online/cgform/api';
const cache = new Map<string, Promise<ChildDefinition>>();

async function load<T>(url: string): Promise<T> {
  const res = await getAction<T>(url);
  if (!res.success || !res.result) throw new Error(res.message || t.children.loadFailed);
  return res.result;
}

/** The definition of one child entity (asked once per page load). */
export function childDefinition(code: string): Promise<ChildDefinition> {
  let p = cache.get(code);
  if (!p) {
    p = load<ChildDefinition>(`${ONLINE_API}/childDefinition/${encodeURIComponent(code)}`);
    // A failed load is asked again next time.
    p.catch(() => cache.delete(code));
    cache.set(code, p);
  }
  return p;
}

/** The child tables of a parent entity (for its detail); none when it has no children. */
export const childrenOfEntity = (parent: string): Promise<ChildDefinition[]> =>
  load<ChildDefinition[]>(`${ONLINE_API}/children/${encodeURIComponent(parent)}`);

const isNumeric = (f: EntityField) => f.type === 'int' || f.type === 'bigint' || f.type === 'decimal';

/** The slot drawing a ref column's picker (ChildTable renders it with JRefSelect, or its popup report). */
export const refSlot = (f: EntityField) => `ref:${f.name}`;
/** Views whose cells are the form's picker widgets (a schedule's form, a project's member). */
export const PICKER_VIEWS = new Set(['sel_form', 'sel_user', 'sel_depart']);
const isPicker = (f: EntityField) => !f.ref && PICKER_VIEWS.has(f.view ?? '');
/** The slot drawing a picker column (ChildTable renders JSelectForm, JSelectUserByDep or JSelectDepart). */
export const pickerSlot = (f: EntityField) => `picker:${f.name}`;

function cellType(f: EntityField): EditableColumnType {
  if (f.ref || isPicker(f)) return 'slot';
  if (f.dictCode) return 'select';
  if (isNumeric(f)) return 'inputNumber';
  if (f.type === 'date' || f.type === 'datetime') return f.type;
  return 'input';
}

/**
 * The grid columns of a child table, one per field (the parent link left out), checked with the
 * child's own rules — the same messages the server answers with: required, the pattern rules, then
 * length and bounds through one handler per column. Formula columns are read-only; `list: false` fields
 * have no column.
 */
export function childColumns(def: ChildDefinition): {
  columns: EditableColumn[];
  handlers: Record<string, RuleHandler>;
} {
  const messages = recordMessages({ fields: def.fields } as EntityDefinition);
  const handlers: Record<string, RuleHandler> = {};
  // A field the definition keeps off lists (a link a push-down fills, such as the order line a delivery line
  // ships) is kept off the grid too: its value rides along in the row unseen.
  const columns = def.fields
    .filter((f) => f.list !== false)
    .map((f): EditableColumn => {
      const m = messages[f.name];
      const rules: ValidateRule[] = [];
      if (f.required && !f.formula) rules.push({ required: true, message: t.children.required(f.title) });
      (f.rules ?? []).forEach((r, i) => {
        rules.push({ pattern: rulePattern(r.pattern), message: m[`rule${i}`] });
        // A preset a pattern cannot decide (idCard's check digit) runs its shared named check too.
        const check = presetCheck(r.pattern);
        if (check) rules.push({ handler: check, message: m[`rule${i}`] });
      });
      const handler = `field_${f.name}`;
      handlers[handler] = ({ value }) => fieldProblem(f, m, value);
      rules.push({ handler });
      return {
        key: f.name,
        title: f.title,
        type: cellType(f),
        ...(f.width ? { width: f.width } : {}),
        ...(f.dictCode ? { dictCode: f.dictCode } : {}),
        ...(f.ref ? { slotName: refSlot(f) } : {}),
        ...(isPicker(f) ? { slotName: pickerSlot(f) } : {}),
        ...(isNumeric(f) ? { number: f.type === 'decimal' ? (f.scale ?? 2) : 0 } : {}),
        ...(f.default !== undefined ? { defaultValue: f.default } : {}),
        ...(f.formula ? { disabled: true, placeholder: t.children.computed } : {}),
        validateRules: rules,
      };
    });
  return { columns, handlers };
}

/** Length and bounds of one value (empty values are the required rule's business). */
function fieldProblem(f: EntityField, m: Record<string, string>, value: unknown): string | true {
  if (value === null || value === undefined || value === '') return true;
  if (f.type === 'string' && String(value).length > (f.length ?? DEFAULT_STRING_LENGTH)) return m.maxLength;
  if (!isNumeric(f)) return true;
  const n = Number(value);
  if (!Number.isFinite(n)) return m.type;
  if (f.type !== 'decimal' && !Number.isInteger(n)) return m.type;
  const rules = f.rules?.length ?? 0;
  if (f.min !== undefined && n < f.min) return m[`rule${rules}`];
  if (f.max !== undefined && n > f.max) return m[`rule${rules + (f.min !== undefined ? 1 : 0)}`];
  return true;
}
