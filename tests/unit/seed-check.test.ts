import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';
import { schemasWithSeedModule, schemasWithStories } from '../server/seed-stories-fixture.js';

const F = 'tests/fixtures/schemas/invalid-seeds';

// Issue 18: a seed's stories name entities, fields, transitions, push-downs, labels and users that must exist;
// issue 16: an application step needs an audited entity, a kind, `on` its own record for edit and delete;
// issue 19: a role actor names a known role, a fake generator's sex and birth fields come before it.
describe('seeds in schemas:check', () => {
  it('names unknown entities, fields, users, keys and labels, misplaced parts and values a field cannot hold', () => {
    const lines = checkDefinitions(path.resolve(F), { metaDir: path.resolve('schemas/meta') }).problems.map(
      formatProblem,
    );
    const seed = `${F}/seeds/seedchk_demo.json`;
    expect(lines).toEqual([
      `${seed}:3:3: /code: 文件名应为 seedchk_other.json`,
      `${seed}:9:7: /records/0/entity: 实体 "seedchk_ghost" 不存在`,
      `${seed}:10:34: /records/1/as: 演示用户 "nobody" 不存在`,
      `${seed}:10:75: /records/1/rows/0/colour: seedchk_order 没有字段 "colour"`,
      `${seed}:10:124: /records/1/rows/0/seedchk_line/0/size: seedchk_line 没有字段 "size"`,
      `${seed}:25:68: /steps/0/children/seedchk_line/fields/amount/ref: seedchk_order 没有字段 "size"`,
      `${seed}:26:9: /steps/0/children/seedchk_pay: "seedchk_pay" 不是 seedchk_order 的子表`,
      `${seed}:19:24: /steps/0/fields/orderDate/decimal: 小数不能写入字段 "orderDate"（date）`,
      `${seed}:20:18: /steps/0/fields/qty/int: 下限大于上限`,
      `${seed}:21:20: /steps/0/fields/buddy/pick: seedchk_order 的记录不能写入字段 "buddy"（关联 seedchk_pay）`,
      `${seed}:22:9: /steps/0/fields/ghost: seedchk_order 没有字段 "ghost"`,
      `${seed}:29:21: /steps/1/add: "seedchk_line" 是子表，请写在父表的 children 中`,
      `${seed}:30:5: /steps/2: 每个步骤只能有 add、transition、derive、apply 之一`,
      `${seed}:31:46: /steps/3/on: "draft" 不是前面步骤保存（save）的记录`,
      `${seed}:32:60: /steps/4/scale: scale 只用于 derive`,
      `${seed}:32:21: /steps/4/transition: seedchk_order 没有流转 "reject"`,
      `${seed}:39:29: /steps/5/scale/fields/0: seedchk_pay 及其子表没有数字字段 "title"`,
      `${seed}:39:49: /steps/5/scale/between: 下限大于上限`,
      `${seed}:38:19: /steps/5/fields/note: seedchk_order 没有字段 "colour"`,
      `${seed}:38:44: /steps/5/fields/orderId: "pay" 不是前面步骤保存（save）的记录`,
      `${seed}:38:92: /steps/5/fields/amount/weights: weights 的个数应与 oneOf 相同`,
      `${seed}:41:21: /steps/6/derive: seedchk_order 没有下推 "refund"`,
      `${seed}:42:21: /steps/7/apply: seedchk_order 未声明数据审核（audit），不能提交申请`,
      `${seed}:43:5: /steps/8: 申请修改需要 on（前面步骤保存的记录）`,
      `${seed}:43:73: /steps/8/fields/ghost: seedchk_pay 没有字段 "ghost"`,
      `${seed}:44:63: /steps/9/on: "order" 是 seedchk_order 的记录，不是 seedchk_pay 的`,
      `${seed}:44:78: /steps/9/fields: 申请删除不填字段`,
      `${seed}:44:5: /steps/9: 申请删除需要 comment（申请原因）`,
      `${seed}:45:5: /steps/10: apply 需要 kind（add、edit 或 delete）`,
      `${seed}:46:58: /steps/11/comment: comment 只用于 transition 和 apply`,
      `${seed}:46:43: /steps/11/kind: kind 只用于 apply`,
      `${seed}:48:7: /steps/12/as: 角色 "surgeon" 不存在`,
      `${seed}:51:60: /steps/12/fields/title/sex: "state" 应是本记录中写在前面的字段`,
      `${seed}:51:38: /steps/12/fields/title/birth: "orderDate" 应是本记录中写在前面的字段`,
      `${seed}:52:24: /steps/12/fields/orderDate/age: 下限大于上限`,
      `${seed}:53:18: /steps/12/fields/qty/fake: fake mobile（文本）不能写入字段 "qty"（int）`,
      `${seed}:53:36: /steps/12/fields/qty/sex: sex 不用于 fake mobile`,
      `${seed}:54:9: /steps/12/fields/state: 生成器只能是 pick、oneOf、int、decimal、days、ref、age、fake 之一（weights 只随 oneOf，sex、birth 只随 fake）`,
    ]);
  });

  it('accepts the fixture seed that the runner plays (tests/server/seed-stories.test.ts)', () => {
    const { problems } = checkDefinitions(schemasWithStories());
    // Only the fixture's own files: the shipped modules are checked by their own tests.
    expect(problems.map(formatProblem).filter((l) => l.includes('/modules/story/'))).toEqual([]);
  });

  it('accepts role actors and the person generators (tests/fixtures/schemas/seed-people)', () => {
    const { problems } = checkDefinitions(schemasWithSeedModule('seed-people', 'people', 'people_demo'));
    expect(problems.map(formatProblem).filter((l) => l.includes('/modules/people/'))).toEqual([]);
  });
});
