import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions } from '../../src/server/definitions/check.js';
import { checkFormDefinition } from '../../src/server/definitions/form-problems.js';
import { fixtureForm, formSchemas } from '../server/form-fixtures.js';

/** The platform definitions plus the fixture, with `form` saved as schemas/forms/<name>.json. */
function rootWith(form: unknown, name = 'fx_bad'): string {
  const root = formSchemas();
  fs.mkdirSync(path.join(root, 'forms'), { recursive: true });
  fs.writeFileSync(path.join(root, 'forms', `${name}.json`), JSON.stringify(form, null, 2));
  return root;
}

const formProblems = (root: string) =>
  checkDefinitions(root)
    .problems.filter((p) => p.file.includes(`${path.sep}forms${path.sep}`))
    .map((p) => [p.pointer, p.message]);

const bad = () => {
  const form = { ...fixtureForm(), $schema: '../meta/form.schema.json', code: 'fx_bad' };
  const props = form.schema.properties;
  props.grid = {
    type: 'void',
    'x-component': 'FormGridd',
    properties: { hasSymptom: { type: 'string', 'x-component': 'Input', 'x-decorator': 'FormItemm' } },
  };
  props.symptoms = {
    ...props.symptoms,
    'x-component-props': { dictCode: 'fx_missing' },
    'x-reactions': [
      {
        dependencies: ['nope'],
        when: {
          all: [
            { field: 'hasSymptom', op: 'eq', value: '1' },
            { field: 'gone', op: 'empty' },
          ],
        },
      },
    ],
  };
  return form;
};

describe('form definitions in schemas:check', () => {
  it('accepts the fixture form (a module form with a dictionary, linkage and a child table)', () => {
    const { problems, defs } = checkDefinitions(formSchemas());
    expect(problems).toEqual([]);
    expect(defs.forms.map((f) => f.code)).toEqual(['fx_visit']);
  });

  it('refuses unknown widgets, duplicate field names, missing dictionaries and linkage to unknown fields', () => {
    expect(formProblems(rootWith(bad()))).toEqual([
      [
        '/schema/properties/grid/properties/hasSymptom',
        '字段名 "hasSymptom" 重复（已在 /schema/properties/hasSymptom 定义）',
      ],
      ['/schema/properties/symptoms/x-component-props/dictCode', '字典 "fx_missing" 不存在'],
      [
        '/schema/properties/grid/x-component',
        '组件 "FormGridd" 未注册（见 schemas/meta/widgets.schema.json）',
      ],
      [
        '/schema/properties/grid/properties/hasSymptom/x-decorator',
        '组件 "FormItemm" 未注册（见 schemas/meta/widgets.schema.json）',
      ],
      ['/schema/properties/symptoms/x-reactions/0/dependencies/0', '字段 "nope" 不在表单中'],
      ['/schema/properties/symptoms/x-reactions/0/when/all/1/field', '字段 "gone" 不在表单中'],
    ]);
  });

  it('refuses a root that is no object with properties, a wrong file name and a code used twice', () => {
    const form = { ...fixtureForm(), $schema: '../meta/form.schema.json', schema: { type: 'void' } };
    const found = formProblems(rootWith(form, 'other_name'));
    expect(found).toHaveLength(4);
    expect(found.slice(0, 3)).toEqual([
      ['/code', '文件名应为 fx_visit.json'],
      ['/schema/type', '表单的根节点应为 "type": "object"'],
      ['/schema', '表单的根节点缺少 properties（表单的字段）'],
    ]);
    // The module's file comes after the root's, so it is the one named a duplicate.
    expect(found[3]).toEqual([
      '/code',
      expect.stringMatching(/^表单编码 "fx_visit" 重复（已在 .*forms\/other_name\.json 的 \/code 定义）$/),
    ]);
  });

  it('gives a single definition exactly the problems schemas:check prints for it as schemas/forms/<code>.json', () => {
    const root = rootWith(bad());
    const { defs, problems } = checkDefinitions(root);
    const inFile = problems
      .filter((p) => p.file.endsWith(`forms${path.sep}fx_bad.json`))
      .map((p) => [p.pointer, p.message]);
    expect(inFile.length).toBeGreaterThan(3);
    // The check of one definition, against definitions without the file itself.
    fs.rmSync(path.join(root, 'forms', 'fx_bad.json'));
    const only = checkFormDefinition(bad(), { ...defs, root });
    expect(only.map((p) => [p.pointer, p.message])).toEqual(inFile);
    expect(only[0]?.file).toBe(path.join('schemas', 'forms', 'fx_bad.json'));
  });

  it('reports meta-schema errors of a single definition as schemas:check does, with no cross-checks after them', () => {
    const root = rootWith({
      $schema: '../meta/form.schema.json',
      code: 'Bad',
      title: '',
      schema: { type: 'object' },
      extra: 1,
    });
    const { defs, problems } = checkDefinitions(root);
    const inFile = problems
      .filter((p) => p.file.endsWith(`forms${path.sep}fx_bad.json`))
      .map((p) => [p.pointer, p.message]);
    const only = checkFormDefinition(
      { $schema: '../meta/form.schema.json', code: 'Bad', title: '', schema: { type: 'object' }, extra: 1 },
      defs,
    );
    expect(only.map((p) => [p.pointer, p.message])).toEqual(inFile);
    expect(inFile).toContainEqual(['/extra', '不允许的属性（拼写错误，或此处不支持）']);
    expect(checkFormDefinition({ ...fixtureForm(), $schema: '../../meta/form.schema.json' }, defs)).toEqual([
      {
        file: path.join('schemas', 'forms', 'fx_visit.json'),
        pointer: '/$schema',
        message: '"$schema" 应为 "../meta/form.schema.json"',
      },
    ]);
  });

  it('refuses a rule pattern that does not compile or could backtrack without end (the server runs it)', () => {
    const form = { ...fixtureForm(), $schema: '../meta/form.schema.json', code: 'fx_bad' };
    form.schema.properties.height = {
      type: 'string',
      title: '身高',
      'x-component': 'Input',
      'x-decorator': 'FormItem',
      'x-validator': [{ pattern: '^(\\d+)+$' }, { pattern: '([' }],
    };
    expect(formProblems(rootWith(form))).toEqual([
      [
        '/schema/properties/height/x-validator/0/pattern',
        '正则表达式 "^(\\d+)+$" 含有嵌套的重复（如 (a+)+），可能导致校验卡死',
      ],
      ['/schema/properties/height/x-validator/1/pattern', '正则表达式 "([" 无效'],
    ]);
  });
});
