import { describe, expect, it } from 'vitest';
import { isResidentIdCard } from '../../src/shared/validators';
import { passesPresetCheck, PATTERN_PRESETS } from '../../src/shared/validate-presets';
import { recordValidator, recordSchema } from '../../src/shared/entity-record';
import { fieldRules } from '../../src/shared/page-derive/form';
import type { EntityDefinition } from '../../src/shared/schema-types';
import { Ajv } from 'ajv';

// Check digits computed by GB 11643 (weights 7,9,10,5,8,4,2,1,6,3,7,9,10,5,8,4,2; 10X98765432).
const VALID = ['11010519491231002X', '44030419900307123X', '320102198511153017', '110105200002290021'];
const WRONG_CHECK_DIGIT = '320102198511153018';
const FEB_30 = '110105199002300028';
const FEB_29_NOT_LEAP = '110105200102290029';
const FUTURE_BIRTH = '110105209901010020';
const UNKNOWN_REGION = '990105199003071232';

describe('idCard preset (resident ID number)', () => {
  it('accepts valid numbers, a lower-case x too', () => {
    for (const id of VALID) expect(isResidentIdCard(id), id).toBe(true);
    expect(isResidentIdCard('11010519491231002x')).toBe(true);
  });

  it('refuses a wrong check digit, a day not on the calendar, a future birth date, an unknown region', () => {
    for (const id of [WRONG_CHECK_DIGIT, FEB_30, FEB_29_NOT_LEAP, FUTURE_BIRTH, UNKNOWN_REGION])
      expect(isResidentIdCard(id), id).toBe(false);
  });

  it('judges a birth date against the day it runs', () => {
    expect(isResidentIdCard('110105200002290021', new Date(2000, 1, 28))).toBe(false);
    expect(isResidentIdCard('110105200002290021', new Date(2000, 1, 29))).toBe(true);
  });

  it('refuses 15 digits and other lengths by its expression', () => {
    const re = new RegExp(PATTERN_PRESETS.idCard.pattern, 'u');
    expect(re.test('110105491231002')).toBe(false);
    expect(re.test('11010519491231002X')).toBe(true);
    expect(passesPresetCheck('idCard', WRONG_CHECK_DIGIT)).toBe(false);
    expect(passesPresetCheck('m', '13800000000')).toBe(true);
  });

  const entity: EntityDefinition = {
    code: 'idcard_fixture',
    name: '证件',
    fields: [
      { name: 'idNo', title: '身份证号', type: 'string', length: 18, rules: [{ pattern: 'idCard' }] },
      {
        name: 'otherNo',
        title: '证件号',
        type: 'string',
        length: 18,
        rules: [{ pattern: 'idCard', message: '证件号不对' }],
      },
    ],
  } as EntityDefinition;

  it('refuses through the record validator the server and the console share, with the preset message', () => {
    const validate = recordValidator(
      entity,
      new Ajv({ allErrors: true, allowUnionTypes: true }).compile(recordSchema(entity)),
    );
    expect(validate({ idNo: VALID[0] })).toEqual([]);
    expect(validate({ idNo: FEB_30 })).toEqual([
      { field: 'idNo', title: '身份证号', message: '身份证号码不正确' },
    ]);
    expect(validate({ idNo: '1101051949' })).toEqual([
      { field: 'idNo', title: '身份证号', message: '身份证号码不正确' },
    ]);
    expect(validate({ otherNo: FUTURE_BIRTH })).toEqual([
      { field: 'otherNo', title: '证件号', message: '证件号不对' },
    ]);
  });

  it('gives the derived form the shape and the named check, both with the rule message', () => {
    expect(fieldRules(entity.fields[0])).toEqual(
      expect.arrayContaining([
        { pattern: PATTERN_PRESETS.idCard.pattern, message: '身份证号码不正确' },
        { idCard: true, message: '身份证号码不正确' },
      ]),
    );
  });
});
