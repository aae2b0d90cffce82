import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeSign, signPayload } from '../../src/shared/sign.js';

const md5 = (text: string) => crypto.createHash('md5').update(text, 'utf8').digest('hex');
const SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

describe('request signature (protocol §4.2 test vectors)', () => {
  it('signs a request without parameters', () => {
    expect(signPayload('/sys/dict/getDictItems/sex', {})).toBe('{}');
    expect(computeSign(md5, '/sys/dict/getDictItems/sex', {}, SECRET)).toBe('E19D6243CB1945AB4F7202A1B00F77D5');
  });

  it('puts a comma path segment into x-path-variable', () => {
    const url = '/jeecg-boot/sys/dict/getDictItems/sys_user,realname,username';
    expect(signPayload(url, null)).toBe('{"x-path-variable":"sys_user,realname,username"}');
    expect(computeSign(md5, url, null, SECRET)).toBe('D9E9093773A902BBE1CF4FAE26BE5D1C');
  });

  it('sorts keys and turns numbers into strings', () => {
    const url = '/sys/dict/loadDict/sys_user,realname,username';
    const params = { pageSize: 10, keyword: 'adm' };
    expect(signPayload(url, params)).toBe('{"keyword":"adm","pageSize":"10","x-path-variable":"sys_user,realname,username"}');
    expect(computeSign(md5, url, params, SECRET)).toBe('11FBAA8B93EC2684DA669F9A18719285');
  });

  it('gives the same sign whether the params come from the URL or the params object', () => {
    const fromUrl = computeSign(md5, '/sys/dict/loadDict/sys_user,realname,username?keyword=adm&pageSize=10', {}, SECRET);
    expect(fromUrl).toBe('11FBAA8B93EC2684DA669F9A18719285');
  });

  it('leaves out the _t cache-buster and undefined values', () => {
    const withT = computeSign(md5, '/sys/dict/loadDict/sys_user,realname,username', { keyword: 'adm', pageSize: 10, _t: 1658300000, x: undefined }, SECRET);
    expect(withT).toBe('11FBAA8B93EC2684DA669F9A18719285');
  });

  it('decodes an encoded comma path segment', () => {
    expect(signPayload('/sys/dict/getDictItems/sys_user,realname,%E5%90%8D', {})).toBe('{"x-path-variable":"sys_user,realname,名"}');
  });

  it('changes with any parameter and with the secret', () => {
    const base = computeSign(md5, '/sys/dict/loadDict/sex', { keyword: 'a' }, SECRET);
    expect(computeSign(md5, '/sys/dict/loadDict/sex', { keyword: 'b' }, SECRET)).not.toBe(base);
    expect(computeSign(md5, '/sys/dict/loadDict/sex', { keyword: 'a' }, 'another-secret')).not.toBe(base);
    expect(base).toMatch(/^[0-9A-F]{32}$/);
  });
});
