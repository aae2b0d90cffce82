import type { Kysely } from 'kysely';
import type { EntityDefinition } from '../../shared/schema-types.js';
import { systemFields } from '../../shared/entity-record.js';
import type { Database } from './tables.js';
import { formatDateTime, parseDateTime } from '../../shared/time.js';
import { stableId } from './menu-sync.js';
import { DEPARTS } from './seed-data.js';

/**
 * Deterministic zh-CN demo rows for the demo entities (schemas/modules/erp/entities/erp_*.json), inserted once when
 * their table is first created and SEED_DEMO is on. Ids are stable, so tests can name rows.
 */

const BASE = parseDateTime('2026-01-10 08:30:00');
const at = (hours: number) => formatDateTime(BASE + hours * 3600_000);
const tenantOf = (orgCode: string) =>
  (DEPARTS.find(([c]) => c === orgCode) as [string, string, string, number])[3];

const CUSTOMER_NAMES: Array<[string, string]> = [
  ['江南市第一人民医院', '1'],
  ['滨江区社区卫生服务中心', '2'],
  ['同仁堂大药房（滨江店）', '3'],
  ['华东医药供应链有限公司', '4'],
  ['西湖区中医院', '1'],
  ['康宁口腔诊所', '2'],
  ['益丰大药房（文三路店）', '3'],
  ['九州通医药集团华东公司', '4'],
  ['临平区妇幼保健院', '1'],
  ['仁爱骨科诊所', '2'],
  ['老百姓大药房（延安路店）', '3'],
  ['国药控股浙江有限公司', '4'],
  ['萧山区第二人民医院', '1'],
  ['和睦家社区诊所', '2'],
  ['海王星辰药房', '3'],
  ['上海医药分销有限公司', '4'],
  ['余杭区第三人民医院', '1'],
  ['明州眼科诊所', '2'],
  ['一心堂药店（凤起路店）', '3'],
  ['华润医药商业集团', '4'],
  ['富阳区人民医院', '1'],
  ['瑞康儿科诊所', '2'],
  ['大参林药房（湖墅店）', '3'],
  ['英特药业有限公司', '4'],
  ['桐庐县中医院', '1'],
  ['安和康复医院', '1'],
  ['仁和健康体检中心', '2'],
  ['仁和社区药房', '3'],
  ['仁和医疗器械经销部', '4'],
  ['仁和中西医结合门诊', '2'],
];
const REGIONS = ['浙江省杭州市', '浙江省宁波市', '江苏省苏州市', '上海市', '浙江省绍兴市', '安徽省合肥市'];
const CONTACTS = [
  '王建国',
  '李秀英',
  '张海燕',
  '刘志强',
  '陈丽娟',
  '杨俊杰',
  '黄晓明',
  '赵雪梅',
  '吴文博',
  '周静怡',
];
const CUSTOMER_DEPARTS = ['A01A03A02', 'A01A03A02', 'A01A01', 'A01A02', 'A01A03A02'];

export function customerRows() {
  return CUSTOMER_NAMES.map(([name, customerType], i) => {
    const renhe = i >= 26; // the last four belong to the second tenant
    const sysOrgCode = renhe ? 'A02A01' : CUSTOMER_DEPARTS[i % CUSTOMER_DEPARTS.length];
    return {
      id: stableId('erp_customer', String(i + 1)),
      name,
      customerNo: `KH${String(1001 + i).padStart(6, '0')}`,
      customerType,
      level: ['A', 'B', 'C'][i % 3],
      contact: CONTACTS[i % CONTACTS.length],
      phone: `139${String(5710000 + i * 37).padStart(8, '0')}`,
      email: `contact${i + 1}@customer.example.cn`,
      region: REGIONS[i % REGIONS.length],
      address: `${REGIONS[i % REGIONS.length]}${['解放路', '中山路', '延安路', '人民路', '建设路'][i % 5]}${(i % 9) + 1}${i % 4}号`,
      creditLimit: [50000, 120000, 300000, 800000, 20000][i % 5] + i * 1000,
      status: i % 7 === 6 ? '0' : '1',
      // Seeded customers have been approved (the workflow's 已启用); new ones start 待审核.
      auditStatus: '2',
      remark: i % 5 === 0 ? '年度框架协议客户' : null,
      tenantId: tenantOf(sysOrgCode),
      sysOrgCode,
      createBy: renhe ? 'admin' : ['wangfang', 'liuyang', 'admin'][i % 3],
      createTime: at(i * 5),
      updateBy: null,
      updateTime: null,
    };
  });
}

