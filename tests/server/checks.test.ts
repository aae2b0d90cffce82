import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { withQuery } from './signed.js';

describe.each(DIALECTS)('duplicate and rule checks on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;
  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    lina = await t.login('lina');
  });
  afterAll(async () => t?.close());

  const dup = (query: Record<string, string>, token = lina, headers: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: withQuery('/sys/duplicate/check', query), token, headers });
  const check = (ruleCode: string, value: string, token = lina) =>
    t.call({ method: 'GET', url: withQuery('/sys/checkRule/checkByCode', { ruleCode, value }), token });

  describe('duplicate check', () => {
    it('answers exactly as the protocol: available, taken, and empty', async () => {
      const free = (await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'nobody_here' })).json();
      expect(free).toMatchObject({ success: true, message: '该值可用！', code: 200, result: '该值可用！' });
      const taken = (await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' })).json();
      expect(taken).toMatchObject({ success: false, message: '该值不可用，系统中已存在！', code: 500 });
      const self = (await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: stableId('user', 'admin') })).json();
      expect(self.success).toBe(true);
      const empty = (await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: '' })).json();
      expect(empty).toMatchObject({ success: true, message: '数据为空,不作处理！', code: 500 });
      const camel = (await dup({ tableName: 'sys_user', fieldName: 'workNo', fieldVal: 'HK00001' })).json();
      expect(camel.success).toBe(false);
      const roleCode = (await dup({ tableName: 'sys_role', fieldName: 'role_code', fieldVal: 'nurse' })).json();
      expect(roleCode.success).toBe(false);
      const bound = (await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: "' or '1'='1" })).json();
      expect(bound.success).toBe(true);
      expect((await dup({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin' }, '')).statusCode).toBe(401);
    });

    it('counts only the caller’s tenant and shared rows', async () => {
      const q = { tableName: 'sys_depart', fieldName: 'depart_name', fieldVal: '仁和健康管理中心' };
      expect((await dup(q, admin)).json().success).toBe(true);
      expect((await dup(q, admin, { 'tenant-id': '2' })).json().success).toBe(false);
      expect((await dup({ ...q, fieldVal: '护理部' }, admin)).json().success).toBe(false);
      // Nurse lina belongs to tenant 1 only: another tenant's header is refused (TOK-07).
      const foreign = await dup(q, lina, { 'tenant-id': '2' });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.body).not.toContain('该值');
    });

    it('refuses SQL-04 payloads and pairs outside the registry with 400, leaking nothing', async () => {
      const payloads: Array<Record<string, string>> = [
        { tableName: 'sys_log', fieldName: 'updatexml(1,concat(0x7e,user()),1)', fieldVal: '1' },
        { tableName: 'sys_user', fieldName: "1 and\tif(user()='root@localhost',sleep(5),0)", fieldVal: '1' },
        {
          tableName: 'sys_user',
          fieldName: "(select(if((select/*\n*/password/*\n*/from/*\n*/sys_user/*\n*/where/*\n*/username='jeecg')='x',sleep(4),1)))",
          fieldVal: '1',
        },
        { tableName: 'sys_user where 1=1 --', fieldName: 'username', fieldVal: 'admin' },
        { tableName: 'sys_user', fieldName: 'password_hash', fieldVal: '$argon2id' },
        { tableName: 'sys_user', fieldName: 'realname', fieldVal: '管理员' },
        { tableName: 'information_schema.tables', fieldName: 'table_name', fieldVal: 'sys_user' },
        { tableName: 'sys_session', fieldName: 'token_hash', fieldVal: 'x' },
        { tableName: 'SYS_USER', fieldName: 'username', fieldVal: 'admin' },
      ];
      for (const q of payloads) {
        const res = await dup(q);
        expect(res.statusCode, JSON.stringify(q)).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.body).not.toMatch(/\$argon2|SQLITE_|syntax error|relation "|no such/i);
        expect(res.body).not.toContain('该值');
      }
    });
  });

  describe('code-check rules', () => {
    it('passes a value matching every rule and names the first failing slice', async () => {
      expect((await check('common', 'ab12')).json()).toMatchObject({ success: true, code: 200, result: null });
      const head = (await check('common', 'A1xx')).json();
      expect(head).toMatchObject({ success: false, code: 500, message: '前两位必须是小写字母' });
      expect(head.result).toEqual({
        digits: '2',
        pattern: '^[a-z]+$',
        message: '前两位必须是小写字母',
        beginIndex: 0,
        endIndex: 2,
        checkValue: 'A1',
        passed: false,
      });
      const whole = (await check('common', 'ab')).json();
      expect(whole).toMatchObject({ success: false, message: '总长度必须为4-10位' });
      expect(whole.result).toEqual({ digits: '*', pattern: '^.{4,10}$', message: '总长度必须为4-10位', checkValue: 'ab', passed: false });
      expect((await check('order_no', 'DD20240101')).json().success).toBe(true);
      const date = (await check('order_no', 'DD2024x101')).json();
      expect(date.result).toMatchObject({ beginIndex: 2, endIndex: 10, checkValue: '2024x101' });
      expect((await check('no_such_rule', 'x')).json()).toMatchObject({ success: false, message: '该编码不存在' });
    });

    it('decodes the value the client encoded once more, and bounds its length', async () => {
      expect((await check('common', encodeURIComponent('ab中文'))).json().success).toBe(true);
      expect((await check('common', encodeURIComponent('中文ab'))).json().message).toBe('前两位必须是小写字母');
      const long = await check('common', 'a'.repeat(501));
      expect(long.statusCode).toBe(400);
    });

    it('administers rules: list, add, read, edit and delete with checkRule:edit', async () => {
      const list = (await t.call({ method: 'GET', url: '/sys/checkRule/list?column=ruleCode&order=asc', token: lina })).json();
      expect(list.result.records.map((r: { ruleCode: string }) => r.ruleCode)).toEqual(['common', 'order_no']);
      const rules = [{ digits: '3', pattern: '^[A-Z]{3}$', message: '前三位必须是大写字母' }, { digits: '*', pattern: '^.{3,8}$', message: '长度3-8位' }];
      const add = (await t.call({ method: 'POST', url: '/sys/checkRule/add', token: admin, payload: { ruleName: '科室编码', ruleCode: 'dept_code', ruleJson: JSON.stringify(rules) } })).json();
      expect(add).toMatchObject({ success: true, message: '添加成功！' });
      expect((await check('dept_code', 'CAR01')).json().success).toBe(true);
      expect((await check('dept_code', 'car01')).json().message).toBe('前三位必须是大写字母');
      const created = (await t.call({ method: 'GET', url: '/sys/checkRule/list?ruleCode=dept_code', token: lina })).json().result.records[0];
      expect((await t.call({ method: 'GET', url: `/sys/checkRule/queryById?id=${created.id}`, token: lina })).json().result).toMatchObject({ ruleName: '科室编码' });
      const dupCode = (await t.call({ method: 'POST', url: '/sys/checkRule/add', token: admin, payload: { ruleName: 'x', ruleCode: 'common', ruleJson: JSON.stringify(rules) } })).json();
      expect(dupCode.success).toBe(false);

      const edit = (await t.call({ method: 'PUT', url: '/sys/checkRule/edit', token: admin, payload: { id: created.id, ruleName: '科室编码', ruleCode: 'dept_code', ruleJson: JSON.stringify([{ digits: 2, pattern: '^\\d+$', message: '前两位必须是数字' }]) } })).json();
      expect(edit).toMatchObject({ success: true, message: '编辑成功!' });
      expect((await check('dept_code', 'CAR01')).json().message).toBe('前两位必须是数字');
      expect((await check('dept_code', '12AB')).json().success).toBe(true);

      expect((await t.call({ method: 'DELETE', url: `/sys/checkRule/delete?id=${created.id}`, token: admin })).json().message).toBe('删除成功!');
      expect((await check('dept_code', '12')).json().message).toBe('该编码不存在');
      await t.call({ method: 'POST', url: '/sys/checkRule/add', token: admin, payload: { ruleName: '批量1', ruleCode: 'batch_1', ruleJson: JSON.stringify(rules) } });
      const b = (await t.call({ method: 'GET', url: '/sys/checkRule/list?ruleCode=batch_1', token: admin })).json().result.records[0];
      expect((await t.call({ method: 'DELETE', url: `/sys/checkRule/deleteBatch?ids=${b.id},`, token: admin })).json().success).toBe(true);
      expect((await check('batch_1', 'ABC')).json().message).toBe('该编码不存在');
    });

    it('refuses malformed and catastrophic patterns when saving, and at check time', async () => {
      const bad = [
        'not json',
        '[]',
        JSON.stringify([{ digits: 'x', pattern: '^a$', message: 'm' }]),
        JSON.stringify([{ digits: '2', pattern: '([', message: 'm' }]),
        JSON.stringify([{ digits: '*', pattern: '^(a+)+$', message: 'm' }]),
        JSON.stringify([{ digits: '*', pattern: '^(\\w*)*x$', message: 'm' }]),
        JSON.stringify([{ digits: '*', pattern: '^[a-z](b+){3,}$', message: 'm' }]),
        JSON.stringify(Array.from({ length: 21 }, () => ({ digits: '1', pattern: '.', message: 'm' }))),
        JSON.stringify([{ digits: '*', pattern: 'a'.repeat(201), message: 'm' }]),
      ];
      for (const ruleJson of bad) {
        const res = await t.call({ method: 'POST', url: '/sys/checkRule/add', token: admin, payload: { ruleName: '坏规则', ruleCode: 'bad_rule', ruleJson } });
        expect(res.statusCode, ruleJson.slice(0, 60)).toBe(400);
      }
      // A rule stored behind the API's back is still screened before it runs.
      await t.ctx.db.kysely
        .insertInto('sysCheckRule')
        .values({ id: 'redos', ruleName: '回溯', ruleCode: 'redos', ruleJson: JSON.stringify([{ digits: '*', pattern: '^(a+)+$', message: 'm' }]), ruleDescription: null, createBy: null, createTime: null, updateBy: null, updateTime: null })
        .execute();
      const started = Date.now();
      const res = (await check('redos', `${'a'.repeat(40)}!`)).json();
      expect(Date.now() - started).toBeLessThan(2000);
      expect(res.success).toBe(false);
      expect(res.message).toContain('校验规则配置有误');
      // Overlapping alternatives pass the screen but not the time limit.
      await t.ctx.db.kysely
        .insertInto('sysCheckRule')
        .values({ id: 'redos2', ruleName: '回溯2', ruleCode: 'redos2', ruleJson: JSON.stringify([{ digits: '*', pattern: '^(a|aa)+$', message: 'm' }]), ruleDescription: null, createBy: null, createTime: null, updateBy: null, updateTime: null })
        .execute();
      const again = Date.now();
      const slow = (await check('redos2', `${'a'.repeat(400)}!`)).json();
      expect(Date.now() - again).toBeLessThan(2000);
      expect(slow).toMatchObject({ success: false, message: '校验规则执行超时，请检查规则中的正则表达式' });
      expect((await check('redos2', 'aaaa')).json().success).toBe(true);
    });

    it('refuses rule writes to a nurse (510)', async () => {
      const id = stableId('checkRule', 'common');
      for (const a of [
        { method: 'POST' as const, url: '/sys/checkRule/add', payload: { ruleName: 'x', ruleCode: 'nurse_rule', ruleJson: '[{"digits":"*","pattern":".*","message":"m"}]' } },
        { method: 'PUT' as const, url: '/sys/checkRule/edit', payload: { id, ruleName: 'x', ruleCode: 'common', ruleJson: '[{"digits":"*","pattern":".*","message":"m"}]' } },
        { method: 'DELETE' as const, url: `/sys/checkRule/delete?id=${id}` },
        { method: 'DELETE' as const, url: `/sys/checkRule/deleteBatch?ids=${id}` },
      ]) {
        expect((await t.call({ ...a, token: lina })).json(), a.url).toMatchObject({ success: false, code: 510 });
      }
      expect((await check('common', 'A1xx')).json().message).toBe('前两位必须是小写字母');
    });

    it('refuses SQL-05/06 tricks on the rule list', async () => {
      for (const u of [
        '/sys/checkRule/list?column=extractvalue(1,concat(0x7e,user()))',
        `/sys/checkRule/list?superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'id) or (1=1', rule: 'eq', val: '1' }]))}`,
      ]) {
        expect((await t.call({ method: 'GET', url: u, token: lina })).statusCode, u).toBe(400);
      }
    });
  });
});
