/**
 * Checks of a page definition against the other definitions that the meta-schema cannot see: the reports its
 * popups read, the permission codes its buttons need, the entities and reports its API paths name, and the
 * regular expressions of its form validators.
 */
import { NESTED_QUANTIFIER, NESTED_QUANTIFIER_MESSAGE } from '../../shared/safe-pattern.js';
import type { ReportDefinition } from '../../shared/schema-types.js';
import { ONLINE_API } from '../modules/online/routes.js';
import { REPORT_API } from '../modules/report/routes.js';
import { pointerOf } from './meta-validation.js';

export type Node = Record<string, unknown>;
type Add = (pointer: string, message: string) => void;

/** Visits every object in a JSON value with its JSON pointer. */
export function walk(value: unknown, pointer: string, visit: (node: Node, pointer: string) => void) {
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, `${pointer}/${i}`, visit));
  else if (value && typeof value === 'object') {
    visit(value as Node, pointer);
    for (const [k, v] of Object.entries(value)) walk(v, `${pointer}${pointerOf(k)}`, visit);
  }
}

export interface PageContext {
  entities: Set<string>;
  /** Entity code → its field names (what a derived form holds). */
  entityFields: Map<string, string[]>;
  /** Report code → the names of its result columns (what popups can copy from). */
  reportColumns: Map<string, Set<string>>;
  /** Permission codes declared by menu buttons. */
  perms: Set<string>;
}

export const reportColumnsOf = (reports: ReportDefinition[]) =>
  new Map(reports.map((r) => [r.code, new Set(r.columns.map((c) => c.field))]));

const names = (csv: string) => csv.split(',').map((s) => s.trim());

/**
 * A popup copies its orgFields (columns of the report) into its destFields, pairwise: the counts must match,
 * every orgField must be a column of the report and every destField a value the popup can fill — a field
 * of the form, or a column of the grid row (`targets`). An unknown report is reported by the caller.
 */
export function popupFieldProblems(
  popup: { code: string; orgFields: string; destFields: string },
  at: string,
  ctx: PageContext,
  add: Add,
  targets: ReadonlySet<string>,
) {
  const org = names(popup.orgFields);
  const dest = names(popup.destFields);
  if (org.length !== dest.length) add(`${at}/destFields`, 'orgFields 与 destFields 的个数不一致');
  const columns = ctx.reportColumns.get(popup.code);
  if (columns)
    for (const name of org)
      if (!columns.has(name)) add(`${at}/orgFields`, `报表 ${popup.code} 没有列 "${name}"`);
  for (const name of dest)
    if (!targets.has(name)) add(`${at}/destFields`, `目标字段 "${name}" 不在表单（或表格行）中`);
}

/** Every field name a page's forms hold: the keys of each `properties`, its entity's fields, form overrides. */
function formFieldNames(page: unknown, ctx: PageContext): Set<string> {
  const out = new Set<string>();
  walk(page, '', (node) => {
    if (node.properties && typeof node.properties === 'object')
      for (const k of Object.keys(node.properties)) out.add(k);
  });
  const p = page as { entity?: unknown; overrides?: { form?: { fields?: object } } };
  if (typeof p.entity === 'string') for (const f of ctx.entityFields.get(p.entity) ?? []) out.add(f);
  for (const k of Object.keys(p.overrides?.form?.fields ?? {})) out.add(k);
  return out;
}

const API_REFERENCE = [
  {
    prefix: `${ONLINE_API}/`,
    kind: '实体',
    exists: (ctx: PageContext, code: string) => ctx.entities.has(code),
  },
  {
    prefix: `${REPORT_API}/`,
    kind: '报表',
    exists: (ctx: PageContext, code: string) => ctx.reportColumns.has(code),
  },
];

/** The page-wide checks of one page definition. */
export function pageReferenceProblems(page: unknown, ctx: PageContext, add: Add) {
  const formNames = formFieldNames(page, ctx);
  walk(page, '', (node, pointer) => {
    // x-auth: a field's own code (hidden or disabled without it).
    for (const key of ['permission', 'unlessPermission', 'x-auth'])
      if (typeof node[key] === 'string' && node[key] && !ctx.perms.has(node[key]))
        add(`${pointer}/${key}`, `权限码 "${node[key]}" 未在 schemas/menus 的按钮中声明（管理员无法授予它）`);

    for (const [key, value] of Object.entries(node)) {
      if (typeof value !== 'string') continue;
      for (const ref of API_REFERENCE) {
        if (!value.startsWith(ref.prefix)) continue;
        // /online/cgform/api/<operation>/<code>[/…]; {code} is the route's own and is checked by the menu.
        const code = value.slice(ref.prefix.length).split('/')[1];
        if (code && !code.includes('{') && !ref.exists(ctx, code))
          add(`${pointer}${pointerOf(key)}`, `接口地址中的${ref.kind} "${code}" 不存在`);
      }
    }

    const validator = node['x-validator'];
    const rules = Array.isArray(validator) ? validator : [validator];
    rules.forEach((rule: unknown, i) => {
      const pattern = (rule as { pattern?: unknown } | null)?.pattern;
      if (typeof pattern !== 'string') return;
      const at = Array.isArray(validator) ? `/x-validator/${i}/pattern` : '/x-validator/pattern';
      try {
        // Formily compiles x-validator patterns without flags.
        new RegExp(pattern);
      } catch {
        add(`${pointer}${at}`, `正则表达式 "${pattern}" 无效`);
        return;
      }
      // A stored form's rules also run on the server (form-values.ts).
      if (NESTED_QUANTIFIER.test(pattern))
        add(`${pointer}${at}`, `正则表达式 "${pattern}" ${NESTED_QUANTIFIER_MESSAGE}`);
    });

    const component = typeof node['x-component'] === 'string' ? node['x-component'] : '';
    const props = node['x-component-props'] as Node | undefined;
    if (
      /Popup$/.test(component) &&
      typeof props?.code === 'string' &&
      typeof props.orgFields === 'string' &&
      typeof props.destFields === 'string'
    )
      popupFieldProblems(
        props as { code: string; orgFields: string; destFields: string },
        `${pointer}/x-component-props`,
        ctx,
        add,
        formNames,
      );

    const popup = node.popup as { code?: unknown; field?: unknown } | undefined;
    const columns = typeof popup?.code === 'string' ? ctx.reportColumns.get(popup.code) : undefined;
    if (columns && typeof popup?.field === 'string' && !columns.has(popup.field))
      add(`${pointer}/popup/field`, `报表 ${String(popup.code)} 没有列 "${popup.field}"`);
  });
}
