import { describe, expect, it } from 'vitest';
import {
  address,
  birthDate,
  county,
  idCard,
  mobile,
  personName,
} from '../../src/server/db/seed-stories/fake.js';
import { seededRandom } from '../../src/server/db/seed-stories/random.js';
import { areaText } from '../../src/server/lib/area.js';
import { passesPresetCheck, rulePattern } from '../../src/shared/validate-presets.js';

const N = 2000;
const GIVEN_MALE =
  /[伟强军磊洋勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆帅旭宁龙林峰建国志文博海兵松亮成永德东晨阳振兴]$/;
const GIVEN_FEMALE =
  /[芳娜敏静丽艳娟霞秀英华玲萍红燕梅琳雪慧婷颖洁琴云莉兰凤丹倩晶欣怡佳悦桂珍淑蓉月春晓雅思璐]$/;

/** Age in whole years on `today` of someone born on `birth` (both YYYY-MM-DD). */
function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

// Issue 19 §9: realistic demo people, deterministic from the seed's random.
describe('seed person generators', () => {
  it('makes 18-character ID numbers that pass the idCard rule, with the birth date, sex parity and a real county', () => {
    const rng = seededRandom(7);
    const re = new RegExp(rulePattern('idCard'), 'u');
    for (let i = 0; i < N; i++) {
      const sex = i % 2 === 0 ? '1' : '2';
      const birth = birthDate(rng, '2026-11-26', 0, 100);
      const id = idCard(rng, birth, sex) as string;
      expect(id).toMatch(re);
      expect(passesPresetCheck('idCard', id)).toBe(true);
      expect(id.slice(6, 14)).toBe(birth.replaceAll('-', ''));
      expect(Number(id[16]) % 2).toBe(sex === '1' ? 1 : 0);
      expect(areaText(id.slice(0, 6))).toBeDefined();
    }
    // A damaged check character is refused by the same rule: the rule is really applied.
    const id = idCard(rng, '1980-02-29', 2) as string;
    expect(passesPresetCheck('idCard', id.slice(0, 17) + (id[17] === '0' ? '1' : '0'))).toBe(false);
    expect(idCard(rng, '1981-02-29', '1')).toBeUndefined();
    expect(idCard(rng, '1980-01-01', '')).toBeUndefined();
  });

  it('draws birth dates whose age on the story date is within the bounds, over the whole span', () => {
    const rng = seededRandom(11);
    for (const today of ['2026-11-26', '2028-02-29', '2027-01-01']) {
      const ages = new Set<number>();
      for (let i = 0; i < N; i++) {
        const birth = birthDate(rng, today, 35, 40);
        const age = ageOn(birth, today);
        expect(age).toBeGreaterThanOrEqual(35);
        expect(age).toBeLessThanOrEqual(40);
        ages.add(age);
      }
      expect([...ages].sort()).toEqual([35, 36, 37, 38, 39, 40]);
    }
    // The youngest possible is born exactly `min` years back; the oldest the day after `max + 1` years back.
    const edges = new Set(Array.from({ length: 5000 }, () => birthDate(rng, '2026-11-26', 0, 0)));
    expect([...edges].sort()[0]).toBe('2025-11-27');
    expect([...edges].sort().at(-1)).toBe('2026-11-26');
  });

  it('makes names fitting the sex, valid mobiles, county codes and addresses', () => {
    const rng = seededRandom(3);
    const mobiles = new Set<string>();
    for (let i = 0; i < N; i++) {
      const male = personName(rng, 1);
      const female = personName(rng, '2');
      expect(male).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);
      expect(male).toMatch(GIVEN_MALE);
      expect(female).toMatch(GIVEN_FEMALE);
      const m = mobile(rng);
      expect(m).toMatch(new RegExp(rulePattern('m'), 'u'));
      mobiles.add(m);
      expect(areaText(county(rng))).toBeDefined();
      expect(address(rng)).toMatch(/^[\u4e00-\u9fa5]+(路|街|大道)\d+号\d+栋\d单元\d+室$/);
    }
    expect(mobiles.size).toBeGreaterThan(N * 0.99);
  });

  it('gives the same people for the same seed and other people for another', () => {
    const people = (seed: number) => {
      const rng = seededRandom(seed);
      return Array.from({ length: 50 }, () => {
        const birth = birthDate(rng, '2026-11-26', 20, 90);
        return [personName(rng, 1), mobile(rng), idCard(rng, birth, 1), county(rng), address(rng)].join('|');
      });
    };
    expect(people(42)).toEqual(people(42));
    expect(people(43)).not.toEqual(people(42));
  });
});
