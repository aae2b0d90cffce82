import { describe, expect, it } from 'vitest';
import { treeProblems } from '../../src/server/definitions/tree-problems.js';
import { nestRows, type Nested } from '../../src/shared/nest-rows.js';
import { derivePage } from '../../src/shared/page-derive/index.js';
import type { EntityDefinition, EntityField } from '../../src/shared/schema-types.js';

const category = (parent: Partial<EntityField>, tree = 'parentId'): EntityDefinition => ({
  $schema: '',
  code: 'cat',
  name: '分类',
  tree: { field: tree },
  fields: [
    { name: 'name', title: '名称', type: 'string', length: 50 },
    { name: 'parentId', title: '上级', type: 'string', length: 32, ...parent },
  ],
});
const self = { ref: { entity: 'cat', display: 'name' } };

describe('tree entity definition check', () => {
  it('accepts a self ref that is not required', () => {
    expect(treeProblems(category(self))).toEqual([]);
    expect(treeProblems({ ...category(self), tree: undefined })).toEqual([]);
  });

  it('names an unknown field, a field that is not a self ref, and a required parent', () => {
    expect(treeProblems(category(self, 'upper'))).toEqual([[['tree', 'field'], '字段 "upper" 不存在']]);
    expect(treeProblems(category({}))).toEqual([
      [['tree', 'field'], '"parentId" 必须是指向本实体 cat 的关联字段（ref）'],
    ]);
    expect(treeProblems(category({ ref: { entity: 'other', display: 'name' } }))[0][1]).toContain(
      '必须是指向本实体',
    );
    expect(treeProblems(category({ ...self, required: true }))).toEqual([
      [['tree', 'field'], '上级字段 "parentId" 不能是必填字段（根节点没有上级）'],
    ]);
  });
});

describe('tree entity pages', () => {
  const cat = category(self);
  const item: EntityDefinition = {
    $schema: '',
    code: 'item',
    name: '物品',
    fields: [
      { name: 'name', title: '名称', type: 'string', length: 50 },
      {
        name: 'cat',
        title: '分类',
        type: 'string',
        length: 32,
        query: 'single',
        ref: { entity: 'cat', display: 'name' },
      },
    ],
  };
  const page = (entity: string) =>
    derivePage(
      { $schema: '', code: entity, title: entity, kind: 'list', components: ['OnlineList'], entity },
      [cat, item],
    );

  it('nests the tree entity’s list by its parent field and picks refs to it from the tree', () => {
    expect(page('cat').tree).toEqual({ parentField: 'parentId', nest: true });
    expect(page('item').tree).toBeUndefined();
    const form = page('item').form?.schema?.properties?.cat;
    expect(form?.['x-component-props']).toEqual({ entity: 'item', field: 'cat', tree: true });
    expect(page('item').query?.fields?.[0]?.props).toEqual({ entity: 'item', field: 'cat', tree: true });
    // The tree's own parent field is a ref to a tree entity too.
    expect(page('cat').form?.schema?.properties?.parentId?.['x-component-props']).toMatchObject({
      tree: true,
    });
  });

  it('nests rows under their parents, keeping orphans and loops at the top', () => {
    const rows = [
      { id: 'a', p: null },
      { id: 'b', p: 'a' },
      { id: 'c', p: 'b' },
      { id: 'd', p: 'gone' },
      { id: 'x', p: 'y' },
      { id: 'y', p: 'x' },
    ];
    const ids = (nodes: Array<Nested<{ id: string }>>): unknown =>
      nodes.map((n) => (n.children ? { [n.id]: ids(n.children) } : n.id));
    expect(
      ids(
        nestRows(
          rows,
          (r) => r.id,
          (r) => r.p,
        ),
      ),
    ).toEqual([{ a: [{ b: ['c'] }] }, 'd', { y: ['x'] }]);
  });
});
