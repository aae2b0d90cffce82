/**
 * The checks of Formily schema nodes that pages and stored forms share: every x-component and x-decorator is a
 * registered widget whose props fit its catalogue entry (schemas/meta/widgets.schema.json), dictionaries exist,
 * popups name reports, editable tables are well formed. One checker per definitions check, so that a missing
 * widget catalogue is reported once.
 */
import { NESTED_QUANTIFIER, NESTED_QUANTIFIER_MESSAGE } from '../../shared/safe-pattern.js';
import type { ValidateFunction } from 'ajv';
import type { EditableTableProps } from '../../shared/schema-types.js';
import { rulePattern } from '../../shared/validate-presets.js';
import { resolveTableDict } from '../lib/table-dict.js';
import type { Definitions } from './load.js';
import { ajvProblems, type MetaSchemas } from './meta-validation.js';
import { popupFieldProblems, walk, type PageContext } from './page-references.js';
import { widgetNames } from './widget-names.js';

export type Add = (pointer: string, message: string) => void;

const EDITABLE_TABLES = new Set(['EditableTable', 'JEditableTable']);

/** Why a dictionary code (`sex`, or a table dictionary `table,text,code[,filter]`) cannot be used, or null. */
export function dictProblem(defs: Definitions, code: string): string | null {
  if (!code.includes(',')) return defs.dicts.some((d) => d.code === code) ? null : `字典 "${code}" 不存在`;
  try {
    resolveTableDict(defs, code);
    return null;
  } catch (err) {
    return `表字典 "${code}" 不可用：${err instanceof Error ? err.message : String(err)}`;
  }
}

/** Why a rule's pattern does not compile (as the validators compile it) or may backtrack without end, or null. */
export function regexProblem(pattern: string): string | null {
  try {
    new RegExp(rulePattern(pattern), 'u');
  } catch {
    return `正则表达式 "${pattern}" 无效`;
  }
  return NESTED_QUANTIFIER.test(pattern) ? `正则表达式 "${pattern}" ${NESTED_QUANTIFIER_MESSAGE}` : null;
}

/** A checker of the schema nodes in one definition value: `check(value, add)` reports at JSON pointers of it. */
export function schemaNodeChecker(defs: Definitions, meta: MetaSchemas, ctx: PageContext) {
  const reports = new Set(defs.reports.map((r) => r.code));
  const widgetsSchema = meta.raw.get('widgets.schema.json');
  const widgets = widgetNames(widgetsSchema);
  /** The props schema of a widget (widgets.schema.json#/properties/<name>), compiled once. */
  const propsValidators = new Map<string, ValidateFunction | null>();
  const propsValidator = (name: string) => {
    if (!propsValidators.has(name)) {
      let v: ValidateFunction | null;
      try {
        v = meta.ajv.getSchema(`widgets.schema.json#/properties/${name}`) ?? null;
      } catch {
        // A catalogue entry that does not compile checks nothing rather than stopping the check.
        v = null;
      }
      propsValidators.set(name, v);
    }
    return propsValidators.get(name) ?? null;
  };
  const editable = meta.validator('editable-table');
  let widgetsReported = false;

  return (value: unknown, add: Add) =>
    walk(value, '', (node, pointer) => {
      for (const key of ['x-component', 'x-decorator'] as const) {
        const name = node[key];
        if (typeof name !== 'string') continue;
        if (!widgets) {
          if (!widgetsReported)
            add(
              `${pointer}/${key}`,
              widgetsSchema
                ? 'schemas/meta/widgets.schema.json 中读不到组件名列表'
                : '缺少 schemas/meta/widgets.schema.json，无法核对 x-component',
            );
          widgetsReported = true;
        } else if (!widgets.has(name.split('.')[0]))
          add(`${pointer}/${key}`, `组件 "${name}" 未注册（见 schemas/meta/widgets.schema.json）`);
        // Formily resolves 'Input.TextArea' as a member of the registered Input; its props are not catalogued.
        else if (!name.includes('.')) {
          const propsKey = key === 'x-component' ? 'x-component-props' : 'x-decorator-props';
          const validate = EDITABLE_TABLES.has(name) ? null : propsValidator(name);
          if (validate && !validate(node[propsKey] ?? {}))
            for (const p of ajvProblems('', validate.errors))
              add(`${pointer}/${propsKey}${p.pointer}`, p.message);
        }
      }
      for (const key of ['dictCode', 'dict']) {
        const code = node[key];
        const p = typeof code === 'string' && code ? dictProblem(defs, code) : null;
        if (p) add(`${pointer}/${key}`, p);
      }
      const component = typeof node['x-component'] === 'string' ? node['x-component'] : '';
      const props = node['x-component-props'] as Record<string, unknown> | undefined;
      if (/Popup$/.test(component) && typeof props?.code === 'string' && !reports.has(props.code))
        add(`${pointer}/x-component-props/code`, `报表 "${props.code}" 不存在`);
      const popup = node.popup as { code?: unknown } | undefined;
      if (popup && typeof popup.code === 'string' && !reports.has(popup.code))
        add(`${pointer}/popup/code`, `报表 "${popup.code}" 不存在`);
      if (EDITABLE_TABLES.has(component)) {
        const at = `${pointer}/x-component-props`;
        if (typeof editable === 'string') add(at, editable);
        else if (!editable(props ?? {}))
          for (const p of ajvProblems('', editable.errors)) add(at + p.pointer, p.message);
        else editableTableProblems(props as unknown as EditableTableProps, at, add, ctx);
      }
    });
}

function editableTableProblems(props: EditableTableProps, at: string, add: Add, ctx: PageContext) {
  const seen = new Set<string>();
  props.columns.forEach((c, i) => {
    const col = `${at}/columns/${i}`;
    if (seen.has(c.key)) add(`${col}/key`, `列 key "${c.key}" 重复`);
    seen.add(c.key);
    (c.validateRules ?? []).forEach((r, j) => {
      const p = r.pattern && r.pattern !== 'only' ? regexProblem(r.pattern) : null;
      if (p) add(`${col}/validateRules/${j}/pattern`, p);
    });
    if (c.type === 'popup' || c.popupCode) {
      if (!c.popupCode || !c.orgFields || !c.destFields)
        add(col, 'popup 列需要 popupCode、orgFields 和 destFields');
      else {
        if (!ctx.reportColumns.has(c.popupCode)) add(`${col}/popupCode`, `报表 "${c.popupCode}" 不存在`);
        popupFieldProblems(
          { code: c.popupCode, orgFields: c.orgFields, destFields: c.destFields },
          col,
          ctx,
          add,
          new Set(props.columns.map((x) => x.key)),
        );
      }
    }
  });
}
