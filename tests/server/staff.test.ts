import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stableId } from '../../src/server/db/menu-sync.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const userId = (name: string) => stableId('user', name);
const departId = (code: string) => stableId('depart', code);
const roleId = (code: string) => stableId('role', code);
const PNG_SIGNATURE = '89504e470d0a1a0a';

describe.each(DIALECTS)('staff accounts on $name', ({ url }) => {
  let t: TestApp;
  let admin: string;
  let lina: string;

  const get = (path: string, token?: string) => t.call({ method: 'GET', url: path, token });
  const post = (path: string, token: string, payload: object) => t.call({ method: 'POST', url: path, token, payload });
  const staff = {
    staffId: 'HR-000123',
    username: 'staff_doc1',
    realname: '员工医生',
    phone: '13700001111',
    selectedroles: roleId('doctor'),
    selecteddeparts: departId('A01A01A01'),
  };

  beforeAll(async () => {
    t = await createTestApp(url);
    admin = await t.login('admin');
    lina = await t.login('lina');
  });
  afterAll(async () => t?.close());

  it('creates a staff account without a password, marked as staff with its HR id', async () => {
    expect((await post('/api/sys/staff/user/add', lina, staff)).json()).toMatchObject({ success: false, code: 510 });
    const res = await post('/api/sys/staff/user/add', admin, { ...staff, userType: null, status: 2 });
    expect(res.json()).toMatchObject({ success: true, message: '添加成功！', result: { username: 'staff_doc1' } });
    const id = res.json().result.id as string;
    const row = (await get(`/sys/user/queryById?id=${id}`, admin)).json().result;
    expect(row).toMatchObject({ userType: 'staff', staffId: 'HR-000123', status: 1, orgCodeTxt: '心血管内科' });
    expect(JSON.stringify(row)).not.toMatch(/argon2|passwordHash/);
    // Without a password nobody can sign in with one.
    const login = await t.call({ method: 'POST', url: '/sys/login', payload: { username: 'staff_doc1', password: '' } });
    expect(login.json().success).toBe(false);
    const dup = await post('/api/sys/staff/user/add', admin, { ...staff, username: 'staff_doc2', phone: '13700002222' });
    expect(dup.json()).toMatchObject({ success: false, message: '该员工已开通账号' });
    const weak = await post('/api/sys/staff/user/add', admin, { ...staff, staffId: 'HR-9', username: 'staff_doc3', phone: null, password: 'short' });
    expect(weak.json()).toMatchObject({ success: false, message: '密码长度不能少于 8 位' });
  });

  it('finds a username by staff id, within the caller\'s scope', async () => {
    expect((await get('/api/sys/staff/user/getStaffUsernameByStaffId?staffId=HR-000123', admin)).json()).toMatchObject({
      success: true,
      result: 'staff_doc1',
    });
    expect((await get('/api/sys/staff/user/getStaffUsernameByStaffId?staffId=HR-000123', lina)).json()).toMatchObject({
      success: false,
      message: '未找到对应数据',
    });
    expect((await get('/api/sys/staff/user/getStaffUsernameByStaffId?staffId=nobody', admin)).json().success).toBe(false);
    expect((await get(`/api/sys/staff/user/getStaffUsernameByStaffId?staffId=${encodeURIComponent("x' or '1'='1")}`, admin)).statusCode).toBe(400);
  });

  it('resets a staff password as administrator only, ending the old sessions', async () => {
    const body = { staffId: 'HR-000123', password: 'Staff@Pass01', confirmPassword: 'Staff@Pass01' };
    expect((await post('/api/sys/staff/user/resetPasswordByAdmin', lina, body)).json().code).toBe(510);
    const weak = await post('/api/sys/staff/user/resetPasswordByAdmin', admin, { ...body, password: '11111111', confirmPassword: '11111111' });
    expect(weak.json()).toMatchObject({ success: false, message: '密码过于简单，请换一个' });
    const mismatch = await post('/api/sys/staff/user/resetPasswordByAdmin', admin, { ...body, confirmPassword: 'Other@Pass01' });
    expect(mismatch.json()).toMatchObject({ success: false, message: '两次输入的密码不一样！' });
    expect((await post('/api/sys/staff/user/resetPasswordByAdmin', admin, body)).json()).toMatchObject({ success: true, message: '密码重置成功！' });
    const token = await t.login('staff_doc1', 'Staff@Pass01');
    await post('/api/sys/staff/user/resetPasswordByAdmin', admin, { username: 'staff_doc1', password: 'Staff@Pass02' });
    expect((await get('/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(401);
    expect(await t.login('staff_doc1', 'Staff@Pass02')).toBeTruthy();
  });

  it('updates a staff account by staff id; the password and username stay', async () => {
    const res = await post('/api/sys/staff/user/update', admin, {
      staffId: 'HR-000123',
      realname: '员工医生甲',
      username: 'renamed',
      password: 'Hijack@Pass1',
      userType: null,
    });
    expect(res.json()).toMatchObject({ success: true, message: '修改成功!' });
    const name = (await get('/api/sys/staff/user/getStaffUsernameByStaffId?staffId=HR-000123', admin)).json().result;
    expect(name).toBe('staff_doc1');
    const row = (await get('/sys/user/list?username=staff_doc1', admin)).json().result.records[0];
    expect(row).toMatchObject({ realname: '员工医生甲', userType: 'staff' });
    expect(await t.login('staff_doc1', 'Staff@Pass02')).toBeTruthy();
    expect((await post('/api/sys/staff/user/update', lina, { staffId: 'HR-000123', realname: 'x' })).json().code).toBe(510);
  });

  it('freezes and unfreezes a staff account', async () => {
    const token = await t.login('staff_doc1', 'Staff@Pass02');
    expect((await post('/api/sys/staff/user/changeStatus', lina, { staffId: 'HR-000123', status: 2 })).json().code).toBe(510);
    expect((await post('/api/sys/staff/user/changeStatus', admin, { staffId: 'HR-000123', status: 2 })).json().success).toBe(true);
    expect((await get('/sys/user/getCurrentUserDeparts', token)).statusCode).toBe(401);
    const login = await t.call({ method: 'POST', url: '/api/sys/staff/user/login', payload: { username: 'staff_doc1', password: 'Staff@Pass02' } });
    expect(login.json()).toMatchObject({ success: false, message: '该用户已冻结' });
    expect((await post('/api/sys/staff/user/changeStatus', admin, { staffId: 'HR-000123', status: '1' })).json().success).toBe(true);
    expect(await t.login('staff_doc1', 'Staff@Pass02')).toBeTruthy();
    const self = await post('/api/sys/staff/user/changeStatus', admin, { id: userId('admin'), status: 2 });
    expect(self.json()).toMatchObject({ success: false, message: '不能冻结当前登录用户' });
  });

  it('tells whether a username is taken, to signed-in users only', async () => {
    expect((await get('/api/sys/staff/user/usernameRepeatCheck?username=admin')).statusCode).toBe(401);
    expect((await get('/api/sys/staff/user/usernameRepeatCheck?username=admin', lina)).json()).toMatchObject({ success: true, result: true });
    expect((await get('/api/sys/staff/user/usernameRepeatCheck?username=brand_new', lina)).json()).toMatchObject({ success: true, result: false });
    expect((await get(`/api/sys/staff/user/usernameRepeatCheck?username=lina&id=${userId('lina')}`, lina)).json().result).toBe(false);
  });

  it('adds people from outside the organisation without departments, for unrestricted administrators only', async () => {
    const outside = { staffId: 'EXT-1', username: 'visiting_doc', realname: '外院医生', password: 'Visit@Pass01', selectedroles: roleId('doctor') };
    expect((await post('/api/sys/staff/user/addOutside', lina, outside)).json().code).toBe(510);
    const withDepart = await post('/api/sys/staff/user/addOutside', admin, { ...outside, selecteddeparts: departId('A01A01A01') });
    expect(withDepart.json()).toMatchObject({ success: false, message: '外部人员不能设置所属部门' });
    const res = await post('/api/sys/staff/user/addOutside', admin, outside);
    expect(res.json().success).toBe(true);
    const row = (await get(`/sys/user/queryById?id=${res.json().result.id}`, admin)).json().result;
    expect(row).toMatchObject({ userType: 'staff', staffId: 'EXT-1', orgCodeTxt: '', orgCode: null });
    expect(await t.login('visiting_doc', 'Visit@Pass01')).toBeTruthy();
  });

  it('gives a doctor the QR code of their own card; others need user:list', async () => {
    const zhangwei = await t.login('zhangwei');
    const own = (await get(`/api/sys/staff/user/wxmpQrCode?id=${userId('zhangwei')}`, zhangwei)).json();
    expect(own.success).toBe(true);
    expect(own.result).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(own.result.split(',')[1], 'base64');
    expect(png.subarray(0, 8).toString('hex')).toBe(PNG_SIGNATURE);
    const other = await get(`/api/sys/staff/user/wxmpQrCode?id=${userId('chenjing')}`, zhangwei);
    expect(other.json()).toMatchObject({ success: false, code: 510 });
    const byAdmin = (await get(`/api/sys/staff/user/wxmpQrCode?id=${userId('chenjing')}`, admin)).json();
    expect(byAdmin.result).toMatch(/^data:image\/png;base64,/);
    expect(byAdmin.result).not.toBe(own.result);
    const notDoctor = await get(`/api/sys/staff/user/wxmpQrCode?id=${userId('lina')}`, admin);
    expect(notDoctor.json()).toMatchObject({ success: false, message: '该用户不是医生，没有医生二维码' });
    expect((await get(`/api/sys/staff/user/wxmpQrCode?id=${userId('lina')}`, lina)).json().message).toBe('该用户不是医生，没有医生二维码');
    expect((await get(`/api/sys/staff/user/wxmpQrCode?id=${userId('zhangwei')}`)).statusCode).toBe(401);
  });
});
