import { describe, expect, it } from 'vitest';
import { scopeSchemas } from '../server/scope-fixtures.js';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, confirm, openModal, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * 设备密钥 as an organisation's manager uses it: she issues a key for a blood-pressure meter, copies it
 * from the dialog that shows it once, the meter posts a reading with it, and she revokes it; the meter's
 * next post is refused. Platform fixture module: a patient with readings that devices may post.
 */
const suite = useBrowserSuite({ failureShots: 'api-keys', schemas: scopeSchemas });
const POLL = { timeout: 15_000 };

const devicePost = (key: string, body: unknown) =>
  fetch(`${suite.server.url}/jeecg-boot/online/cgform/api/device/scp_reading`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Api-Key': key },
    body: JSON.stringify(body),
  });

describe('device API keys page', () => {
  it('issues a key shown once, a device posts with it, and revoking it stops the device', async () => {
    const doctor = await apiToken(suite.server.url, 'zhangwei');
    await apiCall(suite.server.url, doctor, 'POST', '/jeecg-boot/online/cgform/api/form/scp_patient', { name: '王一', cardNo: 'E2E001' });

    const { page } = await suite.openPage();
    await signInAs(page, suite.server.url, 'wangfang');
    await page.goto(`${suite.server.url}/isystem/apiKey`);
    await button(page, '新建密钥').click();
    const dialog = openModal(page, '新建设备密钥');
    await dialog.getByLabel('密钥名称').fill('一号血压计');
    // Her one organisation is chosen for her.
    await dialog.getByText('华康医疗集团').waitFor(POLL);
    await dialog.getByLabel('可上传的数据').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('范围测试读数').click();
    // The multi-select stays open over the buttons: clicking the title closes it.
    await dialog.locator('.ant-modal-title').click();
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
    await button(dialog, '生成密钥').click();

    const shown = openModal(page, '密钥已生成');
    const value = shown.getByTestId('api-key-value');
    await value.waitFor(POLL);
    const key = (await value.innerText()).trim();
    expect(key).toMatch(/^yjy_[A-Za-z0-9_-]{43}$/);
    await screenshot(page, 'api-keys-issued');
    await button(shown, '我已保存，关闭').click();

    const row = rowWith(page, '一号血压计');
    await row.waitFor(POLL);
    expect(await row.innerText()).toContain(key.slice(0, 8));
    expect(await row.innerText()).not.toContain(key);
    expect(await row.innerText()).toContain('启用');

    const posted = await devicePost(key, { patient: 'E2E001', sbp: 138 });
    expect(await posted.json()).toMatchObject({ success: true, result: { ok: 1, errors: [] } });

    await rowAction(page, row, '停用');
    await confirm(page);
    await toast(page, '已停用').waitFor(POLL);
    await expect.poll(() => row.innerText(), POLL).toContain('已停用');
    await screenshot(page, 'api-keys-revoked');
    expect((await devicePost(key, { patient: 'E2E001', sbp: 120 })).status).toBe(401);
    expect(suite.errors).toEqual([]);
  });
});
