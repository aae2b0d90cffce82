import { describe, expect, it } from 'vitest';
import { evaluateCondition } from '../../src/shared/conditions.js';
import { formDataFields } from '../../src/shared/form-fields.js';
import type { FormSchema } from '../../src/shared/schema-types.js';
import { linkageOf, reactionOf, ruleOf, setLinkage } from '../../src/client/pages/form-design/linkage.js';
import {
  getNode,
  insertNode,
  moveNode,
  nameProblem,
  orderedChildren,
  pathOfPointer,
  removeNode,
  renameNode,
  tableColumns,
  tableItems,
  uniqueName,
  updateNode,
} from '../../src/client/pages/form-design/model.js';
import { paletteItems } from '../../src/client/pages/form-design/palette.js';
import {
  addFromPalette,
  blankDefinition,
  isDirty,
  markSaved,
  moveField,
  openDefinition,
  renameField,
  select,
  useDesigner,
} from '../../src/client/pages/form-design/store.js';

const text = (title: string): FormSchema => ({ type: 'string', title, 'x-component': 'Input' });

function sample(): FormSchema {
  return {
    type: 'object',
    properties: {
      a: text('A'),
      sec: {
        type: 'void',
        'x-component': 'FormCollapse',
        properties: {
          panel: { type: 'void', 'x-component': 'FormCollapse.CollapsePanel', properties: { b: text('B') } },
        },
      },
      c: text('C'),
    },
  };
}

const keys = (node: FormSchema | undefined) => orderedChildren(node ?? {}).map(([k]) => k);

describe('form designer model', () => {
  it('inserts at a place, clamps the index and never changes its input', () => {
    const s = sample();
    const before = JSON.stringify(s);
    expect(keys(insertNode(s, [], 1, 'x', text('X')))).toEqual(['a', 'x', 'sec', 'c']);
    expect(keys(insertNode(s, [], 99, 'x', text('X')))).toEqual(['a', 'sec', 'c', 'x']);
    expect(keys(insertNode(s, [], -1, 'x', text('X')))).toEqual(['a', 'sec', 'c', 'x']);
    expect(keys(getNode(insertNode(s, ['sec', 'panel'], 0, 'x', text('X')), ['sec', 'panel']))).toEqual([
      'x',
      'b',
    ]);
    expect(JSON.stringify(s)).toBe(before);
  });

  it('orders by x-index like the renderer and drops x-index once it reorders', () => {
    const s: FormSchema = {
      type: 'object',
      properties: { p: { ...text('P'), 'x-index': 2 }, q: { ...text('Q'), 'x-index': 1 } },
    };
    expect(keys(s)).toEqual(['q', 'p']);
    const next = insertNode(s, [], 1, 'r', text('R'));
    expect(keys(next)).toEqual(['q', 'r', 'p']);
    expect(next.properties!.p['x-index']).toBeUndefined();
    expect(formDataFields(next).map((f) => f.name)).toEqual(['q', 'r', 'p']);
  });

  it('moves within a container and into another one, never into itself', () => {
    const s = sample();
    expect(keys(moveNode(s, ['c'], [], 0))).toEqual(['c', 'a', 'sec']);
    expect(keys(moveNode(s, ['a'], [], 2))).toEqual(['sec', 'c', 'a']);
    const moved = moveNode(s, ['a'], ['sec', 'panel'], 1);
    expect(keys(moved)).toEqual(['sec', 'c']);
    expect(keys(getNode(moved, ['sec', 'panel']))).toEqual(['b', 'a']);
    expect(formDataFields(moved).map((f) => f.name)).toEqual(['b', 'a', 'c']);
    expect(moveNode(s, ['sec'], ['sec', 'panel'], 0)).toBe(s);
    // A sibling with the same key in the target refuses the move.
    const clash = insertNode(s, ['sec', 'panel'], 0, 'a', text('A2'));
    expect(moveNode(clash, ['a'], ['sec', 'panel'], 0)).toBe(clash);
  });

  it('removes, updates and renames in place', () => {
    const s = sample();
    expect(keys(removeNode(s, ['sec']))).toEqual(['a', 'c']);
    expect(
      getNode(
        updateNode(s, ['sec', 'panel', 'b'], (n) => void (n.required = true)),
        ['sec', 'panel', 'b'],
      )?.required,
    ).toBe(true);
    const renamed = renameNode(s, ['a'], 'age');
    expect(keys(renamed)).toEqual(['age', 'sec', 'c']);
    expect(renamed.properties!.age.title).toBe('A');
    expect(renameNode(s, ['a'], 'c')).toBe(s);
  });

  it('names fields uniquely in the whole form and says why a name is refused', () => {
    const s = sample();
    expect(uniqueName(s, 'b')).toBe('b_2');
    expect(uniqueName(s, 'd')).toBe('d');
    expect(nameProblem(s, ['a'], '1a')).toBe('pattern');
    expect(nameProblem(s, ['a'], '吸烟')).toBe('pattern');
    expect(nameProblem(s, ['a'], 'b')).toBe('duplicate');
    expect(nameProblem(s, ['a'], 'a')).toBeNull();
    expect(nameProblem(s, ['a'], 'smoke_daily')).toBeNull();
  });

  it('maps a problem pointer to the field it concerns', () => {
    expect(pathOfPointer('/schema/properties/sec/properties/panel/properties/b/x-component')).toEqual([
      'sec',
      'panel',
      'b',
    ]);
    expect(pathOfPointer('/schema/properties/rows/items/properties/col_x/properties/x')).toEqual(['rows']);
    expect(pathOfPointer('/schema/properties/a~1b')).toEqual(['a/b']);
    expect(pathOfPointer('/code')).toBeNull();
  });

  it('writes child table columns as ArrayTable columns and reads them back', () => {
    const items = tableItems(
      [
        { name: 'drug', title: '药名', component: 'Input' },
        { name: 'dose', title: '剂量', component: 'JInputNumber' },
      ],
      '操作',
    );
    const table: FormSchema = { type: 'array', 'x-component': 'ArrayTable', items };
    expect(tableColumns(table)).toEqual([
      { name: 'drug', title: '药名', component: 'Input' },
      { name: 'dose', title: '剂量', component: 'JInputNumber' },
    ]);
    expect(items.properties!.col_dose.properties!.dose.type).toBe('number');
    const fields = formDataFields({ type: 'object', properties: { rows: table } });
    expect(fields).toEqual([expect.objectContaining({ name: 'rows', table: true })]);
  });
});

