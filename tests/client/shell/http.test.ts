import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { md5 } from 'js-md5';
import {
  deleteAction,
  downloadFile,
  getAction,
  getFile,
  httpAction,
  postAction,
  putAction,
  staticUrl,
  uploadAction,
} from '../../../src/client/api';
import { bindFeedback, feedback } from '../../../src/client/api/feedback';
import { registerLogout } from '../../../src/client/api/session-hooks';
import { pageNavigation } from '../../../src/client/router/navigation';
import { computeSign } from '../../../src/shared/sign';
import { bizFail, fakeServer, ok } from './fake-server';
import { resetShell, storeSession } from './harness';

const SECRET = 'dd05f1c54d63749eda95f9fa6d49v442a';

function spyFeedback() {
  const real = feedback();
  const message = { ...real.message, warning: vi.fn(), success: vi.fn(), error: vi.fn() };
  const notification = { ...real.notification, error: vi.fn() };
  const modal = { ...real.modal, error: vi.fn() };
  bindFeedback({ message, notification, modal } as unknown as ReturnType<typeof feedback>);
  return { message, notification, modal, restore: () => bindFeedback(real) };
}

describe('HTTP client', () => {
  let fb: ReturnType<typeof spyFeedback>;
  beforeEach(() => {
    resetShell();
    fb = spyFeedback();
  });
  afterEach(() => {
    fb.restore();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('sends token, tenant and application code, signs GET with the params actually sent, adds _t, strips empties', async () => {
    storeSession();
    const server = fakeServer({ 'GET /sys/user/list': ok({ records: [] }) });
    const res = await getAction('/sys/user/list', { username: 'ad', realname: '', status: null, pageNo: 1 });
    expect(res.success).toBe(true);
    const req = server.calls[0];
    expect(req.headers['x-access-token']).toBe('tok-123');
    expect(req.headers['tenant-id']).toBe('0');
    expect(req.headers['x-app-code']).toBe('YJY-ERP-WEB');
    expect(req.params).toMatchObject({ username: 'ad', pageNo: 1 });
    expect(req.params).not.toHaveProperty('realname');
    expect(req.params).not.toHaveProperty('status');
    expect(typeof req.params._t).toBe('number');
    expect(Number(req.headers['x-timestamp'])).toBeGreaterThan(Date.now() - 5000);
    expect(req.headers['x-sign']).toBe(computeSign(md5, '/sys/user/list', { username: 'ad', pageNo: 1 }, SECRET));
  });

  it('never adds _t to dictionary items and signs the comma path variable', async () => {
    const server = fakeServer({ 'GET /sys/dict/getDictItems/sys_user,realname,username': ok([]) });
    await getAction('/sys/dict/getDictItems/sys_user,realname,username');
    const req = server.calls[0];
    expect(req.params).not.toHaveProperty('_t');
    expect(req.headers['x-sign']).toBe('D9E9093773A902BBE1CF4FAE26BE5D1C');
  });

  it('signs POST bodies and httpAction; PUT, DELETE, upload are not signed', async () => {
    const server = fakeServer({
      'POST /sys/role/add': ok(null),
      'PATCH /x/y': ok(null),
      'PUT /sys/role/edit': ok(null),
      'DELETE /sys/role/delete': ok(null),
      'POST /sys/common/upload': ok('a.png'),
    });
    await postAction('/sys/role/add', { roleName: '医生', sort: 2 });
    await httpAction('/x/y', { a: 1 }, 'patch');
    await putAction('/sys/role/edit', { id: '1' });
    await deleteAction('/sys/role/delete', { id: '1' });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await uploadAction('/sys/common/upload', form);
    const [post, patch, put, del, upload] = server.calls;
    expect(post.headers['x-sign']).toBe(computeSign(md5, '/sys/role/add', { roleName: '医生', sort: 2 }, SECRET));
    expect(post.body).toEqual({ roleName: '医生', sort: 2 });
    expect(patch.headers['x-sign']).toBe(computeSign(md5, '/x/y', { a: 1 }, SECRET));
    expect(put.headers['x-sign']).toBeUndefined();
    expect(del.headers['x-sign']).toBeUndefined();
    expect(del.params).toMatchObject({ id: '1' });
    expect(upload.headers['x-sign']).toBeUndefined();
  });

  it('resolves business failures to the envelope and warns on result code 510', async () => {
    fakeServer({ 'GET /a': bizFail('名称已存在'), 'GET /b': bizFail('没有权限，请联系管理员授权', 510) });
    expect(await getAction('/a')).toMatchObject({ success: false, message: '名称已存在' });
    expect(fb.message.warning).not.toHaveBeenCalled();
    await getAction('/b');
    expect(fb.message.warning).toHaveBeenCalledWith('没有权限，请联系管理员授权');
  });

  it('shows 拒绝访问 / 资源未找到 / 网络超时 / the server message for HTTP errors and rejects', async () => {
    fakeServer({
      '/403': { status: 403, body: { success: false, code: 403, message: 'x' } },
      '/404': { status: 404, body: {} },
      '/504': { status: 504, body: {} },
      '/400': { status: 400, body: { success: false, code: 400, message: '缺少必填请求体：name' } },
    });
    for (const [url, text] of [
      ['/403', '拒绝访问'],
      ['/404', '很抱歉，资源未找到!'],
      ['/504', '网络超时'],
      ['/400', '缺少必填请求体：name'],
    ]) {
      await expect(getAction(url)).rejects.toThrow();
      expect(fb.notification.error).toHaveBeenLastCalledWith(expect.objectContaining({ description: text }));
    }
  });

  it('on 401 says 未授权，请重新登录, signs out and reloads after 1.5 s', async () => {
    const logout = vi.fn(async () => {});
    registerLogout(logout);
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    fakeServer({ '/me': { status: 401, body: { success: false, code: 401, message: 'Token失效，请重新登录!' } } });
    await expect(getAction('/me')).rejects.toThrow();
    expect(fb.notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: '未授权，请重新登录' }));
    expect(logout).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1), { timeout: 2500 });
  });

  it('on a 500 with token-expired text opens the 登录已过期 modal whose button signs out and reloads', async () => {
    const logout = vi.fn(async () => {});
    registerLogout(logout);
    const reload = vi.spyOn(pageNavigation, 'reload').mockImplementation(() => {});
    fakeServer({ '/x': { status: 500, body: { success: false, code: 500, message: 'Token失效，请重新登录' } } });
    await expect(getAction('/x')).rejects.toThrow();
    const args = fb.modal.error.mock.calls[0][0];
    expect(args).toMatchObject({ title: '登录已过期', content: '很抱歉，登录已过期，请重新登录', okText: '重新登录' });
    await args.onOk();
    expect(logout).toHaveBeenCalled();
    expect(reload).toHaveBeenCalled();
  });

  it('checks blob replies for the same errors and refuses empty downloads', async () => {
    fakeServer({
      '/file/json-error': { body: { success: false, code: 500, message: '导出失败：无数据' } },
      '/file/empty': { body: '', contentType: 'application/vnd.ms-excel' },
      '/file/ok': { body: 'a,b', contentType: 'text/csv' },
    });
    await expect(getFile('/file/json-error')).rejects.toThrow('导出失败：无数据');
    expect(fb.notification.error).toHaveBeenCalledWith(expect.objectContaining({ description: '导出失败：无数据' }));
    expect(await downloadFile('/file/empty', 'a.xls')).toBe(false);
    expect(fb.message.warning).toHaveBeenCalledWith('文件下载失败');
    const blob = await getFile('/file/ok');
    expect(await blob.text()).toBe('a,b');
  });

  it('prefixes stored paths with the static domain', () => {
    expect(staticUrl('temp/a.png')).toBe('/jeecg-boot/sys/common/static/temp/a.png');
    expect(staticUrl('https://cdn.example/a.png')).toBe('https://cdn.example/a.png');
    expect(staticUrl('')).toBe('');
  });
});
