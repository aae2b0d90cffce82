import * as v from '../../src/shared/validators';

describe('mobile (spec §5)', () => {
  test('11 digits starting 1 then 3,4,5,7,8', () => {
    for (const ok of ['13800138000', '14512345678', '15912345678', '17012345678', '18612345678']) expect(v.mobile(ok)).toBeUndefined();
    for (const bad of ['12800138000', '16612345678', '19912345678', '1380013800', '138001380001', '2380013800a'])
      expect(v.mobile(bad)).toBe('请输入正确手机号');
  });
  test('required variant asks for a number first', () => {
    expect(v.mobileRequired('')).toBe('请输入手机号码');
    expect(v.mobileRequired('123')).toBe('请输入正确手机号');
    expect(v.mobile('')).toBeUndefined();
  });
  test('phone helper accepts any 11 digits starting 1', () => {
    expect(v.phone('19912345678')).toBeUndefined();
    expect(v.phone('29912345678')).toBe(v.ruleMessages.phone);
  });
});

test('username: 4-18 letters, digits, underscore', () => {
  expect(v.username('abcd')).toBeUndefined();
  expect(v.username('a_b_c_1234567890AB')).toBeUndefined();
  expect(v.username('abc')).toBe(v.ruleMessages.username);
  expect(v.username('a_b_c_1234567890ABC')).toBe(v.ruleMessages.username);
  expect(v.username('张三abcd')).toBe(v.ruleMessages.username);
  expect(v.usernameRequired(' ')).toBe('请输入用户名');
});

test('email optional but valid', () => {
  expect(v.email('')).toBeUndefined();
  expect(v.email('zhang.san@hospital.cn')).toBeUndefined();
  expect(v.email('zhang@')).toBe('邮箱格式不正确');
  expect(v.email('a b@c.cn')).toBe('邮箱格式不正确');
});

test('number and letter patterns', () => {
  expect(v.naturalNumber('0')).toBeUndefined();
  expect(v.naturalNumber(12)).toBeUndefined();
  expect(v.naturalNumber('-1')).toBe(v.ruleMessages.naturalNumber);
  expect(v.naturalNumber('1.5')).toBe(v.ruleMessages.naturalNumber);
  expect(v.letters('abcXYZ')).toBeUndefined();
  expect(v.letters('abc1')).toBe(v.ruleMessages.letters);
});

test('landline, bank card, ID number, QQ, URL', () => {
  expect(v.landline('010-12345678')).toBeUndefined();
  expect(v.landline('05711234567')).toBeUndefined();
  expect(v.landline('12345678')).toBe(v.ruleMessages.landline);
  expect(v.bankCard('6222021234567890123')).toBeUndefined();
  expect(v.bankCard('123456789')).toBe(v.ruleMessages.bankCard);
  expect(v.bankCard('123456789012345678901')).toBe(v.ruleMessages.bankCard);
  expect(v.idNumber('E12345678')).toBeUndefined();
  expect(v.idNumber('A'.repeat(51))).toBe(v.ruleMessages.idNumber);
  expect(v.idNumber('AB-12')).toBe(v.ruleMessages.idNumber);
  expect(v.qq('10001')).toBeUndefined();
  expect(v.qq('1234')).toBe(v.ruleMessages.qq);
  expect(v.qq('1234567890123')).toBe(v.ruleMessages.qq);
  expect(v.url('https://example.cn/a?b=1')).toBeUndefined();
  expect(v.url('ftp://example.cn')).toBe(v.ruleMessages.url);
  expect(v.url('javascript:alert(1)')).toBe(v.ruleMessages.url);
});

describe('national ID card', () => {
  test('checks the mod-11 check character', () => {
    expect(v.idCard('11010519491231002X')).toBeUndefined();
    expect(v.idCard('11010519491231002x')).toBeUndefined();
    expect(v.idCard('110105194912310021')).toBe('请输入正确的身份证号码');
  });
  test('checks region and birth date', () => {
    expect(v.isChineseIdCard('990105194912310029')).toBe(false);
    expect(v.isChineseIdCard('110105194902300023')).toBe(false);
  });
  test('accepts the old 15-digit form with a real date', () => {
    expect(v.isChineseIdCard('110105491231002')).toBe(true);
    expect(v.isChineseIdCard('110105491331002')).toBe(false);
  });
});

test('other patterns', () => {
  expect(v.alphanumeric20('abc123')).toBeUndefined();
  expect(v.alphanumeric20('a'.repeat(21))).toBe(v.ruleMessages.alphanumeric20);
  expect(v.name2to100('张 三 Li')).toBeUndefined();
  expect(v.name2to100('张')).toBe(v.ruleMessages.name2to100);
  expect(v.name2to100('张三1')).toBe(v.ruleMessages.name2to100);
  expect(v.digitsLines('123\n456')).toBeUndefined();
  expect(v.digitsLines('12a')).toBe(v.ruleMessages.digitsLines);
  expect(v.max255('字'.repeat(255))).toBeUndefined();
  expect(v.max255('字'.repeat(256))).toBe(v.ruleMessages.max255);
});

test('length and selection-count messages', () => {
  expect(v.minLength(3)('ab')).toBe('最小长度3位字符');
  expect(v.minLength(3)('医院名')).toBeUndefined();
  expect(v.maxLength(2)('abc')).toBe('最大长度2位字符');
  expect(v.maxLength(2)(['a', 'b', 'c'])).toBe('最大长度2位字符');
  expect(v.minLength(2)(['a', 'b'])).toBeUndefined();
  expect(v.minSelect(2)(['a'])).toBe('最少选择2项');
  expect(v.minSelect(2)('a,b')).toBeUndefined();
  expect(v.maxSelect(2)('a,b,c')).toBe('最多选择2项');
  expect(v.maxSelect(2)(['a', 'b'])).toBeUndefined();
});

test('required treats blanks and empty lists as empty', () => {
  expect(v.required('  ')).toBe(v.ruleMessages.required);
  expect(v.required([])).toBe(v.ruleMessages.required);
  expect(v.required(0)).toBeUndefined();
});