const EQUIPMENT: Array<[string, string, string, string, number]> = [
  // name, model, category, manufacturer, price
  ['多排螺旋CT', 'uCT 760', '1', '联影医疗', 6800000],
  ['彩色多普勒超声诊断仪', 'Resona 7', '1', '迈瑞医疗', 1580000],
  ['数字化X射线摄影系统', 'DR-F3', '1', '万东医疗', 920000],
  ['全自动生化分析仪', 'BS-2000M', '2', '迈瑞医疗', 1350000],
  ['全自动血液细胞分析仪', 'BC-6800Plus', '2', '迈瑞医疗', 460000],
  ['糖化血红蛋白分析仪', 'HA-8190V', '2', '爱科来', 218000],
  ['多参数心电监护仪', 'BeneVision N17', '3', '迈瑞医疗', 86000],
  ['动态心电图记录仪', 'DMS300-4A', '3', '迪姆软件', 32000],
  ['动态血压监测仪', 'ABPM50', '3', '康泰医学', 18500],
  ['有创呼吸机', 'SV800', '4', '迈瑞医疗', 420000],
  ['血液透析机', 'Dialog+', '4', '贝朗医疗', 380000],
  ['输液泵', 'BeneFusion VP5', '4', '迈瑞医疗', 12800],
  ['除颤监护仪', 'BeneHeart D6', '4', '迈瑞医疗', 98000],
  ['胰岛素泵', 'MiniMed 780G', '4', '美敦力', 56000],
  ['医用制氧机', '9F-5AW', '4', '鱼跃医疗', 6800],
  ['护士站工作站', 'ThinkCentre M90t', '5', '联想', 7600],
  ['移动护理终端', 'PDA-M8', '5', '优博讯', 5200],
  ['医院信息系统服务器', 'PowerEdge R750', '5', '戴尔', 168000],
];
const EQUIPMENT_DEPARTS = [
  'A01A01A01',
  'A01A01A02',
  'A01A01A03',
  'A01A01A04',
  'A01A01A05',
  'A01A02A01',
  'A01A02A02',
  'A01A03A01',
];
const RESPONSIBLE: Record<string, string> = {
  A01A01A01: 'zhangwei',
  A01A01A02: 'chenjing',
  A01A01A04: 'lina',
  A01A03A01: 'liuyang',
};

export function equipmentRows() {
  return Array.from({ length: 30 }, (_, i) => {
    const [name, model, category, manufacturer, price] = EQUIPMENT[i % EQUIPMENT.length];
    const renhe = i >= 27;
    const orgCode = renhe ? ['A02A01', 'A02A02'][i % 2] : EQUIPMENT_DEPARTS[i % EQUIPMENT_DEPARTS.length];
    const year = 2019 + (i % 7);
    const purchaseDate = `${year}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`;
    return {
      id: stableId('erp_equipment', String(i + 1)),
      name,
      model,
      serialNo: `SB${year}${String(i + 1).padStart(4, '0')}`,
      // As the numbering rule ZC{yyyyMM}{seq:4} would have given them in the (past) purchase month.
      assetNo: `ZC${purchaseDate.slice(0, 7).replace('-', '')}${String(i + 1).padStart(4, '0')}`,
      category,
      department: stableId('depart', orgCode),
      status: i % 11 === 10 ? '4' : i % 7 === 3 ? '2' : i % 9 === 5 ? '3' : '1',
      purchaseDate,
      price: price + (i % 3) * 100,
      responsible: RESPONSIBLE[orgCode] ?? (renhe ? 'admin' : 'wangfang'),
      manufacturer,
      warrantyEnd: `${year + 3}${purchaseDate.slice(4)}`,
      remark: i % 6 === 0 ? '每季度预防性维护' : null,
      tenantId: tenantOf(orgCode),
      sysOrgCode: orgCode,
      createBy: renhe ? 'admin' : 'wangfang',
      createTime: at(200 + i * 3),
      updateBy: null,
      updateTime: null,
    };
  });
}

const TECHNICIANS: Array<[string, string, number]> = [
  // name, specialty, tenant
  ['周建国', '影像设备', 1],
  ['孙立新', '检验设备', 1],
  ['钱晓东', '生命支持设备', 1],
  ['郑海涛', '电气与供电', 1],
  ['何文静', '监护与输注设备', 1],
  ['冯志远', '综合维修', 2],
];

/** 维修人员: the targets of 维修单 ↔ 维修人员 (many-to-many through erp_repair_technician). */
export function technicianRows() {
  return TECHNICIANS.map(([name, specialty, tenantId], i) => ({
    id: stableId('erp_technician', String(i + 1)),
    name,
    specialty,
    tenantId,
    createBy: 'admin',
    createTime: at(100 + i),
    updateBy: null,
    updateTime: null,
  }));
}

const DEMO_ROWS: Record<string, () => Array<Record<string, unknown>>> = {
  erp_customer: customerRows,
  erp_equipment: equipmentRows,
  erp_technician: technicianRows,
};

/**
 * Demo rows for the entity tables created just now (a table made earlier already had its chance). Only
 * the columns the current definition has are written, so an edited demo entity still seeds.
 */
export async function seedEntityDemo(
  db: Kysely<Database>,
  entities: EntityDefinition[],
  created: string[],
): Promise<void> {
  for (const entity of entities) {
    if (!created.includes(entity.code) || !DEMO_ROWS[entity.code]) continue;
    const known = new Set([...entity.fields.map((f) => f.name), ...systemFields(entity).map((f) => f.name)]);
    const rows = DEMO_ROWS[entity.code]().map((r) =>
      Object.fromEntries(Object.entries(r).filter(([k]) => known.has(k))),
    );
    // Entity tables are not in the typed Database; the definition names the table and its columns.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await (db as unknown as Kysely<any>).insertInto(entity.code).values(rows).execute();
  }
}
