import { idCardCheckChar, validDate } from '../../../shared/validators.js';
import { countyCodes } from '../../lib/area.js';
import type { Random } from './random.js';

/**
 * Realistic personal data for demo stories (the `fake` and `age` generators): every value is drawn from
 * the story's random, so the same seed gives the same people on every database.
 */

/** Common surnames, most frequent first, with rough weights (王李张刘陈 cover about a third of people). */
const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤'.split(
    '',
  );
const SURNAME_WEIGHTS = SURNAMES.map((_, i) => (i < 5 ? 7 : i < 20 ? 2.5 : 1));
/** Characters of given names by sex (1 male, 2 female); a name takes one or two of them. */
const GIVEN: Record<'1' | '2', string[]> = {
  '1': '伟强军磊洋勇杰涛明超刚平辉鹏华飞鑫波斌宇浩凯健俊帆帅旭宁龙林峰建国志文博海兵松亮成永德东晨阳振兴'.split(
    '',
  ),
  '2': '芳娜敏静丽艳娟霞秀英华玲萍红燕梅琳雪慧婷颖洁琴云莉兰凤丹倩晶欣怡佳悦桂珍淑蓉月春晓雅思璐'.split(''),
};
/** Mobile number prefixes in use (all 1[3-9]x). */
const MOBILE_PREFIXES = [
  '130',
  '131',
  '132',
  '133',
  '134',
  '135',
  '136',
  '137',
  '138',
  '139',
  '150',
  '151',
  '152',
  '153',
  '155',
  '156',
  '157',
  '158',
  '159',
  '166',
  '173',
  '175',
  '176',
  '177',
  '178',
  '180',
  '181',
  '182',
  '183',
  '184',
  '185',
  '186',
  '187',
  '188',
  '189',
  '191',
  '195',
  '198',
  '199',
];
const ROADS =
  '人民 解放 建设 中山 和平 幸福 新华 文化 胜利 朝阳 长江 黄河 光明 青年 学府 团结 育才 迎宾 滨河 东风'.split(
    ' ',
  );
const ROAD_KINDS = ['路', '街', '大道'];

let counties: string[] | null = null;
/** The county codes of the area data the server checks area fields against (six digits). */
const allCounties = () => (counties ??= countyCodes().filter((c) => /^\d{6}$/.test(c)));

const sexKey = (sex: unknown): '1' | '2' | undefined =>
  String(sex) === '1' ? '1' : String(sex) === '2' ? '2' : undefined;

/** A Chinese full name; one fitting `sex` (1 male, 2 female) when given, else either. */
export function personName(rng: Random, sex?: unknown): string {
  const chars = GIVEN[sexKey(sex) ?? rng.choose(['1', '2'] as const)];
  const given = rng.next() < 0.7 ? rng.choose(chars) + rng.choose(chars) : rng.choose(chars);
  return rng.choose(SURNAMES, SURNAME_WEIGHTS) + given;
}

/** A mobile number: a prefix in use, then eight digits. */
export function mobile(rng: Random): string {
  return rng.choose(MOBILE_PREFIXES) + String(rng.int(0, 99_999_999)).padStart(8, '0');
}

/** A county code of the area data. */
export const county = (rng: Random): string => rng.choose(allCounties());

/** A street address: 人民路 128 号 3 栋 2 单元 501 室. */
export function address(rng: Random): string {
  return (
    `${rng.choose(ROADS)}${rng.choose(ROAD_KINDS)}${rng.int(1, 999)}号` +
    `${rng.int(1, 30)}栋${rng.int(1, 6)}单元${rng.int(1, 30)}0${rng.int(1, 4)}室`
  );
}

/**
 * An 18-character resident ID number (GB 11643): a county code of the area data, the birth date
 * (YYYY-MM-DD), a three-digit sequence whose last digit is odd for men (sex 1) and even for women (2),
 * and the check character.
 */
export function idCard(rng: Random, birth: string, sex: unknown): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(birth);
  const key = sexKey(sex);
  if (!m || !key || !validDate(Number(m[1]), Number(m[2]), Number(m[3]))) return undefined;
  const parity = rng.int(0, 4) * 2 + (key === '1' ? 1 : 0);
  const first17 = `${county(rng)}${m[1]}${m[2]}${m[3]}${String(rng.int(0, 99)).padStart(2, '0')}${parity}`;
  return first17 + idCardCheckChar(first17);
}

/**
 * A birth date (YYYY-MM-DD) of someone aged between `min` and `max` whole years on `today`
 * (YYYY-MM-DD), every day of that span equally likely.
 */
export function birthDate(rng: Random, today: string, min: number, max: number): string {
  const [y, mo, d] = today.split('-').map(Number);
  // Born after the day `max + 1` years back (else he is older), on or before the day `min` years back.
  const yearsBack = (n: number) => {
    const t = Date.UTC(y - n, mo - 1, d);
    // From 29 February back to a year without it: the 28th (one born on 1 March is not a year older yet).
    return validDate(y - n, mo, d) ? t : Date.UTC(y - n, 1, 28);
  };
  const [lo, hi] = min <= max ? [min, max] : [max, min];
  const earliest = yearsBack(hi + 1) + 86_400_000;
  const latest = yearsBack(lo);
  const days = Math.round((latest - earliest) / 86_400_000);
  return new Date(earliest + rng.int(0, days) * 86_400_000).toISOString().slice(0, 10);
}
