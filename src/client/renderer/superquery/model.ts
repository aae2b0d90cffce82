import type { SuperQueryCondition } from '../../../shared/query-rules';
import type { PageColumn, SuperQueryField } from '../definition/types';

/** The rules a line may use, in menu order (spec §9). */
export const SUPER_QUERY_RULES = [
  'eq',
  'like',
  'right_like',
  'left_like',
  'in',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
] as const;
export type SuperQueryRule = (typeof SUPER_QUERY_RULES)[number];
export type MatchType = 'and' | 'or';

export interface FieldOption {
  value: string;
  text: string;
}

/** A field as a line sees it; child-table fields carry 'parent,child' values and 'parent-child' labels. */
export interface FlatField {
  value: string;
  label: string;
  type: string;
  dictCode?: string;
  options?: FieldOption[];
  popup?: SuperQueryField['popup'];
}

/** One condition line of the builder. */
export interface QueryLine {
  key: string;
  field?: string;
  rule: SuperQueryRule;
  val: string;
  type?: string;
  dictCode?: string;
  options?: FieldOption[];
  popup?: SuperQueryField['popup'];
}

export interface SavedQuery {
  title: string;
  matchType: MatchType;
  records: SuperQueryCondition[];
}

/** Fields of the builder: declared, else derived from the table columns. */
export function superQueryFields(
  declared: readonly SuperQueryField[] | undefined,
  columns: readonly PageColumn[],
): SuperQueryField[] {
  if (declared?.length) return [...declared];
  return columns
    .filter(
      (c) =>
        !c.format ||
        c.format === 'text' ||
        c.format === 'date' ||
        c.format === 'number' ||
        c.format === 'tag',
    )
    .map((c) => ({
      value: c.dataIndex,
      text: c.title,
      type: c.dict ? 'list' : c.format === 'date' ? 'date' : c.format === 'number' ? 'number' : 'string',
      ...(c.dict ? { dictCode: c.dict } : {}),
    }));
}

/** Every selectable field, children listed after their parent as 'parent-child'. */
export function flattenFields(fields: readonly SuperQueryField[]): FlatField[] {
  const out: FlatField[] = [];
  for (const f of fields) {
    if (f.children?.length) {
      for (const c of f.children)
        out.push({ ...flat(c), value: `${f.value},${c.value}`, label: `${f.text}-${c.text}` });
    } else {
      out.push(flat(f));
    }
  }
  return out;
}

function flat(f: SuperQueryField): FlatField {
  return {
    value: f.value,
    label: f.text,
    type: f.type ?? 'string',
    dictCode: f.dictCode,
    options: f.options,
    popup: f.popup,
  };
}

let seq = 0;
export function newLine(): QueryLine {
  seq += 1;
  return { key: `line-${Date.now().toString(36)}-${seq}`, rule: 'eq', val: '' };
}

const hasChoices = (line: QueryLine) => !!line.dictCode || !!line.options?.length;

/** Choosing a field takes its type, options and dictionary, and clears the value. */
export function chooseField(line: QueryLine, field: FlatField | undefined): QueryLine {
  return {
    key: line.key,
    rule: line.rule,
    field: field?.value,
    type: field?.type,
    dictCode: field?.dictCode,
    options: field?.options,
    popup: field?.popup,
    val: '',
  };
}

/** Leaving 'in' keeps only the first value of a dictionary or option field. */
export function changeRule(line: QueryLine, rule: SuperQueryRule): QueryLine {
  let val = line.val;
  if (rule !== 'in' && hasChoices(line) && val.includes(',')) val = val.split(',')[0];
  return { ...line, rule, val };
}

export const isCompleteLine = (line: QueryLine) => !!line.field && !!line.rule && line.val !== '';

/** The complete lines as wire conditions (superQueryParams items). */
export function toConditions(lines: readonly QueryLine[]): SuperQueryCondition[] {
  return lines.filter(isCompleteLine).map((l) => ({
    field: l.field as string,
    rule: l.rule,
    val: l.val,
    ...(l.type ? { type: l.type } : {}),
  }));
}

/** Lines for stored conditions, with field settings taken from the current field list. */
export function fromConditions(
  records: readonly SuperQueryCondition[],
  fields: readonly FlatField[],
): QueryLine[] {
  return records.map((r) => {
    const rule = (SUPER_QUERY_RULES as readonly string[]).includes(r.rule)
      ? (r.rule as SuperQueryRule)
      : 'eq';
    const line = chooseField(
      { ...newLine(), rule },
      fields.find((f) => f.value === r.field),
    );
    return { ...line, field: r.field, val: r.val == null ? '' : String(r.val) };
  });
}

/** superQueryParams as the protocol sends it: URI-encoded JSON (the HTTP client encodes once more). */
export function encodeSuperQuery(conditions: readonly SuperQueryCondition[]): string {
  return conditions.length ? encodeURI(JSON.stringify(conditions)) : '';
}
