import { describe, expect, it } from 'vitest';
import { decodeSuperQuery, formatRuleValue, parseRuleValue } from '../../src/shared/query-rules.js';

describe('query rule values', () => {
  it.each([
    ['*adm*', { rule: 'like', value: 'adm' }],
    ['*adm', { rule: 'left_like', value: 'adm' }],
    ['adm*', { rule: 'right_like', value: 'adm' }],
    ['!adm', { rule: 'ne', value: 'adm' }],
    ['1,2', { rule: 'in', value: ['1', '2'] }],
    [',1,3,', { rule: 'multi_like', value: ['1', '3'] }],
    ['>= 5', { rule: 'ge', value: '5' }],
    ['>=5', { rule: 'ge', value: '5' }],
    ['<= 5', { rule: 'le', value: '5' }],
    ['> 5', { rule: 'gt', value: '5' }],
    ['le 7', { rule: 'le', value: '7' }],
    ['*', { rule: 'eq', value: '*' }],
    ['张三', { rule: 'eq', value: '张三' }],
  ])('%s', (raw, expected) => {
    expect(parseRuleValue(raw)).toEqual(expected);
  });

  it('formats what it parses', () => {
    for (const rule of ['like', 'left_like', 'right_like', 'ne', 'ge', 'le', 'gt', 'lt', 'eq'] as const) {
      expect(parseRuleValue(formatRuleValue(rule, 'abc'))).toEqual({ rule, value: 'abc' });
    }
  });

  it('decodes super query params sent encoded once or twice', () => {
    const conditions = [{ field: 'username', rule: 'eq', val: 'admin' }];
    const once = encodeURI(JSON.stringify(conditions));
    expect(decodeSuperQuery(once)).toEqual(conditions);
    expect(decodeSuperQuery(encodeURIComponent(once))).toEqual(conditions);
    expect(decodeSuperQuery('%E0%A4%A')).toBeUndefined();
  });
});
