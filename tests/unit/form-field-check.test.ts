import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';

const F = 'tests/fixtures/schemas/invalid-form-field';

// An entity field of type form names its form in a string code field and an int version field.
describe('form fields in schemas:check', () => {
  it('refuses a form field without form, form on another type, code/version fields of the wrong type, and sel_form on a number', () => {
    const lines = checkDefinitions(path.resolve(F), { metaDir: path.resolve('schemas/meta') }).problems.map(formatProblem);
    // (The fixture has no menu: its permission-code problems are not this test's.)
    expect(lines.filter((l) => l.includes('/fields/')).map((l) => l.replace(/:\d+:\d+:/, ':'))).toEqual([
      `${F}/entities/iff_record.json: /fields/2/form/codeField: codeField 必须是本实体的字符串（string）字段（"code"）`,
      `${F}/entities/iff_record.json: /fields/2/form/versionField: versionField 必须是本实体的整数（int）字段（"version"）`,
      `${F}/entities/iff_record.json: /fields/3/type: 类型为 form 的字段必须声明 form（codeField 与 versionField）`,
      `${F}/entities/iff_record.json: /fields/4/form: form 只能用于类型为 form 的字段`,
      `${F}/entities/iff_record.json: /fields/5/form/codeField: codeField 必须是本实体的字符串（string）字段（"nope"）`,
      `${F}/entities/iff_record.json: /fields/5/form/versionField: versionField 必须是本实体的整数（int）字段（"none"）`,
      // A form-code field (view sel_form) holds a code.
      `${F}/entities/iff_record.json: /fields/6/view: sel_form（选择表单）只能用于字符串（string）字段`,
    ]);
  });
});
