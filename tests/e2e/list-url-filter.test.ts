import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenshot, useBrowserSuite } from './browser.js';
import { signInAs } from './sign-in.js';

/**
 * A list opened with address filters its query form has no field for (a drill-down from a statistic over
 * child rows: `?<child>.<field>=…`): they reach the list API, a note says the list is filtered, and
 * clearing drops them. Fixture module: tests/fixtures/schemas/ages (bills and their lines).
 */
const { server, errors, openPage } = useBrowserSuite({
  failureShots: 'list-url-filter',
  schemas: () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yjy-e2e-url-filter-'));
    fs.cpSync('schemas', dir, { recursive: true });
    fs.cpSync('tests/fixtures/schemas/ages/modules', path.join(dir, 'modules'), { recursive: true });
    return dir;
  },
});

describe('address filters beyond the query form', () => {
  it('are sent to the list API, shown as a note, and can be cleared', async () => {
    const { page } = await openPage({ viewport: { width: 1440, height: 900 } });
    const sent: URL[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/online/cgform/api/getData/age_bill')) sent.push(new URL(r.url()));
    });
    await signInAs(page, server.url, 'admin');
    await page.goto(`${server.url}/online/cgformList/age_bill?age_bill_line.product=${encodeURIComponent('纱布')}`);
    const note = page.locator('.renderer-list-page .list-url-filter');
    await note.waitFor({ timeout: 20_000 });
    expect(await note.textContent()).toContain('1 个条件');
    await expect.poll(() => sent.some((u) => u.searchParams.get('age_bill_line.product') === '纱布')).toBe(true);
    await screenshot(page, 'list-url-filter');
    await note.getByRole('button', { name: '清除这些条件' }).click();
    await page.waitForURL((u) => u.pathname === '/online/cgformList/age_bill' && u.search === '', { timeout: 10_000 });
    await note.waitFor({ state: 'detached', timeout: 10_000 });
    await expect.poll(() => sent.at(-1)?.searchParams.has('age_bill_line.product')).toBe(false);
    expect(errors).toEqual([]);
  });
});
