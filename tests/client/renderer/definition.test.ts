import { describe, expect, it } from 'vitest';
import { fillPath, pageApi } from '../../../src/client/renderer/definition/api';
import { evaluateCondition } from '../../../src/shared/conditions';
import { findExpression } from '../../../src/client/renderer/definition/safety';
import { resolveValues } from '../../../src/client/renderer/definition/values';
import { listParams, queryParams } from '../../../src/client/renderer/list/params';
import { prepareTreeRows, withChildren, needsChildren } from '../../../src/client/renderer/tree/tree-rows';

describe('declarative conditions', () => {
  const deal = { not: { field: 'status', op: 'in' as const, value: ['1', '3', '4'] } };
  it('hide "deal" for status 1, 3 and 4 and show it for 2, whatever the value type', () => {
    expect([1, '3', 4].map((status) => evaluateCondition(deal, { status }))).toEqual([false, false, false]);
    expect(evaluateCondition(deal, { status: 2 })).toBe(true);
    expect(evaluateCondition(deal, { status: '2' })).toBe(true);
  });

  it('combine all/any/not, compare numbers and another field', () => {
    const cond = {
      all: [
        { field: 'age', op: 'ge' as const, value: 18 },
        {
          any: [
            { field: 'sex', op: 'eq' as const, value: '1' },
            { field: 'vip', op: 'notEmpty' as const },
          ],
        },
      ],
    };
    expect(evaluateCondition(cond, { age: '20', sex: 1 })).toBe(true);
    expect(evaluateCondition(cond, { age: 17, sex: 1 })).toBe(false);
    expect(evaluateCondition(cond, { age: 30, sex: 2 })).toBe(false);
    expect(evaluateCondition(cond, { age: 30, sex: 2, vip: 'Y' })).toBe(true);
    expect(evaluateCondition({ field: 'a', op: 'eq', valueField: 'b' }, { a: 'x', b: 'x' })).toBe(true);
    expect(evaluateCondition({ field: 'a', op: 'gt', value: 1 }, { a: 'abc' })).toBe(false);
  });
});

describe('values and paths', () => {
  it('take row, selected rows, form and route values; never evaluate text', () => {
    const out = resolveValues(
      {
        ids: { $selected: 'id' },
        id: { $row: 'id' },
        pwd: { $form: 'password' },
        code: { $route: 'code' },
        status: '2',
        text: '${row.id}',
      },
      {
        row: { id: 'r1' },
        selected: [{ id: 'a' }, { id: 'b' }],
        form: { password: 'p' },
        route: { code: 'erp_customer' },
      },
    );
    expect(out).toEqual({
      ids: 'a,b',
      id: 'r1',
      pwd: 'p',
      code: 'erp_customer',
      status: '2',
      text: '${row.id}',
    });
  });

  it('fill {id}/{ids}/{code} in paths and use the declared or default method', () => {
    expect(fillPath('/online/cgform/api/form/{code}/{ids}', { code: 'erp_customer', ids: 'a,b' }).url).toBe(
      '/online/cgform/api/form/erp_customer/a,b',
    );
    expect(fillPath('/x/{id}', { id: 'a/b' }).url).toBe('/x/a%2Fb');
    expect(pageApi({ edit: '/sys/user/edit' }, 'edit')).toEqual({ url: '/sys/user/edit', method: 'put' });
    expect(pageApi({ edit: { url: '/e', method: 'post' } }, 'edit')).toEqual({ url: '/e', method: 'post' });
    expect(pageApi({}, 'delete')).toBeNull();
  });

  it('finds Formily expressions anywhere in a definition', () => {
    expect(findExpression({ form: { schema: { properties: { a: { title: '姓名' } } } } })).toBeNull();
    expect(
      findExpression({ form: { schema: { properties: { a: { 'x-visible': '{{ $deps[0] }}' } } } } }),
    ).toBe('/form/schema/properties/a/x-visible');
  });
});

describe('list parameters', () => {
  it('write rules, ranges and blanks as the protocol reads them', () => {
    const fields = [
      { name: 'username', title: '账号', rule: 'like' as const },
      { name: 'realname', title: '姓名', rule: 'right_like' as const },
      { name: 'sex', title: '性别' },
      { name: 'createTime', title: '创建', mode: 'range' as const },
      { name: 'phone', title: '手机' },
    ];
    expect(
      queryParams(fields, {
        username: ' adm ',
        realname: '张',
        sex: 1,
        createTime: ['2026-01-01', '2026-01-31'],
        phone: '',
      }),
    ).toEqual({
      username: '*adm*',
      realname: '张*',
      sex: '1',
      createTime_begin: '2026-01-01',
      createTime_end: '2026-01-31',
    });
  });

  it('send paging, sort and the advanced query', () => {
    expect(
      listParams({
        pageNo: 2,
        pageSize: 50,
        sort: { column: 'name', order: 'asc' },
        query: { a: '1' },
        extra: { departId: 'd1' },
        superQuery: { params: '%5B%5D', matchType: 'or' },
      }),
    ).toEqual({
      departId: 'd1',
      a: '1',
      pageNo: 2,
      pageSize: 50,
      column: 'name',
      order: 'asc',
      superQueryParams: '%5B%5D',
      superQueryMatchType: 'or',
    });
    expect(listParams({ pageNo: 1, pageSize: 30, sort: null, query: {}, paginate: false })).toEqual({});
  });
});

describe('tree rows', () => {
  const settings = { lazy: true, hasChildField: 'hasChild' };
  it('give lazy parents a loading child and make an empty answer a leaf', () => {
    const rows = prepareTreeRows(
      [
        { id: 'a', hasChild: '1' },
        { id: 'b', hasChild: '0' },
      ],
      settings,
      'id',
    );
    expect(needsChildren(rows[0])).toBe(true);
    expect(rows[1].children).toBeUndefined();
    const loaded = withChildren(rows, 'id', 'a', [{ id: 'a1' }]);
    expect(loaded[0].children).toEqual([{ id: 'a1' }]);
    expect(withChildren(rows, 'id', 'a', [])[0].children).toBeUndefined();
  });

  it('keep loaded trees and drop empty children lists', () => {
    const rows = prepareTreeRows([{ id: 'r', children: [{ id: 'c', children: [] }] }], undefined, 'id');
    expect(rows).toEqual([{ id: 'r', children: [{ id: 'c' }] }]);
  });
});
