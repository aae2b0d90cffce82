import { describe, expect, it } from 'vitest';
import { apiCall, apiToken } from './api.js';
import { screenshot, useBrowserSuite } from './browser.js';
import { openModal, rowAction, rowWith } from './screen.js';
import { signInAs } from './sign-in.js';

/**
 * A role's permission grants in its 变更记录 tab (issue 16): the grant is saved through the API, then
 * the role's detail shows an 编辑 entry whose 菜单权限 line lists the menus before and after.
 */
const suite = useBrowserSuite({ failureShots: 'system-link-history' });
const API = '/jeecg-boot';
const POLL = { timeout: 15_000 };

describe('history of system links', () => {
  it("shows a role's changed permissions in its 变更记录 tab", async () => {
    const base = suite.server.url;
    const token = await apiToken(base, 'admin');
    const roles = await apiCall<{ records: Array<{ id: string; roleCode: string }> }>(base, token, 'GET', `${API}/sys/role/list?pageSize=50`);
    const nurse = roles.records.find((r) => r.roleCode === 'nurse')!;
    const granted = await apiCall<string[]>(base, token, 'GET', `${API}/sys/permission/queryRolePermission?roleId=${nurse.id}`);
    const tree = await apiCall<{ ids: string[] }>(base, token, 'GET', `${API}/sys/role/queryTreeList`);
    const extra = tree.ids.find((id) => !granted.includes(id))!;
    await apiCall(base, token, 'POST', `${API}/sys/permission/saveRolePermission`, { roleId: nurse.id, permissionIds: [...granted, extra].join(',') });

    const { page } = await suite.openPage({ viewport: { width: 1440, height: 900 } });
    await signInAs(page, base, 'admin');
    await page.goto(`${base}/isystem/roleUserList`);
    const row = rowWith(page, '护士');
    await row.first().waitFor({ timeout: 20_000 });
    await rowAction(page, row.first(), '详情');
    const detail = openModal(page, '详情');
    await detail.getByRole('tab', { name: '变更记录' }).click();
    const timeline = detail.locator('[data-testid="change-history"]');
    await timeline.waitFor(POLL);
    const latest = timeline.locator('.ant-timeline-item').first();
    expect(await latest.locator('.ant-tag').textContent()).toBe('编辑');
    const line = latest.locator('.ant-table-row').filter({ hasText: '菜单权限' });
    await line.waitFor(POLL);
    const [title, before, after] = await line.locator('td').allTextContents();
    expect(title).toBe('菜单权限');
    expect(after.split(',').length).toBe(before === '（空）' ? 1 : before.split(',').length + 1);
    await screenshot(page, 'system-link-history-role-1440');
    expect(suite.errors).toEqual([]);
  });
});
