import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import customerSource from '../../../schemas/modules/erp/pages/erp-customer.json';
import customerEntity from '../../../schemas/modules/erp/entities/erp_customer.json';
import { derivePage } from '../../../src/shared/page-derive';
import type { EntityDefinition, PageDefinition } from '../../../src/shared/schema-types';
import userPage from '../../../schemas/pages/system-user.json';
import { bizFail } from '../shell/fake-server';
import { clickButton, fakeServer, grant, ok, openPage, page, pageRoute, signIn } from './harness';

/** The customer page as the server serves it: derived from its entity (src/shared/page-derive). */
const customerPage = derivePage(customerSource as PageDefinition, [customerEntity as EntityDefinition]);

const xlsx = (name: string) =>
  new File(['sheet'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
const DEPARTS = { 'GET /sys/sysDepart/queryTreeList': ok([]) };

async function openImport() {
  await clickButton(/导入/);
  return screen.findByRole('dialog', { name: '导入EXCEL' });
}
const fileInput = (d: HTMLElement) => d.querySelector('input[type="file"]') as HTMLInputElement;
const startButton = (d: HTMLElement) => within(d).getByRole('button', { name: /开始上传|上传中/ });

describe('Import EXCEL', () => {
  beforeEach(() => {
    const { auth, allAuth } = grant('user:import', 'erp_customer:list', 'erp_customer:import');
    signIn(auth, allAuth);
  });

  it('uploads the chosen .xls/.xlsx files in one request and reports success', async () => {
    let listCalls = 0;
    const s = fakeServer({
      ...pageRoute(userPage),
      ...DEPARTS,
      'GET /sys/user/list': () => {
        listCalls++;
        return page([]);
      },
      'POST /sys/user/importExcel': ok(null, '文件导入成功！数据行数：2'),
    });
    openPage('system/UserList', '/isystem/user');
    const d = await openImport();
    expect(startButton(d)).toBeDisabled();
    // No validation switch outside online (entity) pages.
    expect(within(d).queryByText('是否开启校验')).not.toBeInTheDocument();
    await userEvent.upload(fileInput(d), [xlsx('a.xlsx'), xlsx('b.xls')]);
    expect(within(d).getByText('a.xlsx')).toBeInTheDocument();
    expect(startButton(d)).toBeEnabled();
    const before = listCalls;
    await userEvent.click(startButton(d));
    await waitFor(() => expect(s.last('POST', '/sys/user/importExcel')).toBeDefined());
    const form = s.last('POST', '/sys/user/importExcel')!.body as FormData;
    expect(form.getAll('files[]').map((f) => (f as File).name)).toEqual(['a.xlsx', 'b.xls']);
    expect(form.has('validateStatus')).toBe(false);
    expect(await screen.findByText('文件导入成功！数据行数：2')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '导入EXCEL' })).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls).toBeGreaterThan(before));
  });

  it('warns with the file name and message on failure and stays open', async () => {
    fakeServer({
      ...pageRoute(userPage),
      ...DEPARTS,
      'GET /sys/user/list': page([]),
      'POST /sys/user/importExcel': bizFail('文件导入失败:有重复数据！'),
    });
    openPage('system/UserList', '/isystem/user');
    const d = await openImport();
    await userEvent.upload(fileInput(d), xlsx('users.xlsx'));
    await userEvent.click(startButton(d));
    expect(await screen.findByText('users.xlsx 导入失败：文件导入失败:有重复数据！')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '导入EXCEL' })).toBeInTheDocument();
  });

  it('on an online page sends the validation switch (off by default) and explains partial imports', async () => {
    const s = fakeServer({
      ...pageRoute(customerPage),
      'GET /online/cgform/api/getData/erp_customer': page([]),
      'POST /online/cgform/api/importXls/erp_customer': {
        body: {
          success: true,
          code: 201,
          message: '文件导入成功，但有错误。',
          result: {
            msg: '总上传行数：3，已导入行数：2，错误行数：1',
            fileUrl: '/sys/common/static/logs/err.txt',
            fileName: 'err.txt',
          },
        },
      },
      'GET /sys/common/static/logs/err.txt': { body: '第3行：客户编号格式不正确', contentType: 'text/plain' },
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    openPage('OnlineList', '/online/cgformList/erp_customer', '/online/cgformList/:code');
    const d = await openImport();
    const toggle = within(d).getByRole('switch', { name: '是否开启校验' });
    // Validation is on by default (issue 12 §6); this import turns it off.
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await userEvent.upload(fileInput(d), xlsx('customers.xlsx'));
    await userEvent.click(startButton(d));
    await waitFor(() => expect(s.last('POST', '/online/cgform/api/importXls/erp_customer')).toBeDefined());
    expect(
      (s.last('POST', '/online/cgform/api/importXls/erp_customer')!.body as FormData).get('validateStatus'),
    ).toBe('0');
    expect((await screen.findAllByText('导入成功，但存在错误数据！')).length).toBeGreaterThan(0);
    expect(screen.getByText('总上传行数：3，已导入行数：2，错误行数：1')).toBeInTheDocument();
    await userEvent.click(screen.getByText('下载错误信息'));
    await waitFor(() => expect(s.last('GET', '/sys/common/static/logs/err.txt')).toBeDefined());
  });

  it('offers the error report when every row fails, and keeps the dialog open', async () => {
    const s = fakeServer({
      ...pageRoute(customerPage),
      'GET /online/cgform/api/getData/erp_customer': page([]),
      'POST /online/cgform/api/importXls/erp_customer': {
        body: {
          success: false,
          code: 500,
          message: '文件导入失败:所有数据行都未通过校验，请下载错误报告查看原因',
          result: { msg: '总上传行数：2，已导入行数：0，错误行数：2', fileUrl: '/sys/common/static/logs/all.txt', fileName: 'all.txt' },
        },
      },
      'GET /sys/common/static/logs/all.txt': { body: '第2行：客户编号不能为空', contentType: 'text/plain' },
    });
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => {};
    openPage('OnlineList', '/online/cgformList/erp_customer', '/online/cgformList/:code');
    const d = await openImport();
    await userEvent.upload(fileInput(d), xlsx('bad.xlsx'));
    await userEvent.click(startButton(d));
    expect((await screen.findAllByText('导入失败，数据均未通过校验')).length).toBeGreaterThan(0);
    expect(screen.getByText('总上传行数：2，已导入行数：0，错误行数：2')).toBeInTheDocument();
    await userEvent.click(screen.getByText('下载错误信息'));
    await waitFor(() => expect(s.last('GET', '/sys/common/static/logs/all.txt')).toBeDefined());
    expect(screen.getAllByRole('dialog', { name: '导入EXCEL' }).length).toBeGreaterThan(0);
  });

  it('starts clean on every opening, validation on, and sends validateStatus 1', async () => {
    const s = fakeServer({
      ...pageRoute(customerPage),
      'GET /online/cgform/api/getData/erp_customer': page([]),
      'POST /online/cgform/api/importXls/erp_customer': ok(null, '共1行数据全部导入成功！'),
    });
    openPage('OnlineList', '/online/cgformList/erp_customer', '/online/cgformList/:code');
    let d = await openImport();
    await userEvent.upload(fileInput(d), xlsx('first.xlsx'));
    await userEvent.click(within(d).getByRole('switch', { name: '是否开启校验' }));
    await userEvent.click(within(d).getByRole('button', { name: '关闭' }));
    d = await openImport();
    expect(within(d).queryByText('first.xlsx')).not.toBeInTheDocument();
    expect(within(d).getByRole('switch', { name: '是否开启校验' })).toBeChecked();
    await userEvent.upload(fileInput(d), xlsx('second.xlsx'));
    await userEvent.click(startButton(d));
    await waitFor(() => expect(s.last('POST', '/online/cgform/api/importXls/erp_customer')).toBeDefined());
    expect(
      (s.last('POST', '/online/cgform/api/importXls/erp_customer')!.body as FormData).get('validateStatus'),
    ).toBe('1');
    expect(await screen.findByText('共1行数据全部导入成功！')).toBeInTheDocument();
  });
});
