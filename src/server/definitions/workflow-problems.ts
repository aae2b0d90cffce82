import type { DictDef, EntityDefinition } from '../../shared/schema-types.js';
import { conditionProblems } from './formula-problems.js';

/**
 * What is wrong with an entity's workflow (EntityWorkflow): the state field must exist and have a
 * dictionary, every state named must be an item of it, each transition's permission must be declared
 * in a menu, requires and sets must name fields, keys must be unique, an `auto` condition must be valid. Each as [path, message].
 */
export function workflowProblems(
  e: EntityDefinition,
  dicts: readonly DictDef[],
  perms: ReadonlySet<string>,
): Array<[Array<string | number>, string]> {
  const wf = e.workflow;
  if (!wf) return [];
  const out: Array<[Array<string | number>, string]> = [];
  const names = new Set(e.fields.map((f) => f.name));
  const field = e.fields.find((f) => f.name === wf.field);
  if (!field) return [[['workflow', 'field'], `字段 "${wf.field}" 不存在`]];
  if (!field.dictCode) return [[['workflow', 'field'], `状态字段 "${wf.field}" 没有字典（dictCode）`]];
  const dict = dicts.find((d) => d.code === field.dictCode);
  // A dictionary only in the database cannot be checked here; cross-refs reports an unknown code.
  const states = dict ? new Set(dict.items.map((i) => i.value)) : null;
  const state = (value: string, path: Array<string | number>) => {
    if (states && !states.has(value))
      out.push([path, `"${value}" 不是字典 ${field.dictCode} 的项`]);
  };
  if (wf.initial !== undefined) state(wf.initial, ['workflow', 'initial']);
  (wf.locked ?? []).forEach((s, i) => state(s, ['workflow', 'locked', i]));
  const keys = new Set<string>();
  wf.transitions.forEach((t, i) => {
    const at = (...p: Array<string | number>) => ['workflow', 'transitions', i, ...p];
    if (keys.has(t.key)) out.push([at('key'), `流转 key "${t.key}" 重复`]);
    keys.add(t.key);
    t.from.forEach((s, j) => state(s, at('from', j)));
    state(t.to, at('to'));
    if (t.permission === undefined && t.auto === undefined)
      out.push([at(), '流转需要 permission（手动）或 auto（自动条件），或两者都有']);
    if (t.permission !== undefined && !perms.has(t.permission))
      out.push([at('permission'), `权限码 "${t.permission}" 未在 schemas/menus 的按钮中声明`]);
    (t.requires ?? []).forEach((n, j) => {
      if (!names.has(n)) out.push([at('requires', j), `字段 "${n}" 不存在`]);
    });
    for (const n of Object.keys(t.sets ?? {})) {
      if (!names.has(n)) out.push([at('sets', n), `字段 "${n}" 不存在`]);
      else if (n === wf.field) out.push([at('sets', n), '状态字段只由 to 设置']);
    }
    // An automatic transition's condition reads the record's own fields (formula syntax).
    if (t.auto !== undefined) for (const message of conditionProblems(e, t.auto)) out.push([at('auto'), message]);
    if (t.notify?.userField && !names.has(t.notify.userField))
      out.push([at('notify', 'userField'), `字段 "${t.notify.userField}" 不存在`]);
  });
  return out;
}
