import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureFolder } from './definition-fixtures.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';

const API = '/online/cgform/api';

/** The small valid definitions plus the `last` fixture: 对象 ← 读数 (ref, defaultSort measuredAt). */
function latestSchemas(): string {
  const { schemas } = fixtureFolder('yjy-latest-', 'valid');
  fs.cpSync('tests/fixtures/schemas/latest/modules', path.join(schemas, 'modules'), { recursive: true });
  return schemas;
}

// last(<entity>.<field>): the field of the newest referring row by that entity's defaultSort, kept
// current through adds, edits of the sort field and deletes, and usable inside if().
describe.each(DIALECTS)('last() roll-up on $name', ({ url }) => {
  let t: TestApp;
  let token: string;

  const ok = (res: { json(): { success: boolean; result: unknown }; body: string }) => {
    expect(res.json(), res.body.slice(0, 300)).toMatchObject({ success: true });
    return res.json().result;
  };
  const add = async (code: string, payload: Record<string, unknown>) =>
    ok(await t.call({ method: 'POST', url: `${API}/form/${code}`, token, payload })) as string;
  const patient = async (id: string) =>
    ok(await t.call({ method: 'GET', url: `${API}/form/lt_patient/${id}`, token })) as Record<string, unknown>;
  const latest = async (id: string) => {
    const p = await patient(id);
    return {
      sbp: p.lastSbp === null ? null : Number(p.lastSbp),
      weight: p.lastWeight === null ? null : Number(p.lastWeight),
      controlled: Number(p.controlled),
      readings: Number(p.readings),
    };
  };

  beforeAll(async () => {
    t = await createTestApp(url, {}, { schemasDir: latestSchemas() });
    token = await t.login('admin');
  });
  afterAll(async () => t?.close());

  it('follows the newest reading through adds, sort-field edits and deletes', async () => {
    const p = await add('lt_patient', { name: '张三' });
    expect(await latest(p)).toEqual({ sbp: null, weight: null, controlled: 1, readings: 0 });

    const first = await add('lt_reading', { patient: p, measuredAt: '2026-03-01 08:00:00', sbp: 150, weight: 70.5 });
    expect(await latest(p)).toEqual({ sbp: 150, weight: 70.5, controlled: 0, readings: 1 });

    // Added later but measured earlier: not the newest.
    const older = await add('lt_reading', { patient: p, measuredAt: '2026-02-01 08:00:00', sbp: 120, weight: 69 });
    expect(await latest(p)).toEqual({ sbp: 150, weight: 70.5, controlled: 0, readings: 2 });

    // Its time moved past the first: now it is the newest (if() over last() follows).
    ok(await t.call({ method: 'PUT', url: `${API}/form/lt_reading`, token, payload: { id: older, measuredAt: '2026-03-05 08:00:00' } }));
    expect(await latest(p)).toEqual({ sbp: 120, weight: 69, controlled: 1, readings: 2 });

    // A reading without a time never counts as the newest.
    await add('lt_reading', { patient: p, sbp: 200 });
    expect((await latest(p)).sbp).toBe(120);

    // Deleting the newest falls back to the one before.
    ok(await t.call({ method: 'DELETE', url: `${API}/form/lt_reading/${older}`, token }));
    expect(await latest(p)).toEqual({ sbp: 150, weight: 70.5, controlled: 0, readings: 2 });

    // Editing the newest's value is picked up; other patients are untouched.
    const other = await add('lt_patient', { name: '李四' });
    await add('lt_reading', { patient: other, measuredAt: '2026-04-01 08:00:00', sbp: 110 });
    ok(await t.call({ method: 'PUT', url: `${API}/form/lt_reading`, token, payload: { id: first, sbp: 135 } }));
    expect(await latest(p)).toMatchObject({ sbp: 135, controlled: 1 });
    expect(await latest(other)).toMatchObject({ sbp: 110, controlled: 1, readings: 1 });
  });

  it('moves the value when a reading is moved to another patient', async () => {
    const a = await add('lt_patient', { name: '王五' });
    const b = await add('lt_patient', { name: '赵六' });
    const r = await add('lt_reading', { patient: a, measuredAt: '2026-05-01 08:00:00', sbp: 160 });
    await add('lt_reading', { patient: b, measuredAt: '2026-01-01 08:00:00', sbp: 125 });
    ok(await t.call({ method: 'PUT', url: `${API}/form/lt_reading`, token, payload: { id: r, patient: b } }));
    expect(await latest(a)).toEqual({ sbp: null, weight: null, controlled: 1, readings: 0 });
    expect(await latest(b)).toMatchObject({ sbp: 160, controlled: 0, readings: 2 });
  });

  it('ignores a value sent for the roll-up', async () => {
    const p = await add('lt_patient', { name: '钱七', lastSbp: 99 });
    expect((await latest(p)).sbp).toBeNull();
  });
});
