import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/shared/ids.js';
import { stableId } from '../../src/server/db/menu-sync.js';
import { CATEGORIES, CHECK_RULES, DEPARTS, POSITIONS } from '../../src/server/db/seed-data.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { multipartForm } from './multipart-form.js';

/**
 * Issue 15: the JeecgBoot Vue 2 client's system pages export and import at the addresses in their
 * `url.exportXlsUrl` / `url.importExcelUrl`, with JeecgListMixin's parameters (the list's query, the
 * isorter sort, `field`, paging, `selections`). An export holds exactly the rows the caller's list shows,
 * with Chinese headers and dictionary text, masked as the list is; an import checks every row as the
 * page's form would, within the caller's permissions and scope.
 */

const MASKED_PHONE = /^\d{3}\*{4}\d{4}$/;
const depart = (orgCode: string) => stableId('depart', orgCode);

/** What JeecgListMixin.getQueryParams adds to a page's query (isorter, paging); `field` as each page builds it. */
const mixin = (field: string) => ({
  column: 'createTime',
  order: 'desc',
  field,
  pageNo: '1',
  pageSize: '10',
});

interface Sheet {
  title: string;
  exporter: string;
  header: string[];
  rows: Array<Record<string, unknown>>;
}

const sheetsOf = async (res: LightMyRequestResponse): Promise<Sheet[]> => {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toContain('spreadsheetml');
  expect(String(res.headers['content-disposition'])).toContain('.xlsx');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return wb.worksheets.map((ws) => {
    const header = (ws.getRow(3).values as unknown[]).slice(1).map((v) => String(v ?? ''));
    const rows: Array<Record<string, unknown>> = [];
    ws.eachRow((row, n) => {
      if (n <= 3) return;
      const values = (row.values as unknown[]).slice(1);
      rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
    });
    return { title: String(ws.getCell(1, 1).value), exporter: String(ws.getCell(2, 1).value), header, rows };
  });
};
const sheetOf = async (res: LightMyRequestResponse) => (await sheetsOf(res))[0];
const col = (sheet: Sheet, title: string) =>
  sheet.rows.map((r) => (r[title] === null ? null : String(r[title])));

