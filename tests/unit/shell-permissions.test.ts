import { describe, expect, it } from 'vitest';
import { hasAuth, isAuthDisabled, permittedMenu } from '../../src/client/session/permissions';
import type { AuthRecord, MenuNode } from '../../src/client/session/types';

const auth: AuthRecord[] = [
  { action: 'user:add', type: '1' },
  { action: 'user:edit,user:delete', type: '1' },
  { action: 'user:form:birthday', type: '2' },
];
const allAuth: AuthRecord[] = [
  { action: 'user:add', type: '1', status: '1' },
  { action: 'user:edit', type: '1', status: '1' },
  { action: 'role:add', type: '1', status: '0' },
  { action: 'user:form:birthday', type: '2', status: '1' },
  { action: 'user:form:phone', type: '2', status: '1' },
  { action: 'user:form:email', type: '2', status: '0' },
];

describe('has (protocol.md §3.2)', () => {
  it('allows a code in the user list, comma lists expanded', () => {
    expect(hasAuth('user:add', auth, allAuth)).toBe(true);
    expect(hasAuth('user:delete', auth, allAuth)).toBe(true);
  });

  it('denies a code the user lacks, including unconfigured ones', () => {
    expect(hasAuth('user:export', auth, allAuth)).toBe(false);
    expect(hasAuth('never:configured', auth, allAuth)).toBe(false);
  });

  it('allows everyone when the rule is disabled globally (status 0)', () => {
    expect(hasAuth('role:add', [], allAuth)).toBe(true);
  });

  it('denies everything when the user has no (non data-type) codes', () => {
    expect(hasAuth('user:add', [{ action: 'user:add', type: '2' }], allAuth)).toBe(false);
  });

  it('never counts data-type (type 2) records as buttons', () => {
    expect(hasAuth('user:form:birthday', auth, allAuth)).toBe(false);
  });

  it('workflow-node permissions come first', () => {
    expect(hasAuth('bpm:approve', auth, allAuth, [{ action: 'bpm:approve', type: '1' }])).toBe(true);
  });

  it('disables a type-2 control when the rule is in force and the user lacks it', () => {
    expect(isAuthDisabled('user:form:phone', auth, allAuth)).toBe(true);
    expect(isAuthDisabled('user:form:birthday', auth, allAuth)).toBe(false);
    expect(isAuthDisabled('user:form:email', auth, allAuth)).toBe(false);
    expect(isAuthDisabled('not:configured', auth, allAuth)).toBe(false);
  });
});

describe('routes filtered by meta.permission (spec §4, §6)', () => {
  const node = (path: string, permission?: string[] | string, children?: MenuNode[]): MenuNode => ({
    path,
    meta: { title: path, ...(permission !== undefined ? { permission } : {}) },
    ...(children ? { children } : {}),
  });

  it('keeps entries without codes and those whose codes the user holds; drops the rest with their subtree', () => {
    const menu = [
      node('/dashboard'),
      node('/system', undefined, [node('/system/user', ['user:add']), node('/system/audit', ['audit:view'])]),
      node('/secret', 'secret:view', [node('/secret/inner')]),
      node('/roles', ['audit:view', 'role:add']), // role:add is open to everyone (status 0)
      node('/empty', []),
    ];
    const paths = (list: MenuNode[]): string[] => list.flatMap((n) => [n.path, ...paths(n.children ?? [])]);
    expect(paths(permittedMenu(menu, auth, allAuth))).toEqual(['/dashboard', '/system', '/system/user', '/roles', '/empty']);
  });
});
