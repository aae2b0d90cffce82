import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDefinitions, formatProblem } from '../../src/server/definitions/check.js';

const F = 'tests/fixtures/schemas/invalid-trigger';

// Issue 19 §4: an entity's triggers are checked against both entities' fields and the built-in roles.
describe('entity triggers in schemas:check', () => {
  it('names bad conditions, unknown targets and fields, bad values, a userField that is not sel_user and unknown roles', () => {
    const lines = checkDefinitions(path.resolve(F), { metaDir: path.resolve('schemas/meta') })
      .problems.map(formatProblem)
      .filter((l) => l.includes('/triggers/'));
    const src = `${F}/entities/trg_bad_source.json`;
    expect(lines).toEqual([
      `${src}:11:35: /triggers/0/when: 条件“sbp >=”无效：公式第 7 个字符处不完整，缺少数字、字段名或“(”`,
      `${src}:11:65: /triggers/0/create/entity: 实体 "trg_ghost" 不存在`,
      `${src}:13:7: /triggers/1/key: 触发规则 key "a" 重复`,
      `${src}:15:7: /triggers/1/when: 条件中的字段 "ghost" 不存在`,
      `${src}:16:59: /triggers/1/create/values/nope: 字段 "nope" 不存在于实体 trg_bad_target`,
      `${src}:16:74: /triggers/1/create/values/level: 取值中的字段 "label" 不是数字类型`,
      `${src}:16:96: /triggers/1/create/values/note: 取值中的字段 "missing" 不存在`,
      `${src}:17:19: /triggers/1/notify/userField: 字段 "note" 不是选择用户（sel_user）的文本字段`,
      `${src}:17:50: /triggers/1/notify/roles/0: 角色 "chief" 不是内置角色（admin、doctor、nurse、org_manager、platform_operator）`,
      `${src}:24:19: /triggers/2/notify/userField: 字段 "note" 不是引用（ref）字段，不能用 note.owner`,
      // `each`: its entity and match fields exist; values read its fields as each.<field>, typed.
      `${src}:32:58: /triggers/3/create/each/match/ghost: 字段 "ghost" 不存在于实体 trg_bad_target`,
      `${src}:32:74: /triggers/3/create/each/match/note: 字段 "nothing" 不存在于实体 trg_bad_source`,
      `${src}:33:21: /triggers/3/create/values/note: 取值中的字段 "each.nope" 不存在`,
      `${src}:33:42: /triggers/3/create/values/owner: 取值中的字段 "label" 不是日期类型`,
      `${src}:33:42: /triggers/3/create/values/owner: 取值中的字段 "each.level" 不是数字类型`,
      `${src}:40:57: /triggers/4/create/each/entity: 实体 "trg_ghost" 不存在`,
      `${src}:40:119: /triggers/4/create/values/note: 取值中的字段 "each.x" 不存在`,
      // <field>.<key> reads a form document: only a form field has one.
      `${src}:45:7: /triggers/5/when: 条件中的字段 "label.sbp" 不存在（子表字段只能用在 sum、count、min、max、last 中；表单字段的内容只能在触发规则中读取）`,
      `${src}:46:59: /triggers/5/create/values/note: 取值中的字段 "sbp.x" 不存在（子表字段只能用在 sum、count、min、max、last 中；表单字段的内容只能在触发规则中读取）`,
    ]);
  });
});