describe('linkage rules', () => {
  const rule = {
    effect: 'visible' as const,
    match: 'all' as const,
    conditions: [{ field: 'smoke', op: 'eq' as const, value: '1' }],
  };

  it('builds a declarative reaction that the shared condition evaluator runs', () => {
    const reaction = reactionOf(rule);
    expect(reaction).toEqual({
      dependencies: ['smoke'],
      when: { field: 'smoke', op: 'eq', value: '1' },
      fulfill: { state: { visible: true } },
      otherwise: { state: { visible: false } },
    });
    expect(evaluateCondition(reaction.when, { smoke: 1 })).toBe(true);
    expect(evaluateCondition(reaction.when, { smoke: '0' })).toBe(false);
    expect(ruleOf(reaction)).toEqual(rule);
  });

  it('joins several conditions with all or any and reads them back', () => {
    const two = {
      ...rule,
      match: 'any' as const,
      conditions: [...rule.conditions, { field: 'age', op: 'gt' as const, value: '60' }],
    };
    const reaction = reactionOf(two);
    expect(reaction.when).toEqual({
      any: [
        { field: 'smoke', op: 'eq', value: '1' },
        { field: 'age', op: 'gt', value: '60' },
      ],
    });
    expect(evaluateCondition(reaction.when, { smoke: '0', age: 70 })).toBe(true);
    expect(ruleOf(reaction)).toEqual(two);
    expect(reactionOf({ ...two, conditions: [{ field: 'x', op: 'empty', value: 'ignored' }] }).when).toEqual({
      field: 'x',
      op: 'empty',
    });
  });

  it('keeps reactions the builder cannot show and replaces its own', () => {
    const custom = {
      when: { field: 'a', op: 'eq' as const, valueField: 'b' },
      fulfill: { state: { value: 1 } },
    };
    const node: FormSchema = { type: 'string', 'x-reactions': custom };
    expect(linkageOf(node)).toEqual({ rules: [], other: 1 });
    setLinkage(node, [rule]);
    expect(node['x-reactions']).toEqual([custom, reactionOf(rule)]);
    expect(linkageOf(node).rules).toEqual([rule]);
    setLinkage(node, []);
    expect(node['x-reactions']).toEqual(custom);
    const plain: FormSchema = { type: 'string', 'x-reactions': reactionOf(rule) };
    setLinkage(plain, []);
    expect(plain['x-reactions']).toBeUndefined();
  });
});

describe('designer store', () => {
  it('adds palette entries after the selection, moves them and knows unsaved work', () => {
    openDefinition(blankDefinition('crf_test', '测试'), false);
    expect(isDirty(useDesigner.getState())).toBe(false);
    addFromPalette('radio');
    addFromPalette('number');
    let s = useDesigner.getState();
    expect(keys(s.definition!.schema)).toEqual(['radio', 'num']);
    expect(s.selected).toEqual(['num']);
    expect(isDirty(s)).toBe(true);
    select(['radio']);
    addFromPalette('input');
    expect(keys(useDesigner.getState().definition!.schema)).toEqual(['radio', 'text', 'num']);
    addFromPalette('section', [], 0);
    s = useDesigner.getState();
    const [secKey, panel] = [s.selected![0], keys(getNode(s.definition!.schema, s.selected!))[0]];
    moveField(['num'], [secKey, panel], 0);
    expect(formDataFields(useDesigner.getState().definition!.schema).map((f) => f.name)).toEqual([
      'num',
      'radio',
      'text',
    ]);
    renameField(['radio'], 'smoke');
    expect(useDesigner.getState().selected).toEqual(['smoke']);
    renameField(['smoke'], 'text');
    expect(useDesigner.getState().selected).toEqual(['smoke']);
    markSaved();
    expect(isDirty(useDesigner.getState())).toBe(false);
  });

  it('changes nothing in a read-only (file) form', () => {
    openDefinition(blankDefinition('crf_file', '文件'), true);
    addFromPalette('input');
    expect(keys(useDesigner.getState().definition!.schema)).toEqual([]);
  });

  it('offers only registered widgets', () => {
    const ids = paletteItems((w) => w !== 'JSignature').map((i) => i.id);
    expect(ids).toContain('table');
    expect(ids).not.toContain('signature');
    expect(paletteItems(() => true).map((i) => i.id)).toContain('signature');
  });
});
