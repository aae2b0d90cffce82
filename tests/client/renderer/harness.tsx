import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { storeDictCache } from '../../../src/client/session/dicts';
import { setPermissions } from '../../../src/client/session/store';
import type { AuthRecord } from '../../../src/client/session/types';
import { SchemaPage } from '../../../src/client/renderer/SchemaPage';
import type { PageDefinition } from '../../../src/client/renderer/definition/types';
import { fakeServer, ok } from '../shell/fake-server';
import { renderAt, resetShell, storeSession } from '../shell/harness';

export { fakeServer, ok };

// Formily and antd's virtual table take a while to settle in jsdom on a busy two-core machine.
configure({ asyncUtilTimeout: 10_000 });
vi.setConfig({ testTimeout: 60_000 });

/** Dictionaries as sign-in stores them (sysAllDictItems), so dictionary widgets need no request. */
export const DICTS = {
  sex: [
    { value: '1', text: '男' },
    { value: '2', text: '女' },
  ],
  user_status: [
    { value: '1', text: '正常' },
    { value: '2', text: '冻结' },
  ],
  menu_type: [
    { value: '0', text: '一级菜单' },
    { value: '1', text: '子菜单' },
    { value: '2', text: '按钮/权限' },
  ],
  perms_type: [
    { value: '1', text: '显示/隐藏' },
    { value: '2', text: '可用/禁用' },
  ],
  valid_status: [
    { value: '1', text: '有效' },
    { value: '0', text: '无效' },
  ],
  erp_equipment_status: [
    { value: '1', text: '在用' },
    { value: '2', text: '维修中' },
    { value: '3', text: '闲置' },
    { value: '4', text: '已报废' },
  ],
};

/** A signed-in console with the given button permissions (getUserPermissionByToken's auth/allAuth). */
export function signIn(auth: AuthRecord[] = [], allAuth: AuthRecord[] = []) {
  resetShell();
  storeSession();
  storeDictCache(DICTS);
  setPermissions({ menu: [], auth, allAuth });
}

/** Every code given to the user, configured as show/hide buttons. */
export function grant(...codes: string[]): { auth: AuthRecord[]; allAuth: AuthRecord[] } {
  const records = codes.map((action) => ({ action, type: '1', status: '1' }));
  return { auth: records, allAuth: records };
}

/** Opens the schema page of a menu component at a path (with :code for entity pages). */
export function openPage(component: string, path = '/page', routePath = '*') {
  return renderAt(<SchemaPage component={component} />, path, routePath);
}

/** The page definition route answering one definition. */
export const pageRoute = (page: PageDefinition | Record<string, unknown>) => ({
  'GET /sys/schema/page': ok(page),
});

export const page = <T,>(records: T[], total = records.length) =>
  ok({ records, total, size: 30, current: 1, pages: 1 });

/** The body rows of the table (virtual or not), as their text. */
export function tableRows(): HTMLElement[] {
  return Array.from(
    document.querySelectorAll<HTMLElement>(
      '.ant-table-tbody .ant-table-row, .ant-table-tbody-virtual .ant-table-row',
    ),
  );
}

export function rowOf(text: string): HTMLElement {
  const row = tableRows().find((r) => r.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

/** The query form's 查询 button (not 高级查询). */
export const SEARCH = /^(search)?\s*查询$/;

export async function clickButton(name: string | RegExp) {
  await userEvent.click(await screen.findByRole('button', { name }));
}

/** Ticks a row's selection box. */
export async function selectRow(text: string) {
  const box = rowOf(text).querySelector('input[type="checkbox"]') as HTMLElement;
  await userEvent.click(box);
}

/** Clicks OK in the newest confirmation dialog (modal.confirm). */
export async function confirmDialog() {
  const ok = await waitFor(() => {
    const confirms = Array.from(document.querySelectorAll<HTMLElement>('.ant-modal-confirm'));
    const button = confirms.at(-1)?.querySelector<HTMLElement>('.ant-modal-confirm-btns .ant-btn-primary');
    if (!button) throw new Error('no confirmation dialog');
    return button;
  });
  await userEvent.click(ok);
}

/** Opens an antd select (found by its accessible name, within a container) and picks an option. */
export async function chooseOption(combobox: HTMLElement, label: string) {
  await userEvent.click(combobox);
  const option = await waitFor(() => {
    // The newest dropdown is the last one; closing ones (hidden or leaving) ignore the pointer.
    const open = Array.from(
      document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden):not(.ant-slide-up-leave) .ant-select-item-option',
      ),
    );
    const hit = open.reverse().find((o) => o.getAttribute('title') === label || o.textContent === label);
    if (!hit) throw new Error(`no option ${label}`);
    return hit;
  });
  await userEvent.click(option);
}

/**
 * The open dialog with this title. (antd gives every dialog the same aria id under NODE_ENV=test, so
 * role-and-name queries only work while a single dialog is open.)
 */
export function dialogTitled(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const hit = screen
      .queryAllByRole('dialog')
      .find((d) => d.querySelector('.ant-modal-title, .ant-drawer-title')?.textContent === title);
    if (!hit) throw new Error(`no dialog ${title}`);
    return hit;
  });
}