/** A workbook in the export's layout (title row, exporter row, header), for imports. */
async function workbook(
  sheets: Array<{ title: string; header: string[]; rows: unknown[][] }>,
): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const s of sheets) {
    const ws = wb.addWorksheet(s.title);
    ws.addRow([`${s.title}报表`]);
    ws.addRow(['导出人:测试']);
    ws.addRow(s.header);
    for (const r of s.rows) ws.addRow(r);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The Vue 2 pages' exports: address, the page's download name, its `field`, the headers and the list it mirrors. */
const LISTS = [
  {
    page: 'RoleList',
    url: '/sys/role/exportXls',
    title: '角色信息',
    field: 'id,,,roleName,roleCode,description,createTime,updateTime,action',
    header: ['角色名称', '角色编码', '工作类别', '描述', '创建时间', '更新时间'],
    list: '/sys/role/list',
    key: ['角色名称', 'roleName'],
  },
  {
    page: 'DictList',
    url: '/sys/dict/exportXls',
    title: '字典信息',
    field: 'id,,dictName,dictCode,description,action',
    header: ['字典名称', '字典编码', '描述'],
    list: '/sys/dict/list',
    key: ['字典编码', 'dictCode'],
  },
  {
    page: 'SysPositionList',
    url: '/sys/position/exportXls',
    title: '职务表',
    field: 'id,,,code,name,postRank_dictText,action',
    header: ['职务编码', '职务名称', '职级'],
    list: '/sys/position/list',
    key: ['职务编码', 'code'],
  },
  {
    page: 'SysCheckRuleList',
    url: '/sys/checkRule/exportXls',
    title: '编码校验规则',
    field: 'id,,,ruleName,ruleCode,ruleDescription,action',
    header: ['规则名称', '规则Code', '规则JSON', '规则描述', '创建时间'],
    list: '/sys/checkRule/list',
    key: ['规则Code', 'ruleCode'],
  },
  {
    page: 'SysAnnouncementList',
    url: '/sys/annountCement/exportXls',
    title: '系统通告',
    field:
      'id,,,titile,msgCategory,startTime,endTime,sender,priority,msgType,sendStatus,sendTime,cancelTime,action',
    header: [
      '标题',
      '摘要',
      '消息类型',
      '开始时间',
      '结束时间',
      '发布人',
      '优先级',
      '通告对象',
      '发布状态',
      '发布时间',
      '撤销时间',
    ],
    list: '/sys/annountCement/list',
    key: ['标题', 'titile'],
  },
] as const;

describe.each(DIALECTS)('JeecgBoot Vue 2 system exports and imports on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let wangfang: string;
  let lina: string;

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    wangfang = await t.login('wangfang');
    lina = await t.login('lina');
  });
  afterAll(async () => t?.close());

  const get = (path: string, token: string | undefined, query: Record<string, string> = {}) =>
    t.call({ method: 'GET', url: path, token, query: { ...query, _t: '1700000000' } });
  const listKeys = async (path: string, token: string, field: string, query: Record<string, string> = {}) => {
    const res = await get(path, token, { ...mixin(''), pageSize: '1000', ...query });
    const body = res.json();
    expect(body.success, body.message).toBe(true);
    return (body.result.records as Array<Record<string, unknown>>).map((r) => String(r[field]));
  };
  const upload = (path: string, token: string, content: Buffer, name = '导入.xlsx') =>
    t.call({
      method: 'POST',
      url: path,
      token,
      ...multipartForm([{ name: 'file', file: { name, content } }]),
    });
  const grant = async (roleCode: string, perm: string) => {
    const db = t.ctx.db.kysely;
    await db
      .insertInto('sysRolePermission')
      .values({
        id: newId(),
        roleId: stableId('role', roleCode),
        permissionId: stableId('perm', perm),
        dataRuleIds: null,
      })
      .execute();
  };

  describe('exports of the flat lists', () => {
    it.each(LISTS)(
      '$page: $url holds the rows of the list, in its order, under Chinese headers',
      async (l) => {
        const sheet = await sheetOf(await get(l.url, admin, mixin(l.field)));
        expect(sheet.title).toBe(`${l.title}报表`);
        expect(sheet.exporter).toBe('导出人:管理员');
        expect(sheet.header).toEqual(l.header);
        const listed = await listKeys(l.list, admin, l.key[1]);
        expect(listed.length).toBeGreaterThan(1);
        expect(col(sheet, l.key[0])).toEqual(listed);
      },
    );

    it('applies the page’s query fields and ranges as the list does', async () => {
      const query = { ...mixin(''), roleName: '*管理*' };
      const roles = await sheetOf(await get('/sys/role/exportXls', admin, query));
      expect(col(roles, '角色名称')).toEqual(
        await listKeys('/sys/role/list', admin, 'roleName', { roleName: '*管理*' }),
      );
      expect(col(roles, '角色名称')).toEqual(expect.arrayContaining(['系统管理员', '机构管理员']));
      expect(roles.rows.length).toBe(2);

      const chief = await sheetOf(
        await get('/sys/position/exportXls', admin, { ...mixin(''), postRank: '1' }),
      );
      expect(col(chief, '职务编码').sort()).toEqual(
        POSITIONS.filter((p) => p[2] === '1')
          .map((p) => p[0])
          .sort(),
      );
      expect(col(chief, '职级').every((v) => v === '正高级')).toBe(true);

      const dicts = await sheetOf(
        await get('/sys/dict/exportXls', admin, { ...mixin(''), dictCode: 'sex', dictName: '' }),
      );
      expect(col(dicts, '字典编码')).toEqual(['sex']);

      const rules = await sheetOf(
        await get('/sys/checkRule/exportXls', admin, { ...mixin(''), ruleCode: CHECK_RULES[0].code }),
      );
      expect(rules.rows).toHaveLength(1);
      expect(JSON.parse(String(rules.rows[0]['规则JSON']))).toEqual(CHECK_RULES[0].json);

      const future = await sheetOf(
        await get('/sys/annountCement/exportXls', admin, {
          ...mixin(''),
          createTime_begin: '2099-01-01 00:00:00',
        }),
      );
      expect(future.rows).toEqual([]);
      // The advanced query too, parenthesised as in the list.
      const superQuery = encodeURIComponent(
        JSON.stringify([{ field: 'roleCode', rule: 'eq', val: 'doctor', type: 'string' }]),
      );
      const one = await sheetOf(
        await get('/sys/role/exportXls', admin, {
          ...mixin(''),
          superQueryParams: superQuery,
          superQueryMatchType: 'or',
        }),
      );
      expect(col(one, '角色编码')).toEqual(['doctor']);
    });

    it('writes dictionary values as their text', async () => {
      const roles = await sheetOf(await get('/sys/role/exportXls', admin, mixin('')));
      const byCode = new Map(roles.rows.map((r) => [r['角色编码'], r]));
      expect(byCode.get('org_manager')?.['工作类别']).toBe('机构管理员');
      expect(byCode.get('doctor')?.['工作类别']).toBe('医生');
      expect(byCode.get('nurse')?.['工作类别']).toBeNull();
      const notices = await sheetOf(await get('/sys/annountCement/exportXls', admin, mixin('')));
      expect(notices.rows.length).toBeGreaterThan(1);
      expect(col(notices, '优先级').every((p) => ['低', '中', '高'].includes(String(p)))).toBe(true);
      expect(col(notices, '发布状态').every((s) => ['未发布', '已发布', '已撤销'].includes(String(s)))).toBe(
        true,
      );
      expect(col(notices, '消息类型').every((s) => ['通知公告', '系统消息'].includes(String(s)))).toBe(true);
    });

    it('exports only the selected rows (JeecgListMixin selections), never rows outside the list', async () => {
      const roleIds = ['doctor', 'nurse'].map((c) => stableId('role', c));
      const picked = await sheetOf(
        await get('/sys/role/exportXls', admin, {
          ...mixin(''),
          selections: `${roleIds.join(',')},no_such_id`,
        }),
      );
      expect(col(picked, '角色编码').sort()).toEqual(['doctor', 'nurse']);
      // Another tenant's announcement is not in this tenant's list, selected or not.
      const db = t.ctx.db.kysely;
      const foreign = await db
        .selectFrom('sysAnnouncement')
        .select(['id', 'titile'])
        .where('tenantId', '=', 2)
        .where('delFlag', '=', 0)
        .executeTakeFirstOrThrow();
      const own = await db
        .selectFrom('sysAnnouncement')
        .select(['id', 'titile'])
        .where('tenantId', '=', 1)
        .where('delFlag', '=', 0)
        .executeTakeFirstOrThrow();
      const notices = await sheetOf(
        await get('/sys/annountCement/exportXls', admin, { selections: `${own.id},${foreign.id}` }),
      );
      expect(col(notices, '标题')).toEqual([own.titile]);
      // paramsStr carries the same query, as the online list sends it.
      const viaJson = await sheetOf(
        await get('/sys/role/exportXls', admin, { paramsStr: JSON.stringify({ selections: roleIds[0] }) }),
      );
      expect(col(viaJson, '角色编码')).toEqual(['doctor']);
    });

    it('exports each dictionary’s items on a second sheet, status as text', async () => {
      const sheets = await sheetsOf(
        await get('/sys/dict/exportXls', admin, { ...mixin(''), dictCode: 'priority' }),
      );
      expect(sheets.map((s) => s.title)).toEqual(['字典信息报表', '字典项报表']);
      const [dicts, items] = sheets;
      expect(dicts.rows).toEqual([expect.objectContaining({ 字典名称: '优先级', 字典编码: 'priority' })]);
      expect(items.header).toEqual(['字典编码', '名称', '数据值', '描述', '排序', '状态']);
      expect(items.rows.map((r) => [r['字典编码'], r['名称'], r['数据值']])).toEqual([
        ['priority', '低', 'L'],
        ['priority', '中', 'M'],
        ['priority', '高', 'H'],
      ]);
      expect(col(items, '状态').every((s) => s === '启用')).toBe(true);
    });
  });

  describe('exports of the tree pages', () => {
    it('DepartList: the visible departments in tree order with paths, parent codes and category text', async () => {
      const sheet = await sheetOf(
        await get(
          '/sys/sysDepart/exportXls',
          admin,
          mixin('id,,departName,orgType,orgCode,mobile,fax,address,departOrder,action'),
        ),
      );
      expect(sheet.title).toBe('部门信息报表');
      expect(sheet.header).toEqual([
        '部门路径',
        '部门名称',
        '机构编码',
        '上级部门编码',
        '机构类别',
        '英文名',
        '缩写',
        '排序',
        '手机号',
        '传真',
        '地址',
        '描述',
        '备注',
        '状态',
      ]);
      const tenant1 = DEPARTS.filter((d) => d[3] === 1);
      expect(col(sheet, '机构编码')).toEqual(tenant1.map((d) => d[0]));
      const row = sheet.rows.find((r) => r['机构编码'] === 'A01A01A03');
      expect(row).toMatchObject({
        部门路径: '华康医疗集团/华康第一人民医院/呼吸内科',
        上级部门编码: 'A01A01',
        机构类别: '部门',
        状态: '启用',
      });
      expect(sheet.rows[0]).toMatchObject({ 部门名称: '华康医疗集团', 上级部门编码: null, 机构类别: '机构' });
    });

    it('keeps the organisation manager to his departments, their numbers masked', async () => {
      const db = t.ctx.db.kysely;
      await db
        .updateTable('sysDepart')
        .set({ mobile: '13812345678' })
        .where('orgCode', 'in', ['A01A01A01', 'A01A02A01'])
        .execute();
      const mine = await sheetOf(await get('/sys/sysDepart/exportXls', wangfang, mixin('')));
      expect(col(mine, '机构编码')).toEqual(
        DEPARTS.filter((d) => d[0].startsWith('A01A01')).map((d) => d[0]),
      );
      // The path starts where his tree starts.
      expect(mine.rows.find((r) => r['机构编码'] === 'A01A01A01')).toMatchObject({
        部门路径: '华康第一人民医院/心血管内科',
      });
      expect(String(mine.rows.find((r) => r['机构编码'] === 'A01A01A01')?.['手机号'])).toMatch(MASKED_PHONE);
      expect(JSON.stringify(mine.rows)).not.toContain('13812345678');
      // Selections outside his scope do not exist for him.
      const picked = await sheetOf(
        await get('/sys/sysDepart/exportXls', wangfang, {
          selections: `${depart('A01A01A01')},${depart('A01A02A01')},${depart('A02A01')}`,
        }),
      );
      expect(col(picked, '机构编码')).toEqual(['A01A01A01']);
      // The administrator sees the number whole.
      const full = await sheetOf(
        await get('/sys/sysDepart/exportXls', admin, { selections: depart('A01A02A01') }),
      );
      expect(full.rows[0]['手机号']).toBe('13812345678');
    });

    it('SysCategoryList: every level in code order with the parent’s code', async () => {
      const sheet = await sheetOf(await get('/sys/category/exportXls', admin, mixin('id,name,code,action')));
      expect(sheet.title).toBe('分类字典报表');
      expect(sheet.header).toEqual(['分类名称', '分类编码', '上级分类编码']);
      expect(sheet.rows.map((r) => [r['分类名称'], r['分类编码'], r['上级分类编码']])).toEqual(
        [...CATEGORIES]
          .sort((a, b) => (a[0] < b[0] ? -1 : 1))
          .map(([code, name, parent]) => [name, code, parent || null]),
      );
      const found = await sheetOf(
        await get('/sys/category/exportXls', admin, { ...mixin(''), name: '*病*' }),
      );
      expect(col(found, '分类名称').sort()).toEqual(
        CATEGORIES.filter((c) => c[1].includes('病'))
          .map((c) => c[1])
          .sort(),
      );
    });
  });

  describe('refusals', () => {
    it('answers bad parameters with a Chinese 400 naming them', async () => {
      const cases: Array<[string, Record<string, string>, RegExp]> = [
        ['/sys/role/exportXls', { column: 'passwordHash', order: 'desc' }, /排序的列字段不存在/],
        ['/sys/position/exportXls', { column: 'code', order: 'sideways' }, /order/],
        ['/sys/dict/exportXls', { selections: "x' or '1'='1" }, /selections/],
        ['/sys/checkRule/exportXls', { paramsStr: '{oops' }, /paramsStr/],
        ['/sys/sysDepart/exportXls', { createTime_begin: 'yesterday' }, /createTime/],
        [
          '/sys/category/exportXls',
          {
            superQueryParams: encodeURIComponent(
              JSON.stringify([{ field: 'id) or (1=1', rule: 'eq', val: '1' }]),
            ),
          },
          /高级查询不支持字段/,
        ],
        [
          '/sys/annountCement/exportXls',
          { superQueryMatchType: 'or 1=1', superQueryParams: '[]' },
          /superQueryMatchType/,
        ],
      ];
      for (const [path, query, message] of cases) {
        const res = await get(path, admin, query);
        expect(res.statusCode, path).toBe(400);
        const body = res.json();
        expect(body.success).toBe(false);
        expect(body.message).toMatch(/[\u4e00-\u9fa5]/);
        expect(body.message).toMatch(message);
      }
    });

    it('refuses callers without the list’s permission, and anonymous ones', async () => {
      const denied = await get('/sys/annountCement/exportXls', lina, mixin(''));
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ success: false, code: 510 });
      for (const path of ['/sys/role/exportXls', '/sys/sysDepart/exportXls', '/sys/dict/exportXls'])
        expect((await get(path, undefined)).statusCode).toBe(401);
      const file = await workbook([
        { title: '角色信息', header: ['角色名称', '角色编码'], rows: [['越权角色', 'sneaky']] },
      ]);
      for (const path of [
        '/sys/role/importExcel',
        '/sys/sysDepart/importExcel',
        '/sys/dict/importExcel',
        '/sys/position/importExcel',
        '/sys/category/importExcel',
        '/sys/checkRule/importExcel',
      ]) {
        const res = await upload(path, lina, file);
        expect(res.statusCode, path).toBe(403);
        expect(res.json().code).toBe(510);
      }
      expect(
        await t.ctx.db.kysely.selectFrom('sysRole').select('id').where('roleCode', '=', 'sneaky').execute(),
      ).toEqual([]);
    });

    it('answers the announcement import, which the client does not offer, with a Chinese 400', async () => {
      const res = await upload(
        '/sys/annountCement/importExcel',
        admin,
        await workbook([{ title: '系统通告', header: ['标题'], rows: [['x']] }]),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400 });
      expect(res.json().message).toContain('通知公告不支持 Excel 导入');
    });

    it('refuses an upload that is no spreadsheet, or none at all', async () => {
      const bad = await upload('/sys/position/importExcel', admin, Buffer.from('not a sheet'), 'x.xlsx');
      expect(bad.json()).toMatchObject({ success: false, code: 500 });
      expect(bad.json().message).toMatch(/^文件导入失败:/);
      const none = await t.call({
        method: 'POST',
        url: '/sys/position/importExcel',
        token: admin,
        payload: {},
      });
      expect(none.statusCode).toBe(400);
    });
  });

  describe('imports', () => {
    it('roles: round trip of the export, repeated codes refused row by row', async () => {
      const exported = await sheetsOf(
        await get('/sys/role/exportXls', admin, { selections: stableId('role', 'nurse') }),
      );
      // The exported sheet, with a new code and one more row: imported as it was written.
      const header = exported[0].header;
      const nurse = exported[0].rows[0];
      const row = (cells: Record<string, string>) => header.map((h) => cells[h] ?? null);
      const rows = [
        header.map((h) => (h === '角色编码' ? 'nurse_night' : h === '角色名称' ? '夜班护士' : nurse[h])),
        row({ 角色名称: '随访医生', 角色编码: 'followup_doctor', 工作类别: '医生', 描述: '负责随访' }),
        row({ 角色名称: '重复', 角色编码: 'doctor' }),
        row({ 角色名称: '坏编码', 角色编码: '9x' }),
        row({ 角色名称: '坏类别', 角色编码: 'bad_class', 工作类别: '院长' }),
      ];
      const res = await upload(
        '/sys/role/importExcel',
        admin,
        await workbook([{ title: '角色信息', header, rows }]),
      );
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        code: 201,
        result: { totalCount: 5, successCount: 2, errorCount: 3 },
      });
      const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: admin })).body;
      expect(report).toContain('第 6 行：角色编码：“doctor”已存在');
      expect(report).toContain('第 7 行：角色编码：以字母开头');
      expect(report).toContain('第 8 行：工作类别：字典中没有“院长”');
      const again = await sheetOf(
        await get('/sys/role/exportXls', admin, { ...mixin(''), roleCode: 'nurse_night' }),
      );
      expect(again.rows).toEqual([
        expect.objectContaining({
          角色名称: '夜班护士',
          角色编码: 'nurse_night',
          工作类别: null,
          描述: nurse['描述'],
        }),
      ]);
      const followup = await t.ctx.db.kysely
        .selectFrom('sysRole')
        .selectAll()
        .where('roleCode', '=', 'followup_doctor')
        .executeTakeFirstOrThrow();
      expect(followup).toMatchObject({
        workClass: '4',
        tenantId: 1,
        createBy: 'admin',
        description: '负责随访',
      });
      // The same file again: every row is refused, nothing is added.
      const repeat = (
        await upload(
          '/sys/role/importExcel',
          admin,
          await workbook([{ title: '角色信息', header, rows: rows.slice(0, 2) }]),
        )
      ).json();
      expect(repeat).toMatchObject({ success: false, code: 500, result: { successCount: 0, errorCount: 2 } });
      // The imports are in the roles' history.
      const history = await t.ctx.db.kysely
        .selectFrom('sysChangeLog')
        .select('action')
        .where('tableName', '=', 'sys_role')
        .where('recordId', '=', followup.id)
        .execute();
      expect(history.map((h) => h.action)).toEqual(['import']);
    });

    it('roles: an organisation manager may not import a role without an organisation limit', async () => {
      await grant('org_manager', 'role:add');
      const file = await workbook([
        {
          title: '角色信息',
          header: ['角色名称', '角色编码', '工作类别'],
          rows: [
            ['运营', 'ops_x', '平台运营'],
            ['医生组', 'doctors_x', '医生'],
          ],
        },
      ]);
      const body = (await upload('/sys/role/importExcel', wangfang, file)).json();
      expect(body).toMatchObject({ code: 201, result: { successCount: 1, errorCount: 1 } });
      const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: wangfang })).body;
      expect(report).toContain('第 4 行：工作类别：无权设置不受机构范围限制的角色');
      // Another user cannot read his report.
      expect((await t.call({ method: 'GET', url: body.result.fileUrl, token: admin })).statusCode).toBe(404);
    });

    it('positions: rank by its text, codes unique', async () => {
      const file = await workbook([
        {
          title: '职务表',
          header: ['职务编码', '职务名称', '职级'],
          rows: [
            ['rehab_therapist', '康复治疗师', '中级'],
            ['dietitian', '营养师', '4'],
            ['dean', '院长', '正高级'],
            ['rehab_therapist', '重复', ''],
          ],
        },
      ]);
      const body = (await upload('/sys/position/importExcel', admin, file)).json();
      expect(body).toMatchObject({ code: 201, result: { successCount: 2, errorCount: 2 } });
      const sheet = await sheetOf(
        await get('/sys/position/exportXls', admin, { ...mixin(''), code: 'rehab_therapist' }),
      );
      expect(sheet.rows).toEqual([{ 职务编码: 'rehab_therapist', 职务名称: '康复治疗师', 职级: '中级' }]);
      const dietitian = await t.ctx.db.kysely
        .selectFrom('sysPosition')
        .selectAll()
        .where('code', '=', 'dietitian')
        .executeTakeFirstOrThrow();
      expect(dietitian).toMatchObject({ postRank: '4', tenantId: 1 });
    });

    it('check rules: the exported workbook brings a deleted rule back; bad JSON is refused', async () => {
      const content = (await get('/sys/checkRule/exportXls', admin, mixin(''))).rawPayload;
      const rule = await t.ctx.db.kysely
        .selectFrom('sysCheckRule')
        .select(['id', 'ruleJson'])
        .where('ruleCode', '=', CHECK_RULES[0].code)
        .executeTakeFirstOrThrow();
      expect(
        (
          await t.call({
            method: 'DELETE',
            url: '/sys/checkRule/delete',
            token: admin,
            query: { id: rule.id },
          })
        ).json().success,
      ).toBe(true);
      const body = (await upload('/sys/checkRule/importExcel', admin, content)).json();
      expect(body).toMatchObject({
        code: 201,
        result: { successCount: 1, errorCount: CHECK_RULES.length - 1 },
      });
      const back = await t.ctx.db.kysely
        .selectFrom('sysCheckRule')
        .select('ruleJson')
        .where('ruleCode', '=', CHECK_RULES[0].code)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(back.ruleJson)).toEqual(JSON.parse(rule.ruleJson));
      const check = await get('/sys/checkRule/checkByCode', admin, {
        ruleCode: CHECK_RULES[0].code,
        value: 'ab12',
      });
      expect(check.json().success).toBe(true);
      const bad = await workbook([
        {
          title: '编码校验规则',
          header: ['规则名称', '规则Code', '规则JSON'],
          rows: [
            ['坏规则', 'bad_rule', '[{"digits":"*","pattern":"(a+)+$","message":"x"}]'],
            ['空', 'empty_rule', 'x'],
          ],
        },
      ]);
      const refused = (await upload('/sys/checkRule/importExcel', admin, bad)).json();
      expect(refused).toMatchObject({ success: false, code: 500, result: { errorCount: 2 } });
    });

    it('dictionaries: an exported dictionary under a new code comes back with its items', async () => {
      const content = (await get('/sys/dict/exportXls', admin, { ...mixin(''), dictCode: 'priority' }))
        .rawPayload;
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(content as unknown as ArrayBuffer);
      const [dicts, items] = wb.worksheets;
      dicts.getCell(4, 2).value = 'priority_copy';
      items.eachRow((row, n) => {
        if (n > 3) row.getCell(1).value = 'priority_copy';
      });
      // One more dictionary with a bad item, and an item of a dictionary not in the file.
      dicts.addRow(['坏字典', 'bad_dict', '']);
      items.addRow(['bad_dict', '甲', 'a,b', '', 1, '启用']);
      items.addRow(['nowhere', '乙', 'b', '', 1, '启用']);
      const body = (
        await upload('/sys/dict/importExcel', admin, Buffer.from(await wb.xlsx.writeBuffer()))
      ).json();
      expect(body).toMatchObject({ code: 201, result: { totalCount: 3, successCount: 1, errorCount: 2 } });
      const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: admin })).body;
      expect(report).toContain('第 5 行：字典项第 7 行：数据值：不能包含逗号');
      expect(report).toContain('字典项第 8 行：找不到字典编码为“nowhere”的字典');
      const [copy, copyItems] = await sheetsOf(
        await get('/sys/dict/exportXls', admin, { ...mixin(''), dictCode: 'priority_copy' }),
      );
      expect(copy.rows).toEqual([expect.objectContaining({ 字典名称: '优先级', 字典编码: 'priority_copy' })]);
      expect(copyItems.rows.map((r) => [r['数据值'], r['名称'], r['状态']])).toEqual([
        ['L', '低', '启用'],
        ['M', '中', '启用'],
        ['H', '高', '启用'],
      ]);
      expect(await listKeys('/sys/dict/list', admin, 'dictCode', { dictCode: 'bad_dict' })).toEqual([]);
      // The same code again is refused, even after the dictionary went to the recycle bin.
      const again = (
        await upload('/sys/dict/importExcel', admin, Buffer.from(await wb.xlsx.writeBuffer()))
      ).json();
      expect(again.success).toBe(false);
    });

    it('categories: parents by code, stored or in the file; codes made when empty', async () => {
      const file = await workbook([
        {
          title: '分类字典',
          header: ['分类名称', '分类编码', '上级分类编码'],
          rows: [
            ['康复器械', '', 'C01'],
            ['康复分类', 'C01', ''],
            ['心脏康复', 'C01A02', ''],
            ['糖尿病足', '', 'B01A01'],
            ['无主', '', 'Z99'],
            ['重复编码', 'B02', ''],
          ],
        },
      ]);
      const body = (await upload('/sys/category/importExcel', admin, file)).json();
      expect(body).toMatchObject({ code: 201, result: { successCount: 4, errorCount: 2 } });
      const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: admin })).body;
      expect(report).toContain('第 8 行：上级分类编码：分类“Z99”不存在');
      expect(report).toContain('第 9 行：分类编码：“B02”已存在');
      const sheet = await sheetOf(await get('/sys/category/exportXls', admin, mixin('')));
      const rows = new Map(sheet.rows.map((r) => [r['分类名称'], [r['分类编码'], r['上级分类编码']]]));
      expect(rows.get('康复分类')).toEqual(['C01', null]);
      expect(rows.get('心脏康复')).toEqual(['C01A02', 'C01']);
      // A parent comes before its children; an empty code is the next after the highest sibling, as 添加子分类 makes it.
      expect(rows.get('康复器械')).toEqual(['C01A03', 'C01']);
      expect(rows.get('糖尿病足')).toEqual(['B01A01A04', 'B01A01']);
      // The tree pages see them: the new root has children.
      const roots = (await get('/sys/category/rootList', admin, mixin(''))).json().result.records as Array<{
        code: string;
        hasChild: string;
      }>;
      expect(roots.find((r) => r.code === 'C01')?.hasChild).toBe('1');
      const children = (
        await get('/sys/category/loadTreeChildren', admin, { pid: stableId('category', 'B01A01') })
      ).json().result as Array<{ title: string }>;
      expect(children.map((c) => c.title)).toContain('糖尿病足');
    });

    it('departments: under a visible parent, names unique among siblings, masked numbers refused', async () => {
      const header = ['部门名称', '上级部门编码', '机构类别', '排序', '手机号', '状态'];
      const file = await workbook([
        {
          title: '部门信息',
          header,
          rows: [
            ['康复医学科', 'A01A01', '部门', 9, '13900001111', '启用'],
            ['心血管内科', 'A01A01', '', '', '', ''],
            ['无主科室', 'Z99', '', '', '', ''],
            ['脱敏科室', 'A01A02', '', '', '139****1111', ''],
            ['华康康复医院', '', '机构', '', '', ''],
          ],
        },
      ]);
      const body = (await upload('/sys/sysDepart/importExcel', admin, file)).json();
      expect(body).toMatchObject({ code: 201, result: { successCount: 2, errorCount: 3 } });
      const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: admin })).body;
      expect(report).toContain('第 5 行：部门名称：同级部门中已存在“心血管内科”');
      expect(report).toContain('第 6 行：上级部门编码：部门“Z99”不存在或不在您的管理范围内');
      expect(report).toContain('第 7 行：手机号：是脱敏后的号码');
      const sheet = await sheetOf(await get('/sys/sysDepart/exportXls', admin, mixin('')));
      const rehab = sheet.rows.find((r) => r['部门名称'] === '康复医学科');
      expect(rehab).toMatchObject({
        机构编码: 'A01A01A06',
        上级部门编码: 'A01A01',
        机构类别: '部门',
        排序: 9,
        手机号: '13900001111',
        部门路径: '华康医疗集团/华康第一人民医院/康复医学科',
      });
      expect(sheet.rows.find((r) => r['部门名称'] === '华康康复医院')).toMatchObject({
        机构编码: 'A03',
        上级部门编码: null,
        机构类别: '机构',
      });
      const tree = (await get('/sys/sysDepart/queryTreeList', admin)).json().result as Array<{
        orgCode: string;
      }>;
      expect(tree.map((d) => d.orgCode)).toContain('A03');
    });

    it('departments: a parent may be another row of the file, named by its 机构编码', async () => {
      const file = await workbook([
        {
          title: '部门信息',
          header: ['部门名称', '机构编码', '上级部门编码'],
          rows: [
            // Children before their parent: the order of the file does not matter.
            ['康复一病区', 'X1', 'X0'],
            ['康复中心', 'X0', 'A01A01'],
            ['康复二病区', '', 'X0'],
            ['门诊康复', 'X2', 'X1'],
            ['重名病区', '', 'X0'],
            ['重名病区', 'X3', 'X0'],
            ['孤儿科室', '', 'X3'],
            ['环甲', 'C1', 'C2'],
            ['环乙', 'C2', 'C1'],
            ['重复编码', 'X1', 'A01A01'],
          ],
        },
      ]);
      const body = (await upload('/sys/sysDepart/importExcel', admin, file)).json();
      expect(body).toMatchObject({ code: 201, result: { successCount: 5, errorCount: 5 } });
      const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: admin })).body;
      expect(report.replace(/^\ufeff/, '').trim().split(/\r?\n/)).toEqual([
        '第 9 行：部门名称：同级部门中已存在“重名病区”',
        '第 10 行：上级部门编码：上级部门“X3”所在的行未能导入',
        '第 11 行：上级部门编码：上级部门之间循环引用',
        '第 12 行：上级部门编码：上级部门之间循环引用',
        '第 13 行：机构编码：“X1”在文件中重复',
        '',
        '总上传行数：10，已导入行数：5，错误行数：5',
      ]);
      const sheet = await sheetOf(await get('/sys/sysDepart/exportXls', admin, mixin('')));
      const byName = (name: string) => sheet.rows.find((r) => r['部门名称'] === name) as Record<string, unknown>;
      const centre = byName('康复中心');
      expect(centre).toMatchObject({ 上级部门编码: 'A01A01', 部门路径: '华康医疗集团/华康第一人民医院/康复中心' });
      // The file's codes were labels: the server made the real ones under the new parent.
      expect(byName('康复一病区')).toMatchObject({ 上级部门编码: centre['机构编码'], 部门路径: `${centre['部门路径']}/康复一病区` });
      expect(byName('康复二病区')['上级部门编码']).toBe(centre['机构编码']);
      expect(byName('门诊康复')).toMatchObject({
        上级部门编码: byName('康复一病区')['机构编码'],
        部门路径: '华康医疗集团/华康第一人民医院/康复中心/康复一病区/门诊康复',
      });
      expect(String(byName('门诊康复')['机构编码']).startsWith(String(byName('康复一病区')['机构编码']))).toBe(true);
      expect(sheet.rows.filter((r) => r['部门名称'] === '重名病区')).toHaveLength(1);
    });

    it('departments: an organisation manager imports only inside his organisation', async () => {
      await grant('org_manager', 'depart:add');
      const file = await workbook([
        {
          title: '部门信息',
          header: ['部门名称', '上级部门编码'],
          rows: [
            ['疼痛科', 'A01A01'],
            ['外院科室', 'A01A02'],
            ['顶级机构', ''],
            ['他租户科室', 'A02'],
          ],
        },
      ]);
      const body = (await upload('/sys/sysDepart/importExcel', wangfang, file)).json();
      expect(body).toMatchObject({ code: 201, result: { successCount: 1, errorCount: 3 } });
      const report = (await t.call({ method: 'GET', url: body.result.fileUrl, token: wangfang })).body;
      expect(report).toContain('第 5 行：上级部门编码：部门“A01A02”不存在或不在您的管理范围内');
      expect(report).toContain('第 6 行：上级部门编码：无权添加顶级部门');
      expect(report).toContain('第 7 行：上级部门编码：部门“A02”不存在或不在您的管理范围内');
      const mine = await sheetOf(await get('/sys/sysDepart/exportXls', wangfang, mixin('')));
      expect(col(mine, '部门名称')).toContain('疼痛科');
      const names = (await t.ctx.db.kysely.selectFrom('sysDepart').select('departName').execute()).map(
        (d) => d.departName,
      );
      expect(names).not.toContain('外院科室');
      expect(names).not.toContain('顶级机构');
    });
  });
});
