import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDate, parseDateTime } from '../../src/shared/time.js';
import { passesPresetCheck } from '../../src/shared/validate-presets.js';
import { areaText } from '../../src/server/lib/area.js';
import { createTestApp, DIALECTS, type TestApp } from './harness.js';
import { schemasWithSeedModule } from './seed-stories-fixture.js';

const STORIES = 8;
const DAY_MS = 86_400_000;

interface Row {
  id: string;
  [k: string]: unknown;
}

const rows = async (t: TestApp, table: string) =>
  (await sql<Row>`select * from ${sql.table(table)} order by create_time, id`.execute(t.ctx.db.kysely)).rows;

/** Age in whole years on `day` of someone born on `birth` (both YYYY-MM-DD). */
function ageOn(birth: string, day: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [y, m, d] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

const fingerprints = new Map<string, unknown>();

// Issue 19 §9: demo people from generators, acted by role-picked users, with two years of readings.
describe.each(DIALECTS)('seed people on $name', ({ name, url }) => {
  let t: TestApp;
  let printed: string[];
  let doctors: Map<string, string>;

  beforeAll(async () => {
    printed = [];
    const spy = vi
      .spyOn(console, 'log')
      .mockImplementation((line: unknown) => void printed.push(String(line)));
    try {
      t = await createTestApp(
        url,
        { LOG_LEVEL: 'warn', SEED_STORIES: String(STORIES) },
        { schemasDir: schemasWithSeedModule('seed-people', 'people', 'people_demo') },
      );
    } finally {
      spy.mockRestore();
    }
    const users = await t.ctx.db.kysely
      .selectFrom('sysUser as u')
      .innerJoin('sysUserRole as ur', 'ur.userId', 'u.id')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select(['u.id', 'u.username'])
      .where('r.roleCode', '=', 'doctor')
      .execute();
    doctors = new Map(users.map((u) => [u.id, u.username]));
  }, 180_000);
  afterAll(async () => t?.close());

  it('plays every step, acting as doctors drawn per story and per fixed row', async () => {
    expect(printed.filter((l) => l.startsWith('演示业务数据'))).toEqual([
      expect.stringMatching(new RegExp(`^演示业务数据：${STORIES} 个故事，\\d+ 条记录，0 个步骤未执行$`)),
    ]);
    const patients = await rows(t, 'people_patient');
    expect(patients).toHaveLength(4 + STORIES);
    // Every row was added by a doctor, in his own scope (doctor_id is the adding doctor).
    for (const p of patients) expect(doctors.get(String(p.doctorId))).toBe(p.createBy);
    const fixed = patients.filter((p) => String(p.name).startsWith('示例'));
    expect(fixed).toHaveLength(4);
    const storied = patients.filter((p) => !String(p.name).startsWith('示例'));
    expect(new Set(storied.map((p) => p.createBy)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(patients.map((p) => p.createBy)).size).toBeGreaterThanOrEqual(3);
    // A patient's readings are all recorded by the doctor the story drew for him.
    const readings = await rows(t, 'people_reading');
    for (const r of readings) {
      const p = patients.find((x) => x.id === r.patientId) as Row;
      expect(r.createBy).toBe(p.createBy);
    }
  });

  it('fills people from the generators: names, ID numbers fitting birth date and sex, mobiles, areas', async () => {
    const storied = (await rows(t, 'people_patient')).filter((p) => !String(p.name).startsWith('示例'));
    for (const p of storied) {
      const born = String(p.birthDate);
      const added = formatDate(parseDateTime(String(p.createTime)));
      expect(ageOn(born, added)).toBeGreaterThanOrEqual(35);
      expect(ageOn(born, added)).toBeLessThanOrEqual(85);
      const id = String(p.idCard);
      expect(passesPresetCheck('idCard', id)).toBe(true);
      expect(id.slice(6, 14)).toBe(born.replaceAll('-', ''));
      expect(Number(id[16]) % 2).toBe(p.sex === '1' ? 1 : 0);
      expect(String(p.name)).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(String(p.mobile)).toMatch(/^1[3-9]\d{9}$/);
      expect(areaText(String(p.region))).toBeDefined();
      expect(String(p.address)).toMatch(/号.+室$/);
    }
    expect(new Set(storied.map((p) => p.sex))).toEqual(new Set(['1', '2']));
  });

  it('repeats a step more than 20 times, each repetition moving the clock by `after`', async () => {
    const patients = await rows(t, 'people_patient');
    const readings = await rows(t, 'people_reading');
    const counts = patients.map((p) => readings.filter((r) => r.patientId === p.id).length);
    expect(Math.max(...counts)).toBeGreaterThan(20);
    for (const p of patients) {
      const own = readings.filter((r) => r.patientId === p.id);
      // The roll-up counted each reading as it was added.
      expect(Number(p.readings)).toBe(own.length);
      let last = parseDateTime(String(p.createTime));
      for (const r of own) {
        const at = parseDateTime(String(r.createTime));
        expect(r.readDate).toBe(formatDate(at));
        // 600–840 hours after the step before (whole seconds stored).
        expect(at - last).toBeGreaterThanOrEqual(25 * DAY_MS - 1000);
        expect(at - last).toBeLessThanOrEqual(35 * DAY_MS + 1000);
        last = at;
      }
    }
    // Readings without their dates: each database's run seeds from its own "now" (stored to the second),
    // so a reading close to midnight may fall on another day there; their spacing is checked above.
    fingerprints.set(name, {
      patients: patients.map((p) => [p.name, p.sex, p.birthDate, p.idCard, p.mobile, p.region, p.createBy]),
      readings: readings.map((r) => [r.sbp, r.dbp, r.createBy]),
    });
  });
});

describe('seed people everywhere', () => {
  it('gives the same people on every database for the same definition', () => {
    const [first, ...rest] = [...fingerprints.values()];
    expect(fingerprints.size).toBe(DIALECTS.length);
    for (const other of rest) expect(other).toEqual(first);
  });
});
