import { describe, expect, it } from 'vitest';
import { APP_CODES, resolveVariant } from '../../src/client/config/variants';
import { decideRoute, isOpenPath, safeRedirect, type GuardInput } from '../../src/client/router/guard';

const input = (over: Partial<GuardInput>): GuardInput => ({
  pathname: '/',
  search: '',
  hasToken: false,
  permissionsLoaded: false,
  loginPath: '/user/login',
  redirectQuery: true,
  ...over,
});

describe('route guard', () => {
  it('lets every open path render without a session', () => {
    for (const p of ['/user/login', '/user/tblogin', '/user/dflogin', '/user/tbzylogin', '/user/bllogin', '/user/bscbllogin',
      '/user/ycbllogin', '/user/register', '/user/register-result', '/user/alteration', '/dynamicForm/login', '/h5Web/dfProject', '/chat/record',
      '/doctor-card']) {
      expect(isOpenPath(p)).toBe(true);
      expect(decideRoute(input({ pathname: p }))).toEqual({ kind: 'render' });
    }
  });

  it('sends a visitor without a session to the login route with the full intended path', () => {
    expect(decideRoute(input({ pathname: '/isystem/user', search: '?a=1&b=2' }))).toEqual({
      kind: 'redirect',
      to: '/user/login?redirect=%2Fisystem%2Fuser%3Fa%3D1%26b%3D2',
    });
    expect(decideRoute(input({ pathname: '/x', loginPath: '/user/tblogin' }))).toEqual({
      kind: 'redirect',
      to: '/user/tblogin?redirect=%2Fx',
    });
  });

  it('omits the redirect query for the variant that has none', () => {
    const v = resolveVariant(APP_CODES.mobileDynamicForm);
    expect(decideRoute(input({ pathname: '/isystem/user', loginPath: v.loginPath, redirectQuery: v.redirectQuery }))).toEqual({
      kind: 'redirect',
      to: '/dynamicForm/login',
    });
  });

  it('with a token, the login path goes home (or to a safe redirect target)', () => {
    expect(decideRoute(input({ pathname: '/user/login', hasToken: true }))).toEqual({ kind: 'redirect', to: '/dashboard/analysis' });
    expect(decideRoute(input({ pathname: '/user/login', search: '?redirect=%2Fisystem%2Fuser', hasToken: true }))).toEqual({
      kind: 'redirect',
      to: '/isystem/user',
    });
    expect(decideRoute(input({ pathname: '/user/login', search: '?redirect=https://evil.example', hasToken: true }))).toEqual({
      kind: 'redirect',
      to: '/dashboard/analysis',
    });
  });

  it('loads permissions on the first protected visit, then renders', () => {
    expect(decideRoute(input({ pathname: '/isystem/user', hasToken: true }))).toEqual({ kind: 'load' });
    expect(decideRoute(input({ pathname: '/isystem/user', hasToken: true, permissionsLoaded: true }))).toEqual({ kind: 'render' });
  });

  it('accepts only same-site paths as redirect targets', () => {
    expect(safeRedirect('/a?b=c')).toBe('/a?b=c');
    expect(safeRedirect('//evil.example/x')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect('/\\evil')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('application-code variants', () => {
  it('picks the login route of spec §2 per code and alias', () => {
    const login = (code: string, alias?: string) => resolveVariant(code, alias).loginPath;
    expect(login('TB-D-WEB')).toBe('/user/tblogin');
    expect(login('DF-D-WEB')).toBe('/user/dflogin');
    expect(login('RWS-P-WEB')).toBe('/user/bllogin');
    expect(login('RWS-O-WEB')).toBe('/user/bllogin');
    expect(login('TB-D-WEB-ZY')).toBe('/user/tbzylogin');
    expect(login('TB-IH-WEB')).toBe('/user/tbzylogin');
    expect(login('YJY-ERP-WEB', 'BSC')).toBe('/user/bscbllogin');
    expect(login('YJY-ERP-WEB', 'YCBL')).toBe('/user/ycbllogin');
    expect(login('YJY-ERP-WEB')).toBe('/user/login');
    expect(login('PD-D-WEB-X')).toBe('/user/login');
    expect(login('')).toBe('/user/login');
  });

  it('titles the home tab 统计分析 for DF-D-WEB and shows the project name only for RWS-P-WEB', () => {
    expect(resolveVariant('DF-D-WEB')).toMatchObject({ homeTabTitle: 'statisticsAnalysis', renameHomeMenu: true });
    expect(resolveVariant('YJY-ERP-WEB').homeTabTitle).toBe('home');
    expect(resolveVariant('RWS-P-WEB').showProjectName).toBe(true);
    expect(resolveVariant('RWS-O-WEB').showProjectName).toBe(false);
  });

  it('sends the mobile dynamic-form code to its own sign-in at the root', () => {
    expect(resolveVariant(APP_CODES.mobileDynamicForm)).toMatchObject({ rootPath: '/dynamicForm/login', redirectQuery: false });
    expect(resolveVariant('YJY-ERP-WEB').rootPath).toBe('/dashboard/analysis');
  });
});
