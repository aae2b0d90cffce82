import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { treeSchemas } from './tree-fixtures.js';

const API = '/online/cgform/api';

// Issue 18 (tree): 树形分类 (parentId → itself) refuses a parent that is the row itself or below it.
describe.each(DIALECTS)('tree entities on $name', ({ url }) => {
  let t: TestApp;
  let token: string;
  const body = (res: { json(): unknown }) =>
    res.json() as { success: boolean; message: string; result: unknown };
  const add = async (payload: Record<string, unknown>) => {
    const res = body(await t.call({ method: 'POST', url: `${API}/form/tre_category`, token, payload }));
    expect(res).toMatchObject({ success: true });
    return res.result as string;
  };
  const move = (id: string, parentId: string | null) =>
    t.call({ method: 'PUT', url: `${API}/form/tre_category`, token, payload: { id, parentId } });

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: treeSchemas() });
    token = await t.login('wangfang');
  });
  afterAll(async () => t?.close());

  it('refuses a row as its own parent or under its own descendant, and allows other moves', async () => {
    const root = await add({ name: '医疗设备' });
    const child = await add({ name: '监护设备', parentId: root });
    const grandchild = await add({ name: '心电监护仪', parentId: child });
    const other = await add({ name: '医用耗材' });

    for (const [id, parent] of [
      [root, root],
      [root, child],
      [root, grandchild],
      [child, grandchild],
    ]) {
      const res = await move(id, parent);
      expect(res.statusCode).toBe(400);
      expect(body(res)).toMatchObject({ success: false, message: '上级不能是自身或其下级' });
    }
    const stored = body(await t.call({ method: 'GET', url: `${API}/form/tre_category/${root}`, token }));
    expect((stored.result as { parentId: unknown }).parentId ?? null).toBeNull();

    expect(body(await move(child, other))).toMatchObject({ success: true });
    // 监护设备 moved away with 心电监护仪: 医疗设备 may now go under 心电监护仪, and then 医用耗材 may not go under 医疗设备.
    expect(body(await move(root, grandchild))).toMatchObject({ success: true });
    expect(body(await move(other, root))).toMatchObject({
      success: false,
      message: '上级不能是自身或其下级',
    });
    expect(body(await move(grandchild, null))).toMatchObject({ success: true });
  });

  it('offers the whole tree, each row with its parent, to a ref picker that asks for it', async () => {
    const top = await add({ name: '影像设备' });
    const leaf = await add({ name: 'B超机', parentId: top });
    const res = body(
      await t.call({
        method: 'GET',
        url: `${API}/refOptions/tre_item/category`,
        token,
        query: { tree: 'true' },
      }),
    );
    const records = (res.result as { records: Array<{ value: string; text: string; parent: string | null }> })
      .records;
    expect(records).toContainEqual({ value: top, text: '影像设备', parent: null });
    expect(records).toContainEqual({ value: leaf, text: 'B超机', parent: top });
    // Without tree the picker pages as before and carries no parent.
    const flat = body(
      await t.call({
        method: 'GET',
        url: `${API}/refOptions/tre_item/category`,
        token,
        query: { pageSize: '2' },
      }),
    );
    const page = (flat.result as { records: Array<Record<string, unknown>> }).records;
    expect(page).toHaveLength(2);
    expect(page[0]).not.toHaveProperty('parent');
  });
});
