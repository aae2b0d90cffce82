import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { button, formInput, openDialog, rowAction, rowWith, toast } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * Labels and message administration as people use them: an administrator writes a template, sends it
 * to the nurses' role, and a nurse finds it in her bell; the administrator keeps a label and attaches it
 * to a user. Screenshots at desk and phone sizes.
 */
const { server, errors, openPage } = useBrowserSuite();

const newPage = async (viewport = { width: 1440, height: 900 }) => (await openPage({ viewport })).page;

describe('labels and messages administration', () => {
  it('creates a template, sends it to the nurses, and the nurse sees it in the bell', async () => {
    const page = await newPage();
    await signInAs(page, server.url, 'admin');
    await page.goto(`${server.url}/isystem/messageTemplate`);
    await button(page, '新增').click();
    let dialog = openDialog(page, '新增');
    await formInput(dialog, '模板编码').fill('e2e_shift');
    await formInput(dialog, '模板名称').fill('排班提醒');
    await formInput(dialog, '标题模板').fill('${name}，本周排班已更新');
    await formInput(dialog, '内容模板', 'textarea').fill('${name} 您好，请在周五前确认本周排班。');
    await button(dialog, '确定').click();
    await toast(page, '添加成功！').waitFor();
    const row = rowWith(page, 'e2e_shift');
    await row.waitFor();
    await screenshot(page, 'messages-admin-templates');

    await rowAction(page, row, '发送');
    dialog = openDialog(page, '发送消息');
    await formInput(dialog, '变量值', 'textarea').fill('name=护理组');
    await formInput(dialog, '接收角色', 'button').click();
    const picker = page.locator('.ant-modal:visible').last();
    await picker.locator('.ant-table-row').filter({ hasText: '护士' }).first().locator('input[type=checkbox]').check();
    await button(picker, '确定').click();
    await dialog.getByText('护士').first().waitFor();
    await screenshot(page, 'messages-admin-send');
    await button(dialog, '确定').click();
    await toast(page, /已发送给 \d+ 人/).waitFor();

    await page.goto(`${server.url}/isystem/messageSend`);
    const sent = rowWith(page, '护理组，本周排班已更新');
    await sent.waitFor();
    expect(await sent.textContent()).toContain('排班提醒');
    await rowAction(page, sent, '接收人');
    const drawer = openDialog(page, '接收人及阅读状态');
    await drawer.locator('.ant-table-row').filter({ hasText: '李娜' }).waitFor();
    await screenshot(page, 'messages-admin-log');
    await drawer.locator('.ant-drawer-close').click();

    // The send screen: a template picked there, with its values, to a chosen role.
    await button(page, '发送消息').click();
    dialog = openDialog(page, '发送消息');
    await formInput(dialog, '消息模板', '.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('排班提醒').click();
    await formInput(dialog, '变量值', 'textarea').fill('name=夜班护士');
    expect(await dialog.locator('label', { hasText: /^标题$/ }).count()).toBe(0);
    await formInput(dialog, '接收角色', 'button').click();
    const rolePicker = page.locator('.ant-modal:visible').last();
    await rolePicker.locator('.ant-table-row').filter({ hasText: '护士' }).first().locator('input[type=checkbox]').check();
    await button(rolePicker, '确定').click();
    await dialog.getByText('护士').first().waitFor();
    await screenshot(page, 'messages-admin-send-template');
    await button(dialog, '确定').click();
    await toast(page, /已发送给 \d+ 人/).waitFor();
    await rowWith(page, '夜班护士，本周排班已更新').waitFor();
    await page.context().close();

    const nurse = await newPage();
    await signInAs(nurse, server.url, 'lina');
    // The unread modal opens on sign-in when there is something new; it lists the message too.
    const unread = nurse.locator('.ant-modal:visible').filter({ hasText: '近三天未读消息' });
    await nurse.locator('.notices-bell[aria-label*="条未读"]').waitFor();
    if (await unread.count()) {
      await screenshot(nurse, 'messages-admin-nurse-unread');
      await unread.locator('.ant-modal-close').click();
    }
    await nurse.locator('.notices-bell').click();
    const panel = nurse.locator('.ant-popover:visible .notices-panel');
    await panel.getByRole('tab', { name: /^系统消息/ }).click();
    await panel.getByText('护理组，本周排班已更新').first().waitFor();
    await screenshot(nurse, 'messages-admin-nurse-bell');
    await nurse.context().close();
  });

  it('keeps a system label and attaches it to a user', async () => {
    const page = await newPage();
    await signInAs(page, server.url, 'admin');
    await page.goto(`${server.url}/isystem/label`);
    await button(page, '新增标签').click();
    const dialog = openDialog(page, '新增');
    await dialog.getByText('系统标签', { exact: true }).click();
    await formInput(dialog, '标签名称').fill('重点关注');
    await button(dialog, '确定').click();
    await toast(page, '保存成功！').waitFor();
    await rowWith(page, '重点关注').waitFor();
    await screenshot(page, 'messages-admin-labels');

    await page.goto(`${server.url}/isystem/user`);
    await page.getByPlaceholder('请输入账号').fill('lina');
    await button(page, '查询').first().click();
    const lina = rowWith(page, '李娜');
    await lina.first().waitFor({ timeout: 20_000 });
    await rowAction(page, lina.first(), '标签');
    let picker = openDialog(page, '设置标签');
    await picker.getByText('重点关注', { exact: true }).click();
    await screenshot(page, 'messages-admin-label-picker');
    await button(picker, '保存').click();
    await toast(page, '保存成功！').waitFor();
    await picker.waitFor({ state: 'hidden' });

    // Opened again, the label is on.
    await rowAction(page, lina.first(), '标签');
    picker = openDialog(page, '设置标签');
    await expect.poll(() => picker.locator('.ant-tag-checkable-checked').allTextContents()).toEqual(['重点关注']);
    await page.context().close();
  });

  it('fits a phone screen', async () => {
    const page = await newPage({ width: 390, height: 844 });
    await signInAs(page, server.url, 'admin');
    for (const [path, text, name] of [
      ['/isystem/label', '重点关注', 'messages-admin-labels-phone'],
      ['/isystem/messageTemplate', 'e2e_shift', 'messages-admin-templates-phone'],
      ['/isystem/messageSend', '护理组', 'messages-admin-log-phone'],
    ] as const) {
      await page.goto(`${server.url}${path}`);
      await page.getByText(text).first().waitFor();
      await screenshot(page, name);
    }
    // The send form fits the phone: every field is reachable and nothing sticks out sideways.
    await button(page, '发送消息').click();
    const dialog = openDialog(page, '发送消息');
    await formInput(dialog, '标题').waitFor();
    const box = await dialog.locator('.ant-modal-content').boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    await screenshot(page, 'messages-admin-send-phone');
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
