import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { auditSchemas } from './audit-fixtures.js';
import { multipartForm } from './multipart-form.js';

const API = '/online/cgform/api';
type Row = Record<string, unknown>;
interface Reply {
  success: boolean;
  message: string;
  code: number;
  result: unknown;
}
interface DiffRow {
  field: string;
  before: unknown;
  after: unknown;
  beforeText: string | null;
  afterText: string | null;
  changed: boolean;
}

const STALE = '申请提交后数据已被修改，申请已失效，请重新提交';
const HANDLED = '该申请已被他人处理，请刷新后重试';

// Issue 16 §3–4: audited data changes on a fixture entity (审核患者 with 就诊记录 children, 随访备注 refs,
// a workflow with a locked state, merge by 姓名) and an entity that only changes through applications.
describe.each(DIALECTS)('audited data changes on $name', ({ url }) => {
  let t: TestApp;
  let lina: string; // nurse of A01A01A04: applies, does not audit
  let wangfang: string; // org manager of A01A01: audits her subtree
  let liuyang: string; // platform operator in A01A03A01: audits everything

  const json = (res: { json(): unknown }) => res.json() as Reply;
  const add = async (token: string, code: string, payload: Row) => {
    const res = json(await t.call({ method: 'POST', url: `${API}/form/${code}`, token, payload }));
    expect(res).toMatchObject({ success: true });
    return res.result as string;
  };
  const apply = async (token: string, code: string, payload: Row) =>
    json(await t.call({ method: 'POST', url: `${API}/apply/${code}`, token, payload }));
  const applied = async (token: string, code: string, payload: Row) => {
    const res = await apply(token, code, payload);
    expect(res).toMatchObject({ success: true, message: '申请已提交，等待审核' });
    return res.result as string;
  };
  const act = async (token: string, id: string, action: 'approve' | 'reject' | 'withdraw', comment?: string) =>
    json(await t.call({ method: 'POST', url: `/sys/dataApply/${id}/${action}`, token, payload: comment === undefined ? {} : { comment } }));
  const detail = async (token: string, id: string) => json(await t.call({ method: 'GET', url: `/sys/dataApply/${id}`, token }));
  const list = async (token: string, query: Record<string, string>) =>
    (json(await t.call({ method: 'GET', url: '/sys/dataApply/list', token, query })).result as { records: Row[]; total: number });
  const record = async (token: string, code: string, id: string) =>
    json(await t.call({ method: 'GET', url: `${API}/form/${code}/${id}`, token }));
  const stored = async (code: string, id: string) =>
    (await t.ctx.db.kysely.selectFrom(code as never).selectAll().where('id' as never, '=', id as never).executeTakeFirst()) as Row | undefined;
  const history = (code: string, id: string) =>
    t.ctx.db.kysely.selectFrom('sysChangeLog').selectAll().where('tableName', '=', code).where('recordId', '=', id).orderBy('id').execute();
  const userId = async (username: string) =>
    (await t.ctx.db.kysely.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const messages = async (username: string) =>
    t.ctx.db.kysely.selectFrom('sysMessage').selectAll().where('userId', '=', await userId(username)).execute();

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: auditSchemas() });
    [lina, wangfang, liuyang] = await Promise.all(['lina', 'wangfang', 'liuyang'].map((u) => t.login(u)));
  });
  afterAll(async () => t?.close());

  it('applies for a new record with child rows; the auditor is told, approves, and the record is the applicant’s', async () => {
    const id = await applied(lina, 'aud_patient', {
      kind: 'add',
      record: { name: '孙七', level: '2', age: 60, aud_visit: [{ note: '初诊' }] },
    });
    const notice = (await messages('wangfang')).find((m) => String(m.redirect).includes(id));
    expect(notice?.title).toContain('孙七');
    expect(JSON.parse(String(notice?.redirect))).toMatchObject({ webUrl: `/dynamicForm/applyAudit?id=${id}` });
    // Nothing is written before the approval.
    expect(await t.ctx.db.kysely.selectFrom('aud_patient' as never).selectAll().where('name' as never, '=', '孙七' as never).execute()).toEqual([]);

    const mine = await list(lina, { box: 'mine' });
    expect(mine.records[0]).toMatchObject({ id, kind: 'add', kindText: '申请新增', status: 'pending', statusText: '待审核', title: '孙七', applicantName: '李娜' });
    expect((await list(wangfang, { box: 'audit' })).records.map((r) => r.id)).toContain(id);
    // A nurse holds no audit permission: her audit box is empty, and approving is not hers.
    expect((await list(lina, { box: 'audit' })).total).toBe(0);

    const seen = (await detail(wangfang, id)).result as Row & { diff: DiffRow[] };
    expect(seen).toMatchObject({ canAudit: true, canWithdraw: false, stale: false });
    expect(seen.diff.find((d) => d.field === 'level')).toMatchObject({ before: null, after: '2', afterText: '重点', changed: true });

    const ok = await act(wangfang, id, 'approve', '同意');
    expect(ok).toMatchObject({ success: true, message: '审核通过，已生效' });
    const newId = ok.result as string;
    const row = await stored('aud_patient', newId);
    expect(row).toMatchObject({ name: '孙七', createBy: 'lina', sysOrgCode: 'A01A01A04', status: '1' });
    expect(Number(row?.visitCount)).toBe(1);
    const [added] = await history('aud_patient', newId);
    expect(added).toMatchObject({ action: 'add', comment: '审核通过（申请人：李娜）', createBy: 'wangfang' });
    expect((await detail(lina, id)).result).toMatchObject({ status: 'approved', resultId: newId, auditorName: '王芳', auditComment: '同意' });
    const told = (await messages('lina')).find((m) => String(m.redirect).includes(`applyDetails?id=${id}`));
    expect(told?.title).toContain('已通过');
  });

  it('refuses invalid values with the direct write’s messages, and an edit that changes nothing', async () => {
    // Applying needs <code>:apply (a doctor holds nothing of the fixture).
    expect(await apply(await t.login('zhangwei'), 'aud_patient', { kind: 'add', record: { name: '吴八' } })).toMatchObject({ success: false, code: 510 });
    expect(await apply(lina, 'aud_patient', { kind: 'rename', record: {} })).toMatchObject({ success: false, code: 400 });
    expect(await apply(lina, 'aud_patient', { kind: 'add', record: { name: '吴八', age: 200 } })).toMatchObject({ success: false, code: 400 });
    expect((await apply(lina, 'aud_patient', { kind: 'add', record: { age: 3 } })).message).toContain('姓名');
    expect((await apply(lina, 'aud_patient', { kind: 'add', record: { name: '吴八', level: '9' } })).success).toBe(false);
    const id = await add(lina, 'aud_patient', { name: '吴八', age: 30 });
    expect(await apply(lina, 'aud_patient', { kind: 'edit', id, record: { name: '吴八', age: 30 } })).toMatchObject({ success: false, message: '没有修改任何内容' });
    expect(await apply(lina, 'aud_patient', { kind: 'delete', id })).toMatchObject({ success: false, message: '请填写申请原因' });
    expect(await apply(lina, 'aud_patient', { kind: 'merge', ids: [id], id })).toMatchObject({ success: false, code: 400 });
  });

  it('applies an edit: the diff shows dictionary texts and masks the phone; approval writes only the changes', async () => {
    const id = await add(lina, 'aud_patient', { name: '郑九', phone: '13812345678', level: '1', age: 40 });
    // The form sends the masked phone back unchanged: it is no change.
    const app = await applied(lina, 'aud_patient', {
      kind: 'edit',
      id,
      record: { name: '郑九', phone: '138****5678', level: '2', age: 41 },
      reason: '复核后更正',
    });
    const seen = (await detail(wangfang, app)).result as Row & { diff: DiffRow[]; fields: Row[] };
    expect(seen.fields.map((f) => f.name)).toEqual(expect.arrayContaining(['name', 'phone', 'level', 'aud_visit']));
    expect(seen.diff.find((d) => d.field === 'level')).toMatchObject({ beforeText: '普通', afterText: '重点', changed: true });
    expect(seen.diff.find((d) => d.field === 'phone')).toMatchObject({ beforeText: '138****5678', afterText: '138****5678', changed: false });
    expect(JSON.stringify(seen)).not.toContain('13812345678');
    expect(seen).toMatchObject({ reason: '复核后更正', title: '郑九' });

    // One pending application per record.
    expect(await apply(lina, 'aud_patient', { kind: 'edit', id, record: { age: 50 } })).toMatchObject({ success: false, message: '该记录已有待审核的申请' });
    expect(await act(lina, app, 'approve')).toMatchObject({ success: false, message: '不能审核自己提交的申请' });

    expect(await act(wangfang, app, 'approve')).toMatchObject({ success: true });
    expect(await stored('aud_patient', id)).toMatchObject({ level: '2', age: 41, phone: '13812345678' });
    const edit = (await history('aud_patient', id)).find((h) => h.action === 'edit');
    expect(edit?.comment).toBe('审核通过（申请人：李娜）');
    expect(Object.keys(JSON.parse(String(edit?.changes))).sort()).toEqual(['age', 'level']);

    // The record's own applications, whatever their status (数据详情).
    const own = await list(wangfang, { box: 'audit', status: 'all', recordId: id });
    expect(own.records.map((r) => [r.id, r.status])).toEqual([[app, 'approved']]);
    expect((await list(wangfang, { box: 'audit', recordId: id })).total).toBe(0);
  });

  it('rejects with a required comment; nobody audits his own application; the applicant may withdraw', async () => {
    const id = await add(lina, 'aud_patient', { name: '冯十', age: 20 });
    const app = await applied(lina, 'aud_patient', { kind: 'edit', id, record: { age: 21 } });
    expect(await act(wangfang, app, 'reject', ' ')).toMatchObject({ success: false, message: '请填写审核意见' });
    expect(await act(wangfang, app, 'reject', '年龄有误')).toMatchObject({ success: true });
    expect((await detail(lina, app)).result).toMatchObject({ status: 'rejected', statusText: '已驳回', auditComment: '年龄有误', canWithdraw: false });
    expect((await messages('lina')).some((m) => String(m.title).includes('已驳回') && String(m.redirect).includes(app))).toBe(true);
    expect(await stored('aud_patient', id)).toMatchObject({ age: 20 });

    const own = await applied(wangfang, 'aud_patient', { kind: 'edit', id, record: { age: 22 } });
    expect(await act(wangfang, own, 'approve')).toMatchObject({ success: false, message: '不能审核自己提交的申请' });
    expect((await detail(wangfang, own)).result).toMatchObject({ canAudit: false, canWithdraw: true });
    // Another's application is not for the applicant to see.
    expect(json(await t.call({ method: 'GET', url: `/sys/dataApply/${own}`, token: lina }))).toMatchObject({ success: false, code: 404 });
    expect(await act(lina, own, 'withdraw')).toMatchObject({ success: false, code: 404 });
    expect(await act(wangfang, own, 'withdraw')).toMatchObject({ success: true });
    expect(await act(liuyang, own, 'approve')).toMatchObject({ success: false, message: HANDLED });
    expect((await list(wangfang, { box: 'mine', status: 'withdrawn' })).records.map((r) => r.id)).toContain(own);
  });

  it('marks an application stale when the record changed since, writing nothing', async () => {
    const id = await add(lina, 'aud_patient', { name: '陈十一', age: 33 });
    const app = await applied(lina, 'aud_patient', { kind: 'edit', id, record: { age: 34 } });
    const put = json(await t.call({ method: 'PUT', url: `${API}/form/aud_patient`, token: wangfang, payload: { id, level: '2' } }));
    expect(put.success).toBe(true);
    expect((await detail(wangfang, app)).result).toMatchObject({ stale: true });
    expect(await act(wangfang, app, 'approve')).toMatchObject({ success: false, code: 400, message: STALE });
    expect(await stored('aud_patient', id)).toMatchObject({ age: 33, level: '2' });
    expect((await detail(lina, app)).result).toMatchObject({ status: 'stale', statusText: '已失效' });
    expect((await messages('lina')).some((m) => String(m.title).includes('已失效') && String(m.redirect).includes(app))).toBe(true);
  });

  it('lets exactly one of two concurrent approvals win', async () => {
    const id = await add(lina, 'aud_patient', { name: '卫十二', age: 50 });
    const app = await applied(lina, 'aud_patient', { kind: 'delete', id, reason: '重复录入' });
    const results = await Promise.all([act(wangfang, app, 'approve'), act(liuyang, app, 'approve')]);
    expect(results.filter((r) => r.success)).toHaveLength(1);
    expect(results.find((r) => !r.success)).toMatchObject({ code: 400, message: HANDLED });
    expect(await stored('aud_patient', id)).toBeUndefined();
    const gone = (await history('aud_patient', id)).find((h) => h.action === 'delete');
    expect(gone?.comment).toBe('审核通过（申请人：李娜）');
  });

  it('refuses direct writes of an `always` entity, which changes only through applications', async () => {
    const refused = { success: false, code: 400, message: '该数据需审核后生效，请提交申请' };
    expect(json(await t.call({ method: 'POST', url: `${API}/form/aud_strict`, token: wangfang, payload: { title: '直接写' } }))).toMatchObject(refused);
    const form = multipartForm([{ name: 'file', file: { name: 'a.xlsx', content: Buffer.from('x') } }]);
    expect(json(await t.call({ method: 'POST', url: `${API}/importXls/aud_strict`, token: wangfang, ...form }))).toMatchObject(refused);
    const app = await applied(lina, 'aud_strict', { kind: 'add', record: { title: '经审核' } });
    const id = (await act(wangfang, app, 'approve')).result as string;
    expect(await stored('aud_strict', id)).toMatchObject({ title: '经审核' });
    expect(json(await t.call({ method: 'PUT', url: `${API}/form/aud_strict`, token: wangfang, payload: { id, title: '改' } }))).toMatchObject(refused);
    expect(json(await t.call({ method: 'DELETE', url: `${API}/form/aud_strict/${id}`, token: wangfang }))).toMatchObject(refused);
    const edit = await applied(lina, 'aud_strict', { kind: 'edit', id, record: { title: '经审核修改' } });
    expect(await act(liuyang, edit, 'approve')).toMatchObject({ success: true });
    expect(await stored('aud_strict', id)).toMatchObject({ title: '经审核修改' });
    // Merging needs `audit.merge`.
    const other = await applied(lina, 'aud_strict', { kind: 'add', record: { title: '经审核修改' } });
    const otherId = (await act(wangfang, other, 'approve')).result as string;
    expect(await apply(lina, 'aud_strict', { kind: 'merge', ids: [id, otherId], id, record: {} })).toMatchObject({ success: false, code: 400 });
  });

  it('changes a record in a locked state only through an approved application', async () => {
    const id = await add(lina, 'aud_patient', { name: '蒋十三', age: 70 });
    expect(json(await t.call({ method: 'POST', url: `${API}/transition/aud_patient/lock`, token: wangfang, payload: { id } })).success).toBe(true);
    const put = json(await t.call({ method: 'PUT', url: `${API}/form/aud_patient`, token: wangfang, payload: { id, age: 71 } }));
    expect(put.success).toBe(false);
    expect(put.message).toContain('已锁定');
    const app = await applied(lina, 'aud_patient', { kind: 'edit', id, record: { age: 71 } });
    expect(await act(wangfang, app, 'approve')).toMatchObject({ success: true });
    expect(await stored('aud_patient', id)).toMatchObject({ age: 71, status: '2' });
    const del = await applied(lina, 'aud_patient', { kind: 'delete', id, reason: '作废' });
    expect(await act(wangfang, del, 'approve')).toMatchObject({ success: true });
    expect(await stored('aud_patient', id)).toBeUndefined();
  });

  it('lists duplicate groups and merges them: refs and child rows move to the survivor, the others go', async () => {
    const a = await add(lina, 'aud_patient', { name: '韩梅', age: 30, cardNo: 'K001', aud_visit: [{ note: '甲院就诊' }] });
    const b = await add(lina, 'aud_patient', { name: '韩梅', age: 31, level: '2', cardNo: 'K002', aud_visit: [{ note: '乙院就诊' }] });
    const c = await add(lina, 'aud_patient', { name: '韩梅', age: 32 });
    await add(lina, 'aud_patient', { name: '唯一', age: 1 });
    const note = await add(lina, 'aud_note', { content: '电话随访', patient: b });

    const dup = json(await t.call({ method: 'GET', url: `${API}/duplicates/aud_patient`, token: lina, query: { pageNo: '1', pageSize: '10' } }));
    const groups = (dup.result as { records: Array<{ key: Row; keyText: string; count: number; ids: string[] }>; total: number }).records;
    const group = groups.find((g) => g.key.name === '韩梅');
    expect(group).toMatchObject({ keyText: '韩梅', count: 3 });
    expect(group?.ids.sort()).toEqual([a, b, c].sort());
    expect(groups.some((g) => g.key.name === '唯一')).toBe(false);
    expect(groups[0].count).toBeGreaterThanOrEqual(groups[groups.length - 1].count);

    expect(await apply(lina, 'aud_patient', { kind: 'merge', ids: [a, b], id: c, record: {} })).toMatchObject({ success: false, code: 400 });
    // The survivor may take a unique value of a record the merge deletes (就诊卡号 of b).
    const app = await applied(lina, 'aud_patient', { kind: 'merge', ids: [a, b], id: a, record: { name: '韩梅', age: 31, level: '2', cardNo: 'K002' } });
    expect(await apply(lina, 'aud_patient', { kind: 'edit', id: b, record: { age: 40 } })).toMatchObject({ success: false, message: '该记录已有待审核的申请' });
    const seen = (await detail(wangfang, app)).result as Row & { records: Row[]; chosen: Row };
    expect(seen).toMatchObject({ kind: 'merge', kindText: '申请合并', recordIds: [a, b], chosen: { age: 31, level: '2', cardNo: 'K002' } });
    expect(seen.records.map((r) => r.level_dictText)).toEqual([null, '重点']);

    expect(await act(wangfang, app, 'approve')).toMatchObject({ success: true, result: a });
    expect(await stored('aud_patient', b)).toBeUndefined();
    const survivor = await stored('aud_patient', a);
    expect(survivor).toMatchObject({ age: 31, level: '2', cardNo: 'K002' });
    expect(Number(survivor?.visitCount)).toBe(2);
    expect(Number(survivor?.noteCount)).toBe(1);
    expect(await stored('aud_note', note)).toMatchObject({ patient: a });
    const visits = ((await record(wangfang, 'aud_patient', a)).result as Row).aud_visit as Row[];
    expect(visits.map((v) => v.note).sort()).toEqual(['乙院就诊', '甲院就诊']);
    expect((await history('aud_patient', b)).some((h) => h.action === 'delete')).toBe(true);
    expect((await history('aud_note', note)).find((h) => h.action === 'edit')?.comment).toBe('审核通过（申请人：李娜）');
  });

  it('shows auditors only applications in their data scope, and tells only them', async () => {
    // 刘洋's own record lies in 信息中心 (A01A03A01), outside 王芳's 华康第一人民医院 (A01A01).
    const id = await add(liuyang, 'aud_patient', { name: '运营部患者', age: 45 });
    const before = (await messages('wangfang')).length;
    const app = await applied(liuyang, 'aud_patient', { kind: 'edit', id, record: { age: 46 } });
    expect((await messages('wangfang')).length).toBe(before);
    expect((await list(wangfang, { box: 'audit' })).records.map((r) => r.id)).not.toContain(app);
    expect(json(await t.call({ method: 'GET', url: `/sys/dataApply/${app}`, token: wangfang }))).toMatchObject({ success: false, code: 404 });
    expect(await act(wangfang, app, 'approve')).toMatchObject({ success: false, code: 404 });
    // Nor may 李娜 apply for a record she cannot see.
    expect(await apply(lina, 'aud_patient', { kind: 'edit', id, record: { age: 47 } })).toMatchObject({ success: false, message: '未找到对应数据' });
    // The audit box filters by status, entity and kind.
    const pending = await list(liuyang, { box: 'audit', entity: 'aud_patient', kind: 'edit' });
    expect(pending.records.every((r) => r.status === 'pending' && r.kind === 'edit')).toBe(true);
    expect(pending.records.map((r) => r.id)).toContain(app);
    expect((await list(liuyang, { box: 'audit', status: 'approved' })).records.every((r) => r.status === 'approved')).toBe(true);
  });
});
