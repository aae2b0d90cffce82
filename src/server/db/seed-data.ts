/** Deterministic zh-CN demo data: a hospital group, its departments, staff and roles. */

export const DEMO_PASSWORD = 'Demo@2026';

export const TENANTS = [
  { id: 1, name: '华康医疗集团' },
  { id: 2, name: '仁和健康管理中心' },
];

/** [orgCode, name, orgCategory, tenantId]; parents are implied by the code (three characters a level). */
export const DEPARTS: Array<[string, string, string, number]> = [
  ['A01', '华康医疗集团', '1', 1],
  ['A01A01', '华康第一人民医院', '1', 1],
  ['A01A01A01', '心血管内科', '2', 1],
  ['A01A01A02', '内分泌科', '2', 1],
  ['A01A01A03', '呼吸内科', '2', 1],
  ['A01A01A04', '护理部', '2', 1],
  ['A01A01A05', '慢病管理中心', '2', 1],
  ['A01A02', '华康中心医院', '1', 1],
  ['A01A02A01', '神经内科', '2', 1],
  ['A01A02A02', '肾内科', '2', 1],
  ['A01A02A03', '药剂科', '2', 1],
  ['A01A03', '集团运营部', '1', 1],
  ['A01A03A01', '信息中心', '2', 1],
  ['A01A03A02', '采购与订单部', '2', 1],
  ['A02', '仁和健康管理中心', '1', 2],
  ['A02A01', '健康管理部', '2', 2],
  ['A02A02', '随访服务部', '2', 2],
];

/** [roleCode, roleName, workClass, description] */
export const ROLES: Array<[string, string, string | null, string]> = [
  ['admin', '系统管理员', '3', '拥有全部菜单与按钮权限'],
  ['doctor', '医生', '4', '临床医生，可查看本人患者与医生二维码'],
  ['nurse', '护士', null, '护理人员，按科室查看数据'],
  ['org_manager', '机构管理员', '2', '管理本机构的人员与部门'],
  ['platform_operator', '平台运营', '3', '平台运营人员，不受机构范围限制'],
];

/** [code, name, rank] */
export const POSITIONS: Array<[string, string, string]> = [
  ['dean', '院长', '1'],
  ['chief_physician', '主任医师', '1'],
  ['associate_chief', '副主任医师', '2'],
  ['attending', '主治医师', '3'],
  ['resident', '住院医师', '4'],
  ['head_nurse', '护士长', '3'],
  ['nurse', '护士', '4'],
  ['pharmacist', '药师', '3'],
  ['engineer', '信息工程师', '3'],
  ['buyer', '采购专员', '4'],
];

export interface DemoUser {
  username: string;
  realname: string;
  roles: string[];
  departs: string[];
  post: string;
  sex: 1 | 2;
}

/** The accounts printed at start-up, one per role. */
export const NAMED_USERS: DemoUser[] = [
  { username: 'admin', realname: '管理员', roles: ['admin'], departs: ['A01'], post: 'dean', sex: 1 },
  { username: 'zhangwei', realname: '张伟', roles: ['doctor'], departs: ['A01A01A01'], post: 'chief_physician', sex: 1 },
  { username: 'lina', realname: '李娜', roles: ['nurse'], departs: ['A01A01A04'], post: 'head_nurse', sex: 2 },
  { username: 'wangfang', realname: '王芳', roles: ['org_manager'], departs: ['A01A01'], post: 'dean', sex: 2 },
  { username: 'liuyang', realname: '刘洋', roles: ['platform_operator'], departs: ['A01A03A01'], post: 'engineer', sex: 1 },
  {
    username: 'chenjing',
    realname: '陈静',
    roles: ['doctor'],
    departs: ['A01A01A02', 'A01A01A05'],
    post: 'attending',
    sex: 2,
  },
];

const SURNAMES = '王李张刘陈杨黄赵吴周徐孙马朱胡郭何林罗高'.split('');
const PINYIN_SURNAMES = ['wang', 'li', 'zhang', 'liu', 'chen', 'yang', 'huang', 'zhao', 'wu', 'zhou', 'xu', 'sun', 'ma', 'zhu', 'hu', 'guo', 'he', 'lin', 'luo', 'gao'];
/**
 * Given names by recorded sex (1 male, 2 female), 25 each: generated staff alternate male and female
 * and each takes the next unused name of their sex, so every full name is unique and fits the person.
 */
export const GIVEN_NAMES: Record<1 | 2, readonly string[]> = {
  1: ['建国', '志强', '俊杰', '晓明', '浩然', '宇航', '思远', '国华', '立新', '文博', '子轩', '鹏飞', '振华', '海涛', '明辉', '永刚', '嘉诚', '志远', '博文', '德明', '建平', '俊峰', '家豪', '宏伟', '晨阳'],
  2: ['秀英', '海燕', '丽娟', '雪梅', '静怡', '欣怡', '梦琪', '春兰', '玉兰', '婉清', '雨萱', '诗涵', '佳怡', '慧敏', '晓燕', '丽华', '美玲', '淑芬', '思琪', '雅婷', '月华', '红梅', '桂芳', '若曦', '心怡'],
};
export const GENERATED_USER_COUNT = 50;

/** 50 more staff spread over the clinical and operations departments. */
export function generatedUsers(): DemoUser[] {
  const departs = DEPARTS.filter(([code]) => code.length === 9).map(([code]) => code);
  const users: DemoUser[] = [];
  for (let i = 0; i < GENERATED_USER_COUNT; i++) {
    const s = i % SURNAMES.length;
    const sex: 1 | 2 = i % 2 === 0 ? 1 : 2;
    const depart = departs[i % departs.length];
    const nursing = depart === 'A01A01A04' || depart === 'A02A02';
    const ops = depart.startsWith('A01A03');
    users.push({
      username: `${PINYIN_SURNAMES[s]}${String(i + 1).padStart(3, '0')}`,
      realname: SURNAMES[s] + GIVEN_NAMES[sex][Math.floor(i / 2)],
      roles: [nursing ? 'nurse' : ops ? 'org_manager' : 'doctor'],
      departs: [depart],
      post: nursing ? 'nurse' : ops ? (depart === 'A01A03A02' ? 'buyer' : 'engineer') : ['attending', 'resident', 'associate_chief'][i % 3],
      sex,
    });
  }
  return users;
}

/** [code, name, parentCode] */
export const CATEGORIES: Array<[string, string, string]> = [
  ['B01', '疾病分类', ''],
  ['B01A01', '慢性病', 'B01'],
  ['B01A01A01', '高血压', 'B01A01'],
  ['B01A01A02', '糖尿病', 'B01A01'],
  ['B01A01A03', '慢性阻塞性肺疾病', 'B01A01'],
  ['B01A02', '传染病', 'B01'],
  ['B01A02A01', '乙型肝炎', 'B01A02'],
  ['B02', '商品分类', ''],
  ['B02A01', '医疗器械', 'B02'],
  ['B02A02', '药品', 'B02'],
  ['B02A03', '耗材', 'B02'],
];

export const CHECK_RULES = [
  {
    code: 'common',
    name: '通用编码规则',
    json: [
      { digits: '2', pattern: '^[a-z]+$', message: '前两位必须是小写字母' },
      { digits: '*', pattern: '^.{4,10}$', message: '总长度必须为4-10位' },
    ],
  },
  {
    code: 'order_no',
    name: '订单编号规则',
    json: [
      { digits: '2', pattern: '^DD$', message: '订单编号必须以 DD 开头' },
      { digits: '8', pattern: '^\\d{8}$', message: '第3-10位必须是8位日期数字' },
    ],
  },
];
