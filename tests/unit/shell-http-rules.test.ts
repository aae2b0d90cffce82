import { md5 } from 'js-md5';
import { describe, expect, it } from 'vitest';
import { computeSign } from '../../src/shared/sign';
import { classifyEnvelope, classifyHttpError } from '../../src/client/api/errors';
import { cleanParams } from '../../src/client/api/params';
import { DEFAULT_SIGN_SECRET } from '../../src/client/config/constants';
import { greetingFor } from '../../src/client/layout/header/greeting';
import { deviceFor } from '../../src/client/layout/device';

describe('header signing (protocol.md §4.2 vectors)', () => {
  const sign = (url: string, params?: Record<string, unknown>) => computeSign(md5, url, params, DEFAULT_SIGN_SECRET);
  it('matches the published test vectors', () => {
    expect(sign('/sys/user/list')).toBe('E19D6243CB1945AB4F7202A1B00F77D5');
    expect(sign('/jeecg-boot/sys/dict/getDictItems/sys_user,realname,username')).toBe('D9E9093773A902BBE1CF4FAE26BE5D1C');
    expect(sign('/sys/dict/loadDict/sys_user,realname,username', { keyword: 'adm', pageSize: 10 })).toBe(
      '11FBAA8B93EC2684DA669F9A18719285',
    );
  });
  it('ignores the _t cache-buster', () => {
    expect(sign('/sys/user/list', { _t: 123 })).toBe('E19D6243CB1945AB4F7202A1B00F77D5');
  });
});

describe('error catalogue (spec §8)', () => {
  it('maps HTTP statuses to the catalogue texts', () => {
    expect(classifyHttpError(403, {})).toEqual({ kind: 'notify', text: '拒绝访问' });
    expect(classifyHttpError(404, {})).toEqual({ kind: 'notify', text: '很抱歉，资源未找到!' });
    expect(classifyHttpError(504, {})).toEqual({ kind: 'notify', text: '网络超时' });
    expect(classifyHttpError(401, { message: 'Token失效，请重新登录!' })).toEqual({ kind: 'unauthorized', text: '未授权，请重新登录' });
  });
  it('turns a 500 with token-expired text into the expired-login modal, other 500s into the server message', () => {
    expect(classifyHttpError(500, { message: 'Token失效，请重新登录' })).toEqual({ kind: 'expired' });
    expect(classifyHttpError(500, { message: '操作失败，数据库异常' })).toEqual({ kind: 'notify', text: '操作失败，数据库异常' });
  });
  it('shows result code 510 as a warning with the server message', () => {
    expect(classifyHttpError(403, { code: 510, message: '没有权限，请联系管理员授权' })).toEqual({
      kind: 'warning',
      text: '没有权限，请联系管理员授权',
    });
    expect(classifyEnvelope({ success: false, code: 510, message: '无权限' })).toEqual({ kind: 'warning', text: '无权限' });
    expect(classifyEnvelope({ success: false, code: 500, message: 'x' })).toEqual({ kind: 'none' });
  });
  it('shows the server message for other statuses and a timeout without a reply', () => {
    expect(classifyHttpError(400, { message: '缺少必填参数：name' })).toEqual({ kind: 'notify', text: '缺少必填参数：name' });
    expect(classifyHttpError(undefined, undefined, 'ECONNABORTED')).toEqual({ kind: 'notify', text: '网络超时' });
  });
});

describe('query parameters', () => {
  it('drops empty values, joins arrays, keeps zero and false', () => {
    expect(cleanParams({ a: '', b: null, c: undefined, d: 0, e: false, f: ['x', 'y'], g: [], h: 'v' })).toEqual({
      d: 0,
      e: false,
      f: 'x,y',
      h: 'v',
    });
  });
});

describe('greeting and device', () => {
  it('greets by hour', () => {
    expect([0, 8, 9, 11, 12, 13, 14, 19, 20, 23].map(greetingFor)).toEqual([
      '早上好', '早上好', '上午好', '上午好', '中午好', '中午好', '下午好', '下午好', '晚上好', '晚上好',
    ]);
  });
  it('classifies widths by the spec breakpoints', () => {
    expect(deviceFor(390)).toBe('mobile');
    expect(deviceFor(767)).toBe('mobile');
    expect(deviceFor(768)).toBe('tablet');
    expect(deviceFor(1087)).toBe('tablet');
    expect(deviceFor(1440)).toBe('desktop');
  });
});
