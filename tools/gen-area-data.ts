/**
 * Turns @vant/area-data (flat province/city/county lists with 6-digit codes) into the nested map the
 * area picker reads: `{'86': {provinceCode: name}, provinceCode: {cityCode: name}, cityCode: {countyCode: name}}`.
 * Run once when the package is upgraded: `npx tsx tools/gen-area-data.ts`; the output is committed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { areaList } from '@vant/area-data';

export const AREA_ROOT = '86';
type AreaMap = Record<string, Record<string, string>>;

export function buildAreaMap(list: typeof areaList): AreaMap {
  const map: AreaMap = { [AREA_ROOT]: {} };
  const put = (parent: string, code: string, name: string) => {
    (map[parent] ??= {})[code] = name;
  };
  for (const [code, name] of Object.entries(list.province_list)) put(AREA_ROOT, String(code), name);
  for (const [code, name] of Object.entries(list.city_list)) put(`${String(code).slice(0, 2)}0000`, String(code), name);
  for (const [code, name] of Object.entries(list.county_list)) put(`${String(code).slice(0, 4)}00`, String(code), name);
  return map;
}

const here = path.dirname(fileURLToPath(import.meta.url));
const target = path.resolve(here, '../src/client/widgets/area/area-data.json');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const map = buildAreaMap(areaList);
  fs.writeFileSync(target, `${JSON.stringify(map)}\n`);
  const counties = Object.keys(areaList.county_list).length;
  console.log(`已生成 ${path.relative(process.cwd(), target)}：${Object.keys(map[AREA_ROOT]).length} 个省级、${counties} 个县级区划`);
}
